import Foundation

/// A strict, allocation-free RFC 8259 parser for one line holding one JSON object.
///
/// `parse` validates the whole line (structure, numbers, literals, escapes, surrogate pairs,
/// UTF-8) and records the top-level fields, whose values are then read with `string(_:)` and
/// friends. String values without escapes are returned as slices of the line; escaped ones are
/// decoded into a reusable scratch buffer. One parser per thread; reuse it for every line.
struct JSONLineParser {
    /// The kind of a JSON value.
    enum Kind: UInt8 { case string, number, bool, null, object, array }

    struct Field {
        var keyStart: Int, keyEnd: Int, keyEscaped: Bool
        var kind: Kind
        var valueStart: Int, valueEnd: Int, valueEscaped: Bool
    }

    /// A parse failure with the 1-based column (byte) where it was found.
    struct Failure: Error {
        var message: String
        var column: Int
    }

    private(set) var fields: [Field] = []
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var i = 0
    private var scratch: [UInt8] = []

    init() {
        fields.reserveCapacity(16)
        scratch.reserveCapacity(1024)
    }

    /// Parses `line` (without its newline). The buffer must stay valid while fields are read.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) {
        bytes = line
        i = 0
        fields.removeAll(keepingCapacity: true)
        try validateUTF8()
        skipWhitespace()
        guard i < bytes.count else { throw fail("empty line: expected a JSON object") }
        guard bytes[i] == UInt8(ascii: "{") else { throw fail("expected a JSON object, found \(describe())") }
        i += 1
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                    throw fail("expected a string key, found \(describe())")
                }
                let keyStart = i + 1
                let keyEscaped = try skipString()
                let keyEnd = i - 1
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                skipWhitespace()
                let valueStart = i
                let (kind, escaped) = try skipValue(depth: 1)
                var valueRange = (valueStart, i)
                if kind == .string { valueRange = (valueStart + 1, i - 1) }
                fields.append(Field(keyStart: keyStart, keyEnd: keyEnd, keyEscaped: keyEscaped, kind: kind,
                                    valueStart: valueRange.0, valueEnd: valueRange.1, valueEscaped: escaped))
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated object: expected ',' or '}'") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw fail("expected ',' or '}', found \(describe())")
            }
        }
        skipWhitespace()
        guard i == bytes.count else { throw fail("unexpected \(describe()) after the object") }
    }

    /// The field named `name`, if present (the last one wins, as in most JSON readers).
    func field(_ name: StaticString) -> Field? {
        let nameBytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for field in fields.reversed() where !field.keyEscaped && field.keyEnd - field.keyStart == nameBytes.count {
            if memcmp(bytes.baseAddress! + field.keyStart, nameBytes.baseAddress!, nameBytes.count) == 0 {
                return field
            }
        }
        return nil
    }

    /// Calls `body` with the decoded UTF-8 bytes of a string field (valid UTF-8).
    mutating func withString<R, E: Error>(_ field: Field, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let raw = UnsafeBufferPointer(rebasing: bytes[field.valueStart..<field.valueEnd])
        if !field.valueEscaped { return try body(raw) }
        decodeEscapes(raw)
        return try scratch.withUnsafeBufferPointer { (p) throws(E) -> R in try body(p) }
    }

    /// A field's value as a `String` (strings decoded; other kinds as their JSON text).
    mutating func string(_ field: Field) -> String {
        withString(field) { String(decoding: $0, as: UTF8.self) }
    }

    /// A number field's value.
    func number(_ field: Field) -> Double? {
        guard field.kind == .number else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[field.valueStart..<field.valueEnd]), as: UTF8.self))
    }

    /// A field's key as a `String`.
    func key(_ field: Field) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[field.keyStart..<field.keyEnd]), as: UTF8.self)
    }

    // MARK: - Scanning

    private func fail(_ message: String) -> Failure { Failure(message: message, column: i + 1) }

    private func describe() -> String {
        guard i < bytes.count else { return "end of line" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
            i += 1
        }
    }

    /// Skips a string starting at its opening quote; returns whether it holds escapes.
    private mutating func skipString() throws(Failure) -> Bool {
        i += 1
        var escaped = false
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return escaped }
            if b < 0x20 { throw fail("control character 0x\(String(b, radix: 16)) in a string (use an escape)") }
            if b == UInt8(ascii: "\\") {
                escaped = true
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 1
                case UInt8(ascii: "u"):
                    i += 1
                    let unit = try hex4()
                    if unit >= 0xD800 && unit < 0xDC00 {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true))")
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw fail("invalid low surrogate") }
                    } else if unit >= 0xDC00 && unit < 0xE000 {
                        throw fail("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true))")
                    }
                default:
                    throw fail("invalid escape '\\\(describe())'")
                }
                continue
            }
            i += 1
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    private mutating func skipValue(depth: Int) throws(Failure) -> (Kind, Bool) {
        guard depth <= 512 else { throw fail("nesting deeper than 512 levels") }
        guard i < bytes.count else { throw fail("expected a value, found end of line") }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return (.string, try skipString())
        case UInt8(ascii: "{"):
            i += 1
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return (.object, false) }
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key, found \(describe())") }
                _ = try skipString()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                skipWhitespace()
                _ = try skipValue(depth: depth + 1)
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return (.object, false) }
                throw fail("expected ',' or '}', found \(describe())")
            }
        case UInt8(ascii: "["):
            i += 1
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return (.array, false) }
            while true {
                skipWhitespace()
                _ = try skipValue(depth: depth + 1)
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return (.array, false) }
                throw fail("expected ',' or ']', found \(describe())")
            }
        case UInt8(ascii: "t"): try literal("true"); return (.bool, false)
        case UInt8(ascii: "f"): try literal("false"); return (.bool, false)
        case UInt8(ascii: "n"): try literal("null"); return (.null, false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
            return (.number, false)
        default:
            throw fail("expected a value, found \(describe())")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count, memcmp(bytes.baseAddress! + i, word.utf8Start, n) == 0 else {
            throw fail("invalid literal (expected \(word))")
        }
        i += n
    }

    private mutating func skipNumber() throws(Failure) {
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw fail("invalid number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            throw fail("invalid number")
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("invalid number: digits expected after '.'") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { throw fail("invalid number: digits expected in the exponent") }
        }
    }

    /// Checks that the line is valid UTF-8 (no overlongs, surrogates or values past U+10FFFF).
    private mutating func validateUTF8() throws(Failure) {
        var j = 0
        let n = bytes.count
        while j < n {
            let b0 = bytes[j]
            if b0 < 0x80 { j += 1; continue }
            var length = 0
            var minimum: UInt32 = 0
            var value: UInt32 = 0
            switch b0 {
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(b0 & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(b0 & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(b0 & 0x07)
            default: i = j; throw fail("invalid UTF-8 at byte \(j + 1)")
            }
            guard j + length <= n else { i = j; throw fail("invalid UTF-8 at byte \(j + 1) (truncated sequence)") }
            for k in 1..<length {
                let b = bytes[j + k]
                guard b & 0xC0 == 0x80 else { i = j; throw fail("invalid UTF-8 at byte \(j + 1)") }
                value = value << 6 | UInt32(b & 0x3F)
            }
            guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                i = j
                throw fail("invalid UTF-8 at byte \(j + 1)")
            }
            j += length
        }
    }

    /// Decodes an escaped string's raw bytes (already validated) into `scratch`.
    private mutating func decodeEscapes(_ raw: UnsafeBufferPointer<UInt8>) {
        scratch.removeAll(keepingCapacity: true)
        var j = 0
        func hex(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 {
                let b = raw[at + k]
                v <<= 4
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v |= UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): v |= UInt32(b - UInt8(ascii: "a") + 10)
                default: v |= UInt32(b - UInt8(ascii: "A") + 10)
                }
            }
            return v
        }
        while j < raw.count {
            let b = raw[j]
            guard b == UInt8(ascii: "\\") else { scratch.append(b); j += 1; continue }
            let e = raw[j + 1]
            j += 2
            switch e {
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "u"):
                var value = hex(j)
                j += 4
                if value >= 0xD800 && value < 0xDC00 {
                    let low = hex(j + 2)
                    j += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                scratch.append(contentsOf: UTF8.encode(scalar)!)
            default: scratch.append(e)  // \" \\ \/
            }
        }
    }
}
