#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Pango 1.50's parsers for markup attribute values (`pango-markup.c`, `fonts.c`,
/// `pango-utils.c`), reproduced down to the C library calls they make (`strtol`, `strtod`), so
/// that RowHeight accepts and refuses the same values as `pango_parse_markup`.
enum MarkupValue {
    /// `_pango_scan_int` over the whole value (`span_parse_int`): `strtol` base 10 (leading
    /// white space and a sign allowed), the rest empty, the result in `Int32`. An empty value is 0.
    static func integer(_ value: String) -> Int? {
        guard let (number, rest) = scanInteger(value), rest.isEmpty else { return nil }
        return number
    }

    /// `parse_int` (`pango-utils.c`, `fonts.c`): as `integer` but at least one digit and not
    /// negative.
    static func nonNegativeInteger(_ value: String) -> Int? {
        guard let (number, rest) = scanInteger(value), rest.isEmpty, !value.isEmpty, number >= 0 else { return nil }
        return number
    }

    /// `parse_length`: an integer (Pango units), or a number followed by `pt` (points × 1024,
    /// truncated). Nil when Pango refuses it or the result is not an `Int32`.
    static func length(_ value: String) -> Int? {
        if let number = integer(value) { return number }
        guard let (number, rest) = scanDouble(value), rest == "pt" else { return nil }
        let units = number * 1024
        guard units.isFinite, units > Double(Int32.min) - 1, units < Double(Int32.max) + 1 else { return nil }
        return Int(units)
    }

    /// `parse_percentage`: a number greater than 0 followed by `%` exactly.
    static func percentage(_ value: String) -> Double? {
        guard let (number, rest) = scanDouble(value), rest == "%", number > 0 else { return nil }
        return number
    }

    /// `span_parse_float`: `g_ascii_strtod` on the value, refused only on overflow (anything
    /// after the number is ignored; no number at all is 0).
    static func float(_ value: String) -> Double? {
        value.withCString { start -> Double? in
            errno = 0
            let number = strtod(start, nil)
            return errno == 0 ? number : nil
        }
    }

    /// `span_parse_boolean`.
    static func boolean(_ value: String) -> Bool? {
        switch value {
        case "true", "yes", "t", "y": true
        case "false", "no", "f", "n": false
        default: nil
        }
    }

    /// `_pango_parse_enum`: one of `nicks` (exact, case-sensitive) as its index, or a
    /// non-negative integer.
    static func enumeration(_ value: String, nicks: [String]) -> Int? {
        if let index = nicks.firstIndex(of: value) { return index }
        return nonNegativeInteger(value)
    }

    /// `pango_parse_flags` for `PangoShowFlags` (none 0, spaces 1, line-breaks 2, ignorables 4):
    /// a nick, a non-negative integer, or nicks joined by `|`.
    static func showFlags(_ value: String) -> Int? {
        let flags = ["none": 0, "spaces": 1, "line-breaks": 2, "ignorables": 4]
        if let flag = flags[value] { return flag }
        if let number = nonNegativeInteger(value) { return number }
        var result = 0
        for part in value.split(separator: "|", omittingEmptySubsequences: false) {
            guard let flag = flags[stripped(part)] else { return nil }
            result |= flag
        }
        return result
    }

    /// `pango_parse_style`: 0 normal, 1 oblique, 2 italic (or any non-negative integer).
    static func style(_ value: String) -> Int? {
        field(value, names: styleNames, normal: 0)
    }

    /// `pango_parse_weight`: a weight name (`bold`, `ultralight`, `semi-bold`…) or a
    /// non-negative integer.
    static func weight(_ value: String) -> Int? {
        field(value, names: weightNames, normal: 400)
    }

    /// `pango_parse_variant`: 0 normal, others small caps and the like.
    static func variant(_ value: String) -> Int? {
        field(value, names: variantNames, normal: 0)
    }

    /// `pango_parse_stretch`: 4 normal.
    static func stretch(_ value: String) -> Int? {
        field(value, names: stretchNames, normal: 4)
    }

    /// `pango_color_parse_with_alpha`, in part: `#` and 3, 4, 6, 8, 9, 12 or 16 hex digits, or
    /// a colour name. Names are not checked against Pango's X11 table: any run of ASCII letters,
    /// digits and spaces passes.
    static func isColor(_ value: String) -> Bool {
        let utf8 = Array(value.utf8)
        if utf8.first == UInt8(ascii: "#") {
            let digits = utf8.dropFirst()
            return [3, 4, 6, 8, 9, 12, 16].contains(digits.count)
                && digits.allSatisfy { UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || isHexLetter($0) }
        }
        return !utf8.isEmpty
            && utf8.allSatisfy { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: " ") }
            && utf8.contains { isASCIIAlphanumeric($0) }
    }

    /// `span_parse_alpha`: 1–65535, or 1–100 followed by `%`.
    static func isAlpha(_ value: String) -> Bool {
        guard let (number, rest) = scanInteger(value) else { return false }
        if rest.isEmpty { return number > 0 && number <= 0xffff }
        return rest.hasPrefix("%") && number > 0 && number <= 100
    }

    // MARK: - Pango's tables and helpers

    /// `style_map`, `variant_map` and `stretch_map` of `fonts.c` (their "normal" entries apart).
    static let styleNames: [(String, Int)] = [("Roman", 0), ("Oblique", 1), ("Italic", 2)]
    static let variantNames: [(String, Int)] = [
        ("Small-Caps", 1), ("All-Small-Caps", 2), ("Petite-Caps", 3), ("All-Petite-Caps", 4), ("Unicase", 5),
        ("Title-Caps", 6),
    ]
    static let stretchNames: [(String, Int)] = [
        ("Ultra-Condensed", 0), ("Extra-Condensed", 1), ("Condensed", 2), ("Semi-Condensed", 3), ("Semi-Expanded", 5),
        ("Expanded", 6), ("Extra-Expanded", 7), ("Ultra-Expanded", 8),
    ]

    /// `weight_map` of `fonts.c`.
    static let weightNames: [(String, Int)] = [
        ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300), ("Semi-Light", 350),
        ("Demi-Light", 350), ("Book", 380), ("Regular", 400), ("Medium", 500), ("Semi-Bold", 600),
        ("Demi-Bold", 600), ("Bold", 700), ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900),
        ("Black", 900), ("Ultra-Heavy", 1000), ("Extra-Heavy", 1000), ("Ultra-Black", 1000),
        ("Extra-Black", 1000),
    ]

    /// `parse_field`: "normal" (any case), a name of `names` (`field_matches`), or a
    /// non-negative integer.
    private static func field(_ value: String, names: [(String, Int)], normal: Int) -> Int? {
        if value.isEmpty { return nil }
        if fieldMatches("Normal", value) { return normal }
        if let (_, number) = names.first(where: { fieldMatches($0.0, value) }) { return number }
        return nonNegativeInteger(value)
    }

    /// `field_matches`: `value` equals `name` ignoring ASCII case, where `name`'s hyphens may be
    /// left out.
    static func fieldMatches(_ name: String, _ value: String) -> Bool {
        let a = Array(name.utf8), b = Array(value.utf8)
        var i = 0, j = 0
        while j < b.count, i < a.count {
            let c1 = lowercased(a[i]), c2 = lowercased(b[j])
            if c1 != c2 {
                if c1 == UInt8(ascii: "-") {
                    i += 1
                    continue
                }
                return false
            }
            i += 1
            j += 1
        }
        return j == b.count && i == a.count
    }

    /// `strtol(value, &end, 10)` with Pango's range check: the number and what follows it, or
    /// nil on overflow. No digits: 0 and the whole value (as `strtol` leaves `end`).
    private static func scanInteger(_ value: String) -> (Int, Substring)? {
        value.withCString { start -> (Int, Substring)? in
            var end: UnsafeMutablePointer<CChar>? = nil
            errno = 0
            let number = strtol(start, &end, 10)
            guard errno != ERANGE, let end, number >= Int(Int32.min), number <= Int(Int32.max) else { return nil }
            let consumed = start.distance(to: end)
            return (number, rest(of: value, after: consumed))
        }
    }

    /// `g_ascii_strtod(value, &end)` (the C locale's `strtod`): the number and what follows it,
    /// or nil when no number starts the value or it overflows.
    static func scanDouble(_ value: String) -> (Double, Substring)? {
        value.withCString { start -> (Double, Substring)? in
            var end: UnsafeMutablePointer<CChar>? = nil
            errno = 0
            let number = strtod(start, &end)
            guard errno == 0, let end, end != start else { return nil }
            return (number, rest(of: value, after: start.distance(to: end)))
        }
    }

    private static func rest(of value: String, after utf8Count: Int) -> Substring {
        let utf8 = value.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: utf8Count)
        return value[index...]
    }

    /// `g_strstrip`: without leading and trailing ASCII white space.
    private static func stripped(_ part: Substring) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D) ~= $0 }
        let bytes = Array(part.utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    private static func lowercased(_ c: UInt8) -> UInt8 {
        UInt8(ascii: "A")...UInt8(ascii: "Z") ~= c ? c + 32 : c
    }

    private static func isHexLetter(_ c: UInt8) -> Bool {
        UInt8(ascii: "a")...UInt8(ascii: "f") ~= lowercased(c)
    }

    private static func isASCIIAlphanumeric(_ c: UInt8) -> Bool {
        UInt8(ascii: "0")...UInt8(ascii: "9") ~= c || UInt8(ascii: "a")...UInt8(ascii: "z") ~= lowercased(c)
    }
}
