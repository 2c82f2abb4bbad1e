#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict, hand-written RFC 8259 parser for one line of JSON Lines holding one object.
///
/// `parse(_:)` validates the whole line — UTF-8, structure, nesting (up to 512 levels), numbers,
/// literals, escapes and surrogate pairs — and records where each top-level field is; the
/// values are then read by name with `string(named:)`, `number(named:)`, `bool(named:)`,
/// `isNull(named:)` or, without any copying, `withString(_:_:)`. Nested arrays and objects are
/// validated and can be read as raw JSON text.
///
/// Made for speed: nothing is allocated per line once the parser has seen a few lines. A string
/// without escapes is read straight from the line; one with escapes is decoded into a scratch
/// buffer the parser keeps. Use one parser per thread and reuse it for every line.
///
/// ```swift
/// var parser = JSONLineParser()
/// try line.withUnsafeBufferPointer { bytes in
///     try parser.parse(bytes)
///     let text = try parser.requireField("text", of: .string)
///     parser.withString(text) { utf8 in … }
/// }
/// ```
///
/// The line's bytes are not copied: they must stay valid and unchanged until the fields have
/// been read (the next `parse` forgets them).
///
/// - Complexity: `parse` is O(n) in the line's length; reading a field is O(fields + its length).
struct JSONLineParser {
    /// The kind of a JSON value (the earlier name of `JSONValueKind`).
    typealias Kind = JSONValueKind
    /// A parse failure (the earlier name of `JSONLineError`).
    typealias Failure = JSONLineError

    /// A top-level field: where its key and value are in the line.
    struct Field: Sendable, Equatable {
        /// Byte range of the key, inside its quotes.
        var key: Range<Int>
        /// Whether the key holds escapes.
        var keyEscaped: Bool
        /// The kind of the value.
        var kind: JSONValueKind
        /// Byte range of the value: inside the quotes for a string, the whole text otherwise.
        var value: Range<Int>
        /// Whether a string value holds escapes.
        var valueEscaped: Bool
    }

    /// The top-level fields of the last line parsed, in order (duplicates included).
    private(set) var fields: [Field] = []
    private var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var scratch: [UInt8] = []

    /// A parser; reuse it for every line.
    init() {
        fields.reserveCapacity(16)
        scratch = [UInt8](repeating: 0, count: 1024)
    }

    /// Parses `line` (without its newline) as one JSON object.
    ///
    /// - Throws: `JSONLineError.invalidUTF8` or `.syntax` for the first problem found.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(JSONLineError) {
        self.line = line
        while !fields.isEmpty { fields.removeLast() }  // cheaper than removeAll(keepingCapacity:) for a few
        guard let base = line.baseAddress, line.count > 0 else { throw .emptyLine }
        do throws(JSONLineError) {
            try scanObject(base: base, count: line.count)
        } catch {
            // Strings are checked as they are scanned; invalid UTF-8 elsewhere shows up as a
            // syntax error. Bad UTF-8 anywhere is reported first, as its own error.
            if case .syntax = error, let bad = UTF8Validation.firstInvalidByte(in: line) {
                throw .invalidUTF8(byte: bad + 1)
            }
            throw error
        }
    }

    private mutating func scanObject(base: UnsafePointer<UInt8>, count: Int) throws(JSONLineError) {
        var scanner = JSONScanner(base: base, count: count)
        scanner.skipWhitespace()
        if scanner.current == nil { throw .emptyLine }
        guard scanner.current == 0x7B else {
            throw scanner.error("expected '{' (a JSON object), found \(scanner.describeCurrent())")
        }
        if try scanner.openObject(depth: 1) {
            repeat {
                let key = try scanner.scanKey()
                scanner.skipWhitespace()
                let start = scanner.i
                let (kind, escaped) = try scanner.scanValue(depth: 2)
                let value = kind == .string ? (start + 1)..<(scanner.i - 1) : start..<scanner.i
                fields.append(Field(key: key.range, keyEscaped: key.escaped, kind: kind, value: value, valueEscaped: escaped))
            } while try scanner.nextMember()
        }
        scanner.skipWhitespace()
        guard scanner.i == scanner.count else {
            throw scanner.error("unexpected \(scanner.describeCurrent()) after the object")
        }
    }

    // MARK: - Finding fields

    /// The field named `name`, or `nil`. With duplicate keys the last one wins (as in most JSON
    /// readers).
    func field(_ name: StaticString) -> Field? {
        field(matching: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The field named `name`, or `nil`. With duplicate keys the last one wins.
    func field(named name: String) -> Field? {
        var copy = name
        return copy.withUTF8 { field(matching: $0) }
    }

    private func field(matching name: UnsafeBufferPointer<UInt8>) -> Field? {
        var k = fields.count
        while k > 0 {
            k -= 1
            let field = fields[k]
            if field.keyEscaped {
                var decoded: [UInt8] = []
                JSONLineParser.decode(UnsafeBufferPointer(rebasing: line[field.key]), into: &decoded)
                if decoded.elementsEqual(name) { return field }
            } else if field.key.count == name.count
                && (name.count == 0 || memcmp(line.baseAddress! + field.key.lowerBound, name.baseAddress!, name.count) == 0)
            {
                return field
            }
        }
        return nil
    }

    /// The field named `name`, which must hold a value of `kind`.
    ///
    /// - Throws: `JSONLineError.missingField` or `.wrongType`.
    func requireField(_ name: StaticString, of kind: JSONValueKind) throws(JSONLineError) -> Field {
        guard let field = field(name) else { throw .missingField("\(name)") }
        guard field.kind == kind else { throw .wrongType(field: "\(name)", expected: kind, found: field.kind) }
        return field
    }

    /// The field named `name` if present, checked to hold `kind`.
    private func optionalField(_ name: String, of kind: JSONValueKind) throws(JSONLineError) -> Field? {
        guard let field = field(named: name) else { return nil }
        guard field.kind == kind else { throw .wrongType(field: name, expected: kind, found: field.kind) }
        return field
    }

    // MARK: - Reading values

    /// Calls `body` with the UTF-8 bytes of a string field, its escapes decoded (valid UTF-8).
    /// For any other kind of field, `body` gets the value's JSON text.
    ///
    /// - Complexity: O(1) without escapes (the line's own bytes), else O(length).
    mutating func withString<R, E: Error>(
        _ field: Field, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        let raw = UnsafeBufferPointer(rebasing: line[field.value])
        guard field.valueEscaped else { return try body(raw) }
        // Decoding never lengthens a string: the scratch only grows to the longest seen.
        if scratch.count < raw.count { scratch = [UInt8](repeating: 0, count: max(raw.count, 2 * scratch.count)) }
        return try scratch.withUnsafeMutableBufferPointer { (scratch) throws(E) -> R in
            let count = JSONLineParser.decode(raw, writingTo: scratch.baseAddress!)
            return try body(UnsafeBufferPointer(start: scratch.baseAddress!, count: count))
        }
    }

    /// Calls `body` with a field's value as it is in the line: a string's bytes inside its quotes,
    /// escapes kept (so it stays a valid JSON string between quotes), any other value's JSON text.
    func withRawValue<R, E: Error>(_ field: Field, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(rebasing: line[field.value]))
    }

    /// A field's value as a `String`: a string decoded, any other kind as its JSON text.
    mutating func string(_ field: Field) -> String {
        withString(field) { String(decoding: $0, as: UTF8.self) }
    }

    /// The string field `name`, or `nil` if it is missing.
    ///
    /// - Throws: `JSONLineError.wrongType` if the field is not a string.
    mutating func string(named name: String) throws(JSONLineError) -> String? {
        guard let field = try optionalField(name, of: .string) else { return nil }
        return string(field)
    }

    /// The number field `name` as a `Double` (correctly rounded), or `nil` if it is missing.
    ///
    /// - Throws: `JSONLineError.wrongType` if it is not a number, `.numberOutOfRange` if it
    ///   does not fit a `Double`.
    func number(named name: String) throws(JSONLineError) -> Double? {
        guard let field = try optionalField(name, of: .number) else { return nil }
        guard let value = number(field), value.isFinite else { throw .numberOutOfRange(field: name) }
        return value
    }

    /// A number field's value (`nil` for other kinds); infinite if it exceeds a `Double`.
    func number(_ field: Field) -> Double? {
        guard field.kind == .number else { return nil }
        let text = UnsafeBufferPointer(rebasing: line[field.value])
        // Integers of up to 15 digits are exact in a Double: no need to call the parser.
        if text.count <= 16 {
            var value: Int64 = 0
            var negative = false
            var plain = true
            for b in text {
                if b == 0x2D {
                    negative = true
                } else if b >= 0x30 && b <= 0x39 {
                    value = value &* 10 &+ Int64(b - 0x30)
                } else {
                    plain = false
                    break
                }
            }
            if plain && text.count - (negative ? 1 : 0) <= 15 { return negative ? -Double(value) : Double(value) }
        }
        // Short texts become small strings (no allocation).
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The boolean field `name`, or `nil` if it is missing.
    ///
    /// - Throws: `JSONLineError.wrongType` if it is not `true` or `false`.
    func bool(named name: String) throws(JSONLineError) -> Bool? {
        guard let field = try optionalField(name, of: .bool) else { return nil }
        return line[field.value.lowerBound] == 0x74
    }

    /// Whether the field `name` is present and `null`.
    func isNull(named name: String) -> Bool {
        field(named: name)?.kind == .null
    }

    /// The raw JSON text of the field `name` (any kind, e.g. a nested array), or `nil` if missing.
    func json(named name: String) -> String? {
        guard let field = field(named: name) else { return nil }
        let range = field.kind == .string ? (field.value.lowerBound - 1)..<(field.value.upperBound + 1) : field.value
        return String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }

    /// A field's key, decoded.
    func key(_ field: Field) -> String {
        guard field.keyEscaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: line[field.key]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        JSONLineParser.decode(UnsafeBufferPointer(rebasing: line[field.key]), into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    // MARK: - Escapes

    /// Decodes the inside of a string that `JSONScanner` accepted into `output` (replacing its
    /// contents) as UTF-8.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output = [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in
            count = raw.isEmpty ? 0 : decode(raw, writingTo: buffer.baseAddress!)
        }
    }

    /// Decodes the inside of a string that `JSONScanner` accepted (so every escape is complete
    /// and valid) as UTF-8 at `output`, which has room for `raw.count` bytes (decoding never
    /// lengthens a string).
    ///
    /// - Returns: the number of bytes written.
    /// - Complexity: O(n); runs between escapes are found eight bytes at a time and copied whole.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, writingTo output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = raw.baseAddress else { return 0 }
        let n = raw.count
        var j = 0
        var out = 0
        func quad(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<4 { value = value << 4 | (JSONScanner.hexValue(base[at + k]) ?? 0) }
            return value
        }
        while j < n {
            // Copy the run up to the next backslash in one go.
            var k = j
            while k + 8 <= n {
                let mask = JSONScanner.byteMask(0x5C, in: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self).littleEndian)
                if mask != 0 {
                    k += mask.trailingZeroBitCount >> 3
                    break
                }
                k += 8
            }
            while k < n && base[k] != 0x5C { k += 1 }
            if k > j {
                (output + out).update(from: base + j, count: k - j)
                out += k - j
            }
            j = k
            guard j < n else { break }
            let escape = base[j + 1]
            j += 2
            switch escape {
            case 0x62: output[out] = 0x08  // b
            case 0x66: output[out] = 0x0C  // f
            case 0x6E: output[out] = 0x0A  // n
            case 0x72: output[out] = 0x0D  // r
            case 0x74: output[out] = 0x09  // t
            case 0x75:  // u
                var value = quad(j)
                j += 4
                if value >= 0xD800 && value < 0xDC00 {
                    let low = quad(j + 2)
                    j += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                out += writeUTF8(value, to: output + out)
                continue
            default: output[out] = escape  // " \ /
            }
            out += 1
        }
        return out
    }

    /// Writes the UTF-8 form of scalar `value` (a valid scalar: the scanner rejected lone
    /// surrogates) at `output`; returns its length. Never longer than the `\u` escape it comes
    /// from (six bytes, or twelve for a surrogate pair).
    @inline(__always)
    private static func writeUTF8(_ value: UInt32, to output: UnsafeMutablePointer<UInt8>) -> Int {
        switch value {
        case 0..<0x80:
            output[0] = UInt8(value)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(0xC0 | value >> 6)
            output[1] = UInt8(0x80 | value & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(0xE0 | value >> 12)
            output[1] = UInt8(0x80 | value >> 6 & 0x3F)
            output[2] = UInt8(0x80 | value & 0x3F)
            return 3
        default:
            output[0] = UInt8(0xF0 | value >> 18)
            output[1] = UInt8(0x80 | value >> 12 & 0x3F)
            output[2] = UInt8(0x80 | value >> 6 & 0x3F)
            output[3] = UInt8(0x80 | value & 0x3F)
            return 4
        }
    }
}
