/// The RFC 8259 grammar over the bytes of one line, one token at a time: what `JSONLineParser`
/// is built on.
///
/// Strings are scanned eight bytes at a time (looking for `"`, `\`, control characters and
/// non-ASCII bytes, whose UTF-8 is checked as it is met: text beyond ASCII sixteen bytes at a
/// time while it is plain, else eight or six bytes at a time in runs of two- or three-byte
/// scalars), so a typical 150-byte record takes a
/// few dozen steps. Outside strings only ASCII is valid JSON, so a line that scans without error
/// is valid UTF-8; after a syntax error, the caller should check the whole line's UTF-8 (see
/// `JSONLineParser.parse`).
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted (the line's own object is level 1).
    static let maxDepth = 512

    let base: UnsafePointer<UInt8>
    let count: Int
    /// Offset of the next byte to read.
    var i = 0

    /// A scanner at the start of `count` bytes at `base`.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The byte at `i`, or `nil` at the end.
    @inline(__always)
    var current: UInt8? { i < count ? base[i] : nil }

    /// A syntax error at the current position.
    func error(_ message: String) -> JSONLineError { .syntax(message, column: i + 1) }

    /// "'x'", "'é' (U+00E9)", "control character U+0001" or "end of line", for messages.
    func describeCurrent() -> String {
        guard i < count else { return "end of line" }
        let b = base[i]
        if b < 0x20 || b == 0x7F { return "control character U+\(hex4(UInt32(b)))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        // Valid UTF-8 (checked before): decode the one scalar.
        var iterator = UnsafeBufferPointer(start: base + i, count: min(4, count - i)).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "'\(Character(scalar))' (U+\(hex4(scalar.value)))"
        }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Skips JSON white space (space, tab, LF, CR).
    @inline(__always)
    mutating func skipWhitespace() {
        while i < count {
            let b = base[i]
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
            i += 1
        }
    }

    /// Requires `byte` at the current position (after white space) and steps over it.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONLineError) {
        skipWhitespace()
        guard i < count && base[i] == byte else { throw error("expected \(what()), found \(describeCurrent())") }
        i += 1
    }

    // MARK: - Strings

    /// The high bit of each byte of a word of eight bytes (read little-endian) that is a `"`, a
    /// `\`, below 0x20 or non-ASCII — exactly for the lowest such byte, while bytes above it may
    /// be marked too (a borrow only propagates upwards). 0 if none is.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs
    }

    /// The high bit of each byte of a word of eight bytes (read little-endian) that equals
    /// `byte` — exactly for the lowest one, while bytes above it may be marked too. 0 if none is.
    @inline(__always)
    static func byteMask(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & (ones &* 0x80)
    }

    /// For the sixteen bytes at `bytes` (a scalar boundary inside a string, with two readable
    /// bytes before it): how many of them, from the first, are whole scalars of plain string
    /// text — ASCII from U+0020 but `"` and `\`, and valid two- and three-byte sequences —
    /// when all sixteen are (the last scalar may continue past them: 14, 15 or 16; an E0 or ED
    /// lead in the last lane is not checked against its second byte, which the next step
    /// checks); else 0, and the byte-at-a-time scan decides (control characters, quotes,
    /// escapes, four-byte sequences, invalid UTF-8).
    ///
    /// Each byte is checked as UTF-8 checks it: a continuation byte exactly where a lead byte one
    /// or two before asks for one.
    @inline(__always)
    static func plainLength(_ bytes: UnsafePointer<UInt8>) -> Int {
        // Every operand spelled as a vector, every reduction on the mask's two words: the
        // generic SIMD operators and `any`/`all` would go one lane at a time.
        typealias Bytes = SIMD16<UInt8>
        typealias Lanes = SIMDMask<SIMD16<Int8>>
        let raw = UnsafeRawPointer(bytes)
        let v0 = raw.loadUnaligned(as: Bytes.self)
        let v1 = raw.loadUnaligned(fromByteOffset: -1, as: Bytes.self)
        let v2 = raw.loadUnaligned(fromByteOffset: -2, as: Bytes.self)
        @inline(__always) func inRange(_ v: Bytes, _ from: UInt8, _ count: UInt8) -> Lanes {
            let offsets: Bytes = v &- Bytes(repeating: from)
            return offsets .< Bytes(repeating: count)
        }
        @inline(__always) func lead2(_ v: Bytes) -> Lanes { inRange(v, 0xC2, 0x1E) }
        @inline(__always) func lead3(_ v: Bytes) -> Lanes { inRange(v, 0xE0, 0x10) }
        let high: Bytes = v0 & Bytes(repeating: 0xC0)
        let continuation: Lanes = high .== Bytes(repeating: 0x80)
        let leads2 = lead2(v0)
        let leads3 = lead3(v0)
        let notQuote: Lanes = v0 .!= Bytes(repeating: 0x22)
        let notBackslash: Lanes = v0 .!= Bytes(repeating: 0x5C)
        let text = inRange(v0, 0x20, 0x60) .& notQuote .& notBackslash
        let expected = lead2(v1) .| lead3(v1) .| lead3(v2)
        // After E0 the second byte is A0–BF (no overlong form), after ED 80–9F (no surrogate).
        let afterE0: Lanes = v1 .== Bytes(repeating: 0xE0)
        let afterED: Lanes = v1 .== Bytes(repeating: 0xED)
        let overlong = afterE0 .& .!inRange(v0, 0xA0, 0x20)
        let surrogate = afterED .& .!inRange(v0, 0x80, 0x20)
        let wrong = unsafeBitCast(continuation .^ expected .| overlong .| surrogate, to: SIMD2<UInt64>.self)
        let known = unsafeBitCast(text .| continuation .| leads2 .| leads3, to: SIMD2<UInt64>.self)
        guard wrong[0] | wrong[1] == 0, known[0] & known[1] == .max else { return 0 }
        // The last lanes' bytes: whether a scalar starts there and goes on past the block.
        let lastLeads = unsafeBitCast(leads2 .| leads3, to: SIMD2<UInt64>.self)[1]
        if lastLeads >> 56 != 0 { return 15 }
        if unsafeBitCast(leads3, to: SIMD2<UInt64>.self)[1] >> 48 & 0xFF != 0 { return 14 }
        return 16
    }

    /// Scans a string whose opening quote is at `i`; afterwards `i` is past the closing quote.
    /// Checks the UTF-8 of what it passes over.
    ///
    /// - Returns: whether the string holds escapes (so its bytes must be decoded).
    mutating func scanString() throws(JSONLineError) -> Bool {
        i += 1
        var escaped = false
        while true {
            // Eight bytes at a time up to the first byte that needs a look (the lowest marked).
            while i + 8 <= count {
                let mask = JSONScanner.attentionMask(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian)
                if mask != 0 {
                    i += mask.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < count else { throw error("unterminated string") }
            let b = base[i]
            if b == 0x22 {  // "
                i += 1
                return escaped
            }
            if b == 0x5C {  // \
                escaped = true
                try scanEscape()
                continue
            }
            if b >= 0x80 {
                try scanBeyondASCII()
                continue
            }
            if b < 0x20 { throw error("\(describeCurrent()) in a string (write it as an escape)") }
            i += 1
        }
    }

    /// Steps over the text from the non-ASCII byte at `i` inside a string, checking its UTF-8,
    /// up to a byte the string loop must look at (a quote, a backslash, a control character) or
    /// a run of ASCII. Out of the string loop, which stays as short as ASCII text needs.
    @inline(never)
    private mutating func scanBeyondASCII() throws(JSONLineError) {
        // Text in a script beyond ASCII: sixteen bytes at a time while they are plain
        // text (`plainLength`: one- to three-byte scalars, spaces and punctuation) and
        // the first eight are not all ASCII (which the eight-byte loop takes faster).
        while i >= 2 && i + 16 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 == 0 { break }
            let plain = JSONScanner.plainLength(base + i)
            if plain == 0 { break }
            i += plain
        }
        // The whole run of non-ASCII scalars (text in most scripts but Latin), with the
        // single plain ASCII bytes between them (the spaces between words), before going
        // back to the eight-byte loop: eight bytes at a time while they are four two-byte
        // scalars, six while they are two three-byte ones, else one scalar.
        while i < count {
            if i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                if UTF8Validation.isFourTwoByteSequences(word) {
                    i += 8
                    continue
                }
                if UTF8Validation.areTwoThreeByteSequences(word) {
                    i += 6
                    continue
                }
            }
            let next = base[i]
            if next < 0x80 {
                guard next >= 0x20, next != 0x22, next != 0x5C, i + 1 < count, base[i + 1] >= 0x80 else { break }
                i += 1
                continue
            }
            guard let length = UTF8Validation.sequenceLength(base, at: i, count: count) else {
                throw .invalidUTF8(byte: i + 1)
            }
            i += length
        }
    }

    /// Scans an escape sequence starting at the backslash at `i`.
    private mutating func scanEscape() throws(JSONLineError) {
        i += 1
        guard i < count else { throw error("unterminated string") }
        switch base[i] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            i += 1
        case 0x75:  // u
            let start = i - 1
            i += 1
            let unit = try hexQuad()
            if unit >= 0xD800 && unit < 0xDC00 {
                guard i + 1 < count && base[i] == 0x5C && base[i + 1] == 0x75 else {
                    i = start
                    throw error("unpaired surrogate \\u\(hex4(unit)) (a high surrogate must be followed by a \\u low surrogate)")
                }
                i += 2
                let low = try hexQuad()
                guard low >= 0xDC00 && low < 0xE000 else {
                    i = start
                    throw error("unpaired surrogate \\u\(hex4(unit)) (followed by \\u\(hex4(low)), not a low surrogate)")
                }
            } else if unit >= 0xDC00 && unit < 0xE000 {
                i = start
                throw error("unpaired surrogate \\u\(hex4(unit)) (a low surrogate without a high one)")
            }
        default:
            let found = describeCurrent()
            i -= 1
            throw error("invalid escape: '\\' followed by \(found)")
        }
    }

    /// Four hex digits of a `\u` escape.
    private mutating func hexQuad() throws(JSONLineError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < count, let digit = JSONScanner.hexValue(base[i]) else {
                throw error("invalid \\u escape: expected 4 hex digits, found \(describeCurrent())")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    /// The value of a hex digit, or `nil`.
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }

    // MARK: - Values

    /// Scans any value starting at `i` (after white space), validating everything nested in it.
    ///
    /// - Parameter depth: the nesting level of this value (the line's object is 1).
    /// - Returns: its kind and, for a string, whether it holds escapes.
    mutating func scanValue(depth: Int) throws(JSONLineError) -> (kind: JSONValueKind, escaped: Bool) {
        skipWhitespace()
        guard i < count else { throw error("expected a value, found end of line") }
        switch base[i] {
        case 0x22:
            return (.string, try scanString())
        case 0x7B:  // {
            if try openObject(depth: depth) {
                repeat {
                    _ = try scanKey()
                    _ = try scanValue(depth: depth + 1)
                } while try nextMember()
            }
            return (.object, false)
        case 0x5B:  // [
            guard depth <= JSONScanner.maxDepth else { throw error("nesting deeper than \(JSONScanner.maxDepth) levels") }
            i += 1
            skipWhitespace()
            if current == 0x5D {
                i += 1
                return (.array, false)
            }
            while true {
                _ = try scanValue(depth: depth + 1)
                skipWhitespace()
                guard let b = current, b == 0x2C || b == 0x5D else {
                    throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
                }
                i += 1
                if b == 0x5D { return (.array, false) }
            }
        case 0x74:
            try literal("true")
            return (.bool, false)
        case 0x66:
            try literal("false")
            return (.bool, false)
        case 0x6E:
            try literal("null")
            return (.null, false)
        case 0x2D, 0x30...0x39:
            try scanNumber()
            return (.number, false)
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    /// Steps over the `{` at `i`.
    ///
    /// - Parameter depth: the nesting level of the object.
    /// - Returns: `true` if a member follows, `false` for `{}` (then `i` is past the `}`).
    mutating func openObject(depth: Int) throws(JSONLineError) -> Bool {
        guard depth <= JSONScanner.maxDepth else { throw error("nesting deeper than \(JSONScanner.maxDepth) levels") }
        i += 1
        skipWhitespace()
        if current == 0x7D {
            i += 1
            return false
        }
        return true
    }

    /// Scans a member's key and the `:` after it.
    ///
    /// - Returns: the key's byte range (inside the quotes) and whether it holds escapes.
    mutating func scanKey() throws(JSONLineError) -> (range: Range<Int>, escaped: Bool) {
        skipWhitespace()
        guard current == 0x22 else { throw error("expected a string key, found \(describeCurrent())") }
        let start = i + 1
        let escaped = try scanString()
        let range = start..<(i - 1)
        try expect(0x3A, "':' after key")
        return (range, escaped)
    }

    /// After a member's value: steps over `,` (returns `true`: another member follows) or `}`
    /// (returns `false`: the object ended).
    mutating func nextMember() throws(JSONLineError) -> Bool {
        skipWhitespace()
        guard let b = current, b == 0x2C || b == 0x7D else {
            throw error("expected ',' or '}' after a value, found \(describeCurrent())")
        }
        i += 1
        return b == 0x2C
    }

    private mutating func literal(_ word: StaticString) throws(JSONLineError) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n where i + k >= count || base[i + k] != w[k] {
            i += k
            throw error("invalid literal: expected '\(word)', found \(describeCurrent())")
        }
        i += n
    }

    /// Scans `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONLineError) {
        if base[i] == 0x2D { i += 1 }
        guard let first = current, first >= 0x30 && first <= 0x39 else {
            throw error("invalid number: expected a digit, found \(describeCurrent())")
        }
        i += 1
        if first == 0x30 {
            if let next = current, next >= 0x30 && next <= 0x39 {
                throw error("invalid number: no leading zeros allowed")
            }
        } else {
            skipDigits()
        }
        if current == 0x2E {  // .
            i += 1
            guard let d = current, d >= 0x30 && d <= 0x39 else {
                throw error("invalid number: expected a digit after '.', found \(describeCurrent())")
            }
            skipDigits()
        }
        if let e = current, e == 0x65 || e == 0x45 {  // e E
            i += 1
            if let sign = current, sign == 0x2B || sign == 0x2D { i += 1 }
            guard let d = current, d >= 0x30 && d <= 0x39 else {
                throw error("invalid number: expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits()
        }
    }

    @inline(__always)
    private mutating func skipDigits() {
        while i < count && base[i] >= 0x30 && base[i] <= 0x39 { i += 1 }
    }
}
