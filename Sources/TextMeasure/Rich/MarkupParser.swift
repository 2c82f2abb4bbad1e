/// Pango markup's syntax as Pango 1.50 reads it (GLib's `GMarkup` under `pango_parse_markup`,
/// which wraps the text in `<markup>…</markup>`): text, tags, `&` entities and character
/// references; comments, `<![CDATA[…]]>` sections, processing instructions and `<!DOCTYPE …>`
/// are skipped, as Pango ignores them. What each tag means is `MarkupParser+Tags.swift`.
///
/// One pass over the UTF-8 bytes (a relative size also takes a step per open size level);
/// nothing recurses, so no input can overflow the stack or loop.
struct MarkupParser {
    /// An open tag: its name, where it started, the state inside it and whether the font size
    /// it makes is one RowHeight can measure (checked when text gets it).
    struct OpenTag {
        let name: String
        let offset: Int
        let state: MarkupFontState
        let attributes: TextAttributes
        let hasMeasurableSize: Bool
    }

    let bytes: [UInt8]
    var position = 0
    private var text: [UInt8] = []
    private var runs: [AttributedText.Run] = []
    var stack: [OpenTag]

    init(_ markup: String) {
        bytes = Array(markup.utf8)
        stack = [
            OpenTag(name: "markup", offset: 0, state: MarkupFontState(), attributes: .inherited, hasMeasurableSize: true)
        ]
    }

    /// Parses the whole markup.
    mutating func parse() throws(MarkupError) -> AttributedText {
        text.reserveCapacity(bytes.count)
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                try markupConstruct()
            } else {
                try textUntilTag()
            }
        }
        if stack.count > 1 { throw MarkupError(.unclosedTag(stack[stack.count - 1].name), at: bytes.count) }
        return AttributedText(String(decoding: text, as: UTF8.self), normalizing: runs)
    }

    // MARK: - Text

    /// Text up to the next `<`.
    private mutating func textUntilTag() throws(MarkupError) {
        let start = text.count
        var output: [UInt8] = []
        swap(&output, &text)  // appended in place: `character` cannot take a stored property inout
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            try character(into: &output, inAttribute: false)
        }
        swap(&output, &text)
        try appendRun(from: start)
    }

    /// The character at `position`, appended to `output` as GMarkup reads it: an entity or
    /// character reference replaced; CR and CR LF read as LF in text, and CR, CR LF, LF and tab
    /// as a space in an attribute value; NUL refused.
    private mutating func character(into output: inout [UInt8], inAttribute: Bool) throws(MarkupError) {
        switch bytes[position] {
        case UInt8(ascii: "&"):
            Self.append(try entity(), to: &output)
        case UInt8(ascii: "\r"):
            output.append(inAttribute ? UInt8(ascii: " ") : UInt8(ascii: "\n"))
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
            output.append(inAttribute ? UInt8(ascii: " ") : bytes[position])
            position += 1
        case 0:
            throw MarkupError(.malformed("a NUL character"), at: position)
        default:
            output.append(bytes[position])
            position += 1
        }
    }

    /// Gives the text from UTF-8 offset `start` to the end the innermost tag's attributes.
    ///
    /// - Throws: `unsupported` when they make a font size of 0 or one that is not finite
    ///   (thousands of nested `<big>`, `size="inf%"`): Pango takes them, nothing can measure them.
    private mutating func appendRun(from start: Int) throws(MarkupError) {
        guard text.count > start else { return }
        let tag = stack[stack.count - 1]
        guard tag.hasMeasurableSize else {
            throw MarkupError(.unsupported("<\(tag.name)> makes a font size of 0 or out of range"), at: tag.offset)
        }
        let attributes = tag.attributes
        if let last = runs.last, last.attributes == attributes, last.utf8Range.upperBound == start {
            runs[runs.count - 1].utf8Range = last.utf8Range.lowerBound..<text.count
        } else {
            runs.append(AttributedText.Run(utf8Range: start..<text.count, attributes: attributes))
        }
    }

    /// An entity or character reference at `position` (on its `&`): the character it stands for.
    private mutating func entity() throws(MarkupError) -> Unicode.Scalar {
        let start = position
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
            position += 1
            return try characterReference(startingAt: start)
        }
        for (name, byte) in Self.entities where hasPrefix(name, at: position) {
            position += name.utf8.count
            return Unicode.Scalar(byte)
        }
        var end = position
        while end < bytes.count, Self.isASCIIAlphanumeric(bytes[end]) { end += 1 }
        let name = String(decoding: bytes[position..<end], as: UTF8.self)
        if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
            throw MarkupError(.invalidEntity(name.isEmpty ? "empty entity '&;'" : "unknown entity '&\(name);'"), at: start)
        }
        throw MarkupError(.invalidEntity("'&' does not start an entity ending with ';'"), at: start)
    }

    /// `&#N;` or `&#xN;` after the `#`: GLib reads the number with `strtoul` (white space and a
    /// sign may lead) and takes 1–0xD7FF, 0xE000–0xFFFD and 0x10000–0x10FFFF.
    private mutating func characterReference(startingAt start: Int) throws(MarkupError) -> Unicode.Scalar {
        var radix = 10
        if position < bytes.count, bytes[position] == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == 0x20 || (0x09...0x0D) ~= bytes[cursor] { cursor += 1 }
        var negative = false
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            negative = bytes[cursor] == UInt8(ascii: "-")
            cursor += 1
        }
        if radix == 16, cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "0"),
            bytes[cursor + 1] | 0x20 == UInt8(ascii: "x"), cursor + 2 < bytes.count,
            Self.digit(bytes[cursor + 2], radix: 16) != nil
        {
            cursor += 2  // strtoul takes a 0x prefix in base 16
        }
        let digitsStart = cursor
        var value: UInt64 = 0
        var overflow = false
        while cursor < bytes.count, let digit = Self.digit(bytes[cursor], radix: radix) {
            let (product, o1) = value.multipliedReportingOverflow(by: UInt64(radix))
            let (sum, o2) = product.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            value = sum
            cursor += 1
        }
        guard cursor > digitsStart, !overflow else {
            throw MarkupError(.invalidEntity("'&#' is not followed by a number"), at: start)
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
            throw MarkupError(.invalidEntity("character reference does not end with ';'"), at: start)
        }
        position = cursor + 1
        let permitted =
            !negative && value != 0
            && (value <= 0xD7FF || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value))
        guard permitted, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: value)) else {
            throw MarkupError(.invalidEntity("character reference to a character markup does not permit"), at: start)
        }
        return scalar
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }

    // MARK: - Tags

    /// `<…` at `position`: a tag, a closing tag, or a construct Pango skips.
    private mutating func markupConstruct() throws(MarkupError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw MarkupError(.malformed("the markup ends after '<'"), at: start) }
        switch bytes[position] {
        case UInt8(ascii: "/"):
            position += 1
            try closingTag(startingAt: start)
        case UInt8(ascii: "?"):
            try skip(past: "?>", what: "processing instruction", startingAt: start)
        case UInt8(ascii: "!"):
            if hasPrefix("!--", at: position) {
                position += 3
                try skip(past: "-->", what: "comment", startingAt: start)
            } else if hasPrefix("![CDATA[", at: position) {
                try skip(past: "]]>", what: "CDATA section", startingAt: start)
            } else if hasPrefix("!DOCTYPE", at: position) {
                try skipDoctype(startingAt: start)
            } else {
                throw MarkupError(.malformed("'<!' starts no comment, CDATA section or DOCTYPE"), at: start)
            }
        default:
            try openingTag(startingAt: start)
        }
    }

    private mutating func openingTag(startingAt start: Int) throws(MarkupError) {
        let name = try name(after: "<")
        var attributes: [(name: String, value: String, offset: Int)] = []
        while true {
            skipSpace()
            guard position < bytes.count else {
                throw MarkupError(.malformed("the markup ends inside the tag <\(name)>"), at: start)
            }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                try open(name, attributes: attributes, at: start)
                return
            case UInt8(ascii: "/"):
                position += 1
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw MarkupError(.malformed("'/' in <\(name)> is not followed by '>'"), at: position - 1)
                }
                position += 1
                try open(name, attributes: attributes, at: start)
                stack.removeLast()
                return
            default:
                attributes.append(try attribute(of: name))
            }
        }
    }

    /// `name="value"` or `name='value'` at `position`, the value read by `character`.
    private mutating func attribute(of tag: String) throws(MarkupError) -> (name: String, value: String, offset: Int) {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard position > start else {
            throw MarkupError(.malformed("unexpected '\(Character(Unicode.Scalar(bytes[position])))' in <\(tag)>"), at: position)
        }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            throw MarkupError(.malformed("attribute '\(name)' of <\(tag)> has no '=' and value"), at: start)
        }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw MarkupError(.malformed("the value of '\(name)' in <\(tag)> is not in quotes"), at: start)
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw MarkupError(.malformed("the value of '\(name)' in <\(tag)> has no closing quote"), at: start)
            }
            if bytes[position] == quote {
                position += 1
                return (name, String(decoding: value, as: UTF8.self), start)
            }
            try character(into: &value, inAttribute: true)
        }
    }

    private mutating func closingTag(startingAt start: Int) throws(MarkupError) {
        let name = try name(after: "</")
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw MarkupError(.malformed("the closing tag </\(name)> does not end with '>'"), at: start)
        }
        position += 1
        guard stack.count > 1 else { throw MarkupError(.mismatchedClosingTag(found: name, open: nil), at: start) }
        let open = stack[stack.count - 1].name
        guard open == name else { throw MarkupError(.mismatchedClosingTag(found: name, open: open), at: start) }
        stack.removeLast()
    }

    /// An element name at `position`: a letter, `_`, `:` or non-ASCII byte first, then up to
    /// white space, `=`, `/` or `>` (GMarkup's name rules; the tag table refuses the rest).
    private mutating func name(after opener: String) throws(MarkupError) -> String {
        let start = position
        guard position < bytes.count else {
            throw MarkupError(.malformed("the markup ends after '\(opener)'"), at: start - opener.utf8.count)
        }
        let first = bytes[position]
        guard first >= 0x80 || Self.isASCIILetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
            throw MarkupError(
                .malformed("'\(opener)' is not followed by a tag name (write '<' as &lt;)"), at: start - opener.utf8.count)
        }
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skip(past terminator: String, what: String, startingAt start: Int) throws(MarkupError) {
        while position < bytes.count {
            if hasPrefix(terminator, at: position) {
                position += terminator.utf8.count
                return
            }
            position += 1
        }
        throw MarkupError(.malformed("the \(what) is never closed"), at: start)
    }

    /// `<!DOCTYPE …>`, with `<` `>` pairs inside (an internal subset) balanced.
    private mutating func skipDoctype(startingAt start: Int) throws(MarkupError) {
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"):
                if depth == 0 {
                    position += 1
                    return
                }
                depth -= 1
            default: break
            }
            position += 1
        }
        throw MarkupError(.malformed("the DOCTYPE is never closed"), at: start)
    }

    // MARK: - Bytes

    private static let entities: [(String, UInt8)] = [
        ("amp;", UInt8(ascii: "&")), ("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")),
        ("quot;", UInt8(ascii: "\"")), ("apos;", UInt8(ascii: "'")),
    ]

    private func hasPrefix(_ prefix: String, at offset: Int) -> Bool {
        var index = offset
        for byte in prefix.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isXMLSpace(bytes[position]) { position += 1 }
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isXMLSpace(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func digit(_ byte: UInt8, radix: Int) -> Int? {
        let value: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
