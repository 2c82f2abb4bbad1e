/// A `<span font="…">` (`font_desc`) value read as Pango 1.50's
/// `pango_font_description_from_string` reads it: `[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]
/// [VARIATIONS]`, e.g. `Sans Bold Italic 12`, `DejaVu Serif, 10.5px`.
///
/// A description sets weight, style, variant and stretch always (to normal unless its words say
/// otherwise), the family list and size only when it has them.
struct MarkupFontDescription: Sendable, Equatable {
    /// The family list as Pango keeps it (names trimmed, joined by commas), if any.
    var family: String?
    /// Pango weight, style (0 normal, 1 oblique, 2 italic), variant (0 normal), stretch (4
    /// normal) and gravity (0 south).
    var weight = 400
    var style = 0
    var variant = 0
    var stretch = 4
    var gravity = 0
    /// The size in Pango units (1/1024 pt; `px` sizes are the same at 72 dpi), if any.
    var sizeUnits: Int?
    /// Whether it ends with font variations (`@wght=700`).
    var hasVariations = false

    init(_ string: String) {
        let bytes = Array(string.utf8)
        var last = bytes.count
        var word = Self.word(bytes, before: last, stop: [])
        if !word.isEmpty, bytes[word.lowerBound] == UInt8(ascii: "@") {
            hasVariations = true
            last = word.lowerBound
        }
        word = Self.word(bytes, before: last, stop: [UInt8(ascii: ",")])
        if !word.isEmpty, let units = Self.size(bytes[word]) {
            sizeUnits = units
            last = word.lowerBound
        }
        word = Self.word(bytes, before: last, stop: [UInt8(ascii: ",")])
        while !word.isEmpty, applyStyleWord(String(decoding: bytes[word], as: UTF8.self)) {
            last = word.lowerBound
            word = Self.word(bytes, before: last, stop: [UInt8(ascii: ",")])
        }
        var start = 0
        while last > start, Self.isSpace(bytes[last - 1]) { last -= 1 }
        if last > start, bytes[last - 1] == UInt8(ascii: ",") { last -= 1 }
        while last > start, Self.isSpace(bytes[last - 1]) { last -= 1 }
        while last > start, Self.isSpace(bytes[start]) { start += 1 }
        if start < last {
            family = bytes[start..<last].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .map { name in
                    var a = name.startIndex, b = name.endIndex
                    while a < b, Self.isSpace(name[a]) { a += 1 }
                    while b > a, Self.isSpace(name[b - 1]) { b -= 1 }
                    return String(decoding: name[a..<b], as: UTF8.self)
                }.joined(separator: ",")
        }
    }

    /// `find_field_any`: a weight, style, stretch, variant or gravity word (or `NAME=VALUE`),
    /// applied; false for any other word.
    private mutating func applyStyleWord(_ word: String) -> Bool {
        if MarkupValue.fieldMatches("Normal", word) { return true }
        if let value = Self.field(word, prefix: "weight", names: MarkupValue.weightNames) {
            weight = value
        } else if let value = Self.field(word, prefix: "style", names: MarkupValue.styleNames) {
            style = value
        } else if let value = Self.field(word, prefix: "stretch", names: MarkupValue.stretchNames) {
            stretch = value
        } else if let value = Self.field(word, prefix: "variant", names: MarkupValue.variantNames) {
            variant = value
        } else if let value = Self.field(word, prefix: "gravity", names: Self.gravityNames) {
            gravity = value
        } else {
            return false
        }
        return true
    }

    /// `gravity_map` of `fonts.c`.
    static let gravityNames: [(String, Int)] = [
        ("Not-Rotated", 0), ("South", 0), ("Upside-Down", 2), ("North", 2), ("Rotated-Left", 1), ("East", 1),
        ("Rotated-Right", 3), ("West", 3),
    ]

    /// `find_field` with a prefix: a name of `names`, or `prefix=` then a name or a
    /// non-negative integer.
    private static func field(_ word: String, prefix: String, names: [(String, Int)]) -> Int? {
        var text = Substring(word)
        var hadPrefix = false
        if word.utf8.count > prefix.utf8.count + 1, word.hasPrefix(prefix + "=") {
            text = word.dropFirst(prefix.count + 1)
            hadPrefix = true
        }
        if let (_, value) = names.first(where: { MarkupValue.fieldMatches($0.0, String(text)) }) { return value }
        return hadPrefix ? MarkupValue.nonNegativeInteger(String(text)) : nil
    }

    /// `parse_size`: a number from 0 to 1,000,000, optionally followed by `px`, in Pango units
    /// rounded as Pango rounds them.
    private static func size(_ word: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: word, as: UTF8.self)
        guard let (number, rest) = MarkupValue.scanDouble(text), rest.isEmpty || rest == "px",
            number >= 0, number <= 1_000_000
        else { return nil }
        return Int(number * 1024 + 0.5)
    }

    /// `getword`: the word ending at `last` (after skipping white space back), stopping at
    /// white space or a byte of `stop`.
    private static func word(_ bytes: [UInt8], before last: Int, stop: [UInt8]) -> Range<Int> {
        var end = last
        while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
        var start = end
        while start > 0, !isSpace(bytes[start - 1]), !stop.contains(bytes[start - 1]) { start -= 1 }
        return start..<end
    }

    /// `g_ascii_isspace`.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
