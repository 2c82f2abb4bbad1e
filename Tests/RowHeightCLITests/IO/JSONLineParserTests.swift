import Foundation
import Testing
@testable import RowHeightCLI

/// Parses `text` with a fresh parser and hands it to `body`.
private func parsed<R>(_ text: String, _ body: (inout JSONLineParser) throws -> R) throws -> R {
    try parsed(Array(text.utf8), body)
}

private func parsed<R>(_ bytes: [UInt8], _ body: (inout JSONLineParser) throws -> R) throws -> R {
    var parser = JSONLineParser()
    return try bytes.withUnsafeBufferPointer { line in
        try parser.parse(line)
        return try body(&parser)
    }
}

/// The error parsing `bytes` throws, or `nil` if it parses.
private func parseError(_ bytes: [UInt8]) -> JSONLineError? {
    var parser = JSONLineParser()
    return bytes.withUnsafeBufferPointer { line in
        do throws(JSONLineError) {
            try parser.parse(line)
            return nil
        } catch {
            return error
        }
    }
}

private func parseError(_ text: String) -> JSONLineError? { parseError(Array(text.utf8)) }

@Suite("JSONLineParser")
struct JSONLineParserTests {
    @Test("Valid objects parse, fields are found by name, the last duplicate wins")
    func validObjects() throws {
        let valid = [
            "{}", " { } ", "\t{\"a\":1}\t", #"{"a":[],"b":{},"c":[[]],"d":{"e":{"f":[1,{"g":null}]}}}"#,
            #"{"a" : "b" , "c" :true,"d":false , "e":null}"#, #"{"":""}"#, #"{"a":"\u0000"}"#,
        ]
        for text in valid { #expect(parseError(text) == nil, "\(text)") }
        try parsed(#"{"text":"first","n":2,"text":"last","t":true,"f":false,"z":null,"o":{"x":[1]}}"#) { (parser: inout JSONLineParser) throws in
            #expect(parser.fields.count == 7)
            #expect(try parser.string(named: "text") == "last")
            #expect(try parser.number(named: "n") == 2)
            #expect(try parser.bool(named: "t") == true)
            #expect(try parser.bool(named: "f") == false)
            #expect(parser.isNull(named: "z"))
            #expect(!parser.isNull(named: "n"))
            #expect(parser.json(named: "o") == #"{"x":[1]}"#)
            #expect(parser.json(named: "text") == #""last""#)
            #expect(try parser.string(named: "missing") == nil)
            #expect(try parser.number(named: "missing") == nil)
            #expect(parser.field("text")?.kind == .string)
            #expect(parser.field("nope") == nil)
        }
    }

    @Test("Typed access names the field and both kinds")
    func typeErrors() throws {
        try parsed(#"{"text":5,"b":"x","n":true,"a":[1]}"#) { (parser: inout JSONLineParser) throws in
            #expect(throws: JSONLineError.wrongType(field: "text", expected: .string, found: .number)) {
                try parser.string(named: "text")
            }
            #expect(throws: JSONLineError.wrongType(field: "b", expected: .bool, found: .string)) { try parser.bool(named: "b") }
            #expect(throws: JSONLineError.wrongType(field: "n", expected: .number, found: .bool)) { try parser.number(named: "n") }
            #expect(throws: JSONLineError.missingField("nope")) { try parser.requireField("nope", of: .string) }
            #expect(throws: JSONLineError.wrongType(field: "a", expected: .string, found: .array)) {
                try parser.requireField("a", of: .string)
            }
        }
        #expect(JSONLineError.wrongType(field: "text", expected: .string, found: .number).description
            == #"field "text" must be a string, found number"#)
        #expect(JSONLineError.wrongType(field: "w", expected: .array, found: .bool).description
            == #"field "w" must be an array, found boolean"#)
        #expect(JSONLineError.missingField("text").description == #"field "text" is missing"#)
    }

    @Test("Escapes decode: short ones, \\u, surrogate pairs; escaped keys match")
    func escapes() throws {
        let line = #"{"te\u0078t":"q\"b\\s\/b\bf\fn\nr\rt\t\u00e9\u20AC\ud83d\ude00\uD83D\uDE00 end","plain":"héllo 😀"}"#
        try parsed(line) { (parser: inout JSONLineParser) throws in
            #expect(try parser.string(named: "text") == "q\"b\\s/b\u{8}f\u{C}n\nr\rt\té€😀😀 end")
            #expect(try parser.string(named: "plain") == "héllo 😀")
            let field = try #require(parser.field("text"))
            #expect(field.keyEscaped && field.valueEscaped)
            #expect(parser.key(field) == "text")
            let plain = try #require(parser.field("plain"))
            #expect(!plain.valueEscaped)
            let bytes = parser.withString(plain) { Array($0) }
            #expect(bytes == Array("héllo 😀".utf8))
        }
    }

    @Test("Numbers: the RFC 8259 grammar, values read back exactly")
    func numbers() throws {
        let values: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("-1.5e10", -1.5e10), ("1E+2", 100),
            ("1e-2", 0.01), ("0.1", 0.1), ("123456789012345", 123456789012345), ("12345678901234567", 12345678901234568),
            ("123456789012345678901234567890", 123456789012345678901234567890.0), ("2.5e-308", 2.5e-308),
            ("999999999999999", 999999999999999),
        ]
        for (text, value) in values {
            try parsed("{\"n\":\(text)}") { (parser: inout JSONLineParser) throws in
                let read = try #require(try parser.number(named: "n"))
                #expect(read == value && read.sign == value.sign, "\(text)")
            }
        }
        _ = try parsed(#"{"n":1e400}"#) { (parser: inout JSONLineParser) throws in
            #expect(throws: JSONLineError.numberOutOfRange(field: "n")) { try parser.number(named: "n") }
        }
        let invalid: [(String, String)] = [
            ("01", "no leading zeros"), ("-01", "no leading zeros"), ("1.", "expected a digit after '.'"),
            (".5", "expected a value, found '.'"), ("+1", "expected a value, found '+'"), ("-", "expected a digit"),
            ("1e", "digit in the exponent"), ("1e+", "digit in the exponent"), ("0x10", "found 'x'"),
            ("NaN", "expected a value, found 'N'"), ("Infinity", "found 'I'"), ("-Infinity", "expected a digit"),
            ("1.2.3", "found '.'"), ("1 2", "found '2'"),
        ]
        for (text, message) in invalid {
            let error = try #require(parseError("{\"n\":\(text)}"), "\(text)")
            #expect(error.description.contains(message), "\(text): \(error)")
        }
    }

    @Test("Literals must be exact")
    func literals() throws {
        for text in ["tru", "True", "nul", "nulll", "fals", "falsey", "t"] {
            #expect(parseError("{\"a\":\(text)}") != nil, "\(text)")
        }
        #expect(parseError(#"{"a":tru}"#)?.description == "invalid JSON: invalid literal: expected 'true', found '}' at column 9")
    }

    @Test("Structural errors name the problem and the column")
    func structure() {
        let cases: [(String, String)] = [
            (#"{"a" 1}"#, "invalid JSON: expected ':' after key, found '1' at column 6"),
            (#"{"a":1,}"#, "invalid JSON: expected a string key, found '}' at column 8"),
            (#"{"a":1 "b":2}"#, #"invalid JSON: expected ',' or '}' after a value, found '"' at column 8"#),
            (#"{"a":1"#, "invalid JSON: expected ',' or '}' after a value, found end of line at column 7"),
            (#"{"a":[1,]}"#, "invalid JSON: expected a value, found ']' at column 9"),
            (#"{"a":[1 2]}"#, "invalid JSON: expected ',' or ']' after an array element, found '2' at column 9"),
            (#"{a:1}"#, "invalid JSON: expected a string key, found 'a' at column 2"),
            (#"{"a":1} x"#, "invalid JSON: unexpected 'x' after the object at column 9"),
            (#"{"a":1}{}"#, "invalid JSON: unexpected '{' after the object at column 8"),
            (#"[1]"#, "invalid JSON: expected '{' (a JSON object), found '[' at column 1"),
            (#""text""#, #"invalid JSON: expected '{' (a JSON object), found '"' at column 1"#),
            (#"{"a":"b}"#, "invalid JSON: unterminated string at column 9"),
            ("{\"a\":\"b\tc\"}", "invalid JSON: control character U+0009 in a string (write it as an escape) at column 8"),
            (#"{"a":"\x"}"#, #"invalid JSON: invalid escape: '\' followed by 'x' at column 7"#),
            (#"{"a":"\u12"}"#, #"invalid JSON: invalid \u escape: expected 4 hex digits, found '"' at column 11"#),
            (#"{"a":"\u12G4"}"#, #"invalid JSON: invalid \u escape: expected 4 hex digits, found 'G' at column 11"#),
            (#"{"a":"\ud83d"}"#, #"invalid JSON: unpaired surrogate \uD83D (a high surrogate must be followed by a \u low surrogate) at column 7"#),
            (#"{"a":"\ud83d\u0041"}"#, #"invalid JSON: unpaired surrogate \uD83D (followed by \u0041, not a low surrogate) at column 7"#),
            (#"{"a":"\ude00"}"#, #"invalid JSON: unpaired surrogate \uDE00 (a low surrogate without a high one) at column 7"#),
            ("{\"a\":é}", "invalid JSON: expected a value, found 'é' (U+00E9) at column 6"),
            ("", "empty line, expected a JSON object"),
            (" \t ", "empty line, expected a JSON object"),
        ]
        for (text, message) in cases {
            #expect(parseError(text)?.description == message, "\(text)")
        }
    }

    @Test("Nesting: 512 levels are fine, 513 are an error, a million do not crash")
    func nesting() {
        func nested(_ levels: Int) -> String {
            // The line's object is level 1; arrays fill the rest.
            "{\"a\":" + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}"
        }
        #expect(parseError(nested(512)) == nil)
        #expect(parseError(nested(513))?.description.hasPrefix("invalid JSON: nesting deeper than 512 levels") == true)
        #expect(parseError(nested(1_000_000)) != nil)
        let objects = "{" + String(repeating: "\"a\":{", count: 511) + String(repeating: "}", count: 511) + "}"
        #expect(parseError(objects) == nil)
        let tooDeep = "{" + String(repeating: "\"a\":{", count: 512) + String(repeating: "}", count: 512) + "}"
        #expect(parseError(tooDeep) != nil)
    }

    @Test("Invalid UTF-8 is its own error, at the first bad byte")
    func invalidUTF8() {
        let prefix = Array(#"{"a":""#.utf8)  // 6 bytes: the bad sequence starts at byte 7
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82],
            [0xE2, 0x28, 0xA1], [0xF0, 0x9F, 0x98],
        ]
        for sequence in bad {
            #expect(parseError(prefix + sequence + Array(#""}"#.utf8)) == .invalidUTF8(byte: 7), "\(sequence)")
            // Inside a run of valid non-ASCII scalars ("عل", 4 bytes), which is scanned scalar by scalar.
            #expect(
                parseError(prefix + Array("عل".utf8) + sequence + Array("ب\"}".utf8)) == .invalidUTF8(byte: 11),
                "\(sequence)")
        }
        // A bad byte outside a string, and a truncated sequence at the very end.
        #expect(parseError(Array(#"{"a":1}"#.utf8) + [0xC3]) == .invalidUTF8(byte: 8))
        #expect(parseError([0xEF, 0xBB]) == .invalidUTF8(byte: 1))
        #expect(JSONLineError.invalidUTF8(byte: 7).description == "invalid UTF-8 at byte 7")
        // Every valid form, and 8-byte ASCII words around it.
        let good = "{\"a\":\"abcdefgh\u{7F}\u{80}é\u{7FF}\u{800}€\u{FFFF}\u{10000}😀\u{10FFFF}abcdefghijkl\"}"
        #expect(parseError(good) == nil)
    }

    @Test("Long runs of other scripts: every valid form reads back, a bad byte or special character is found where it is")
    func sixteenByteBlocks() throws {
        let prefix = Array(#"{"text":""#.utf8)  // 9 bytes: the string's first byte is byte 10
        // Two-, three- and four-byte scalars, every second-byte boundary, ASCII between.
        let text = "مرحبا بالعالم नमस्ते दुनिया שלום עולם \u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}😀\u{10FFFF}\u{D7FF}\u{E000}"
            + " ऐ ﻿ abc ت"
        let bytes = Array(text.utf8)
        try parsed(prefix + bytes + Array(#""}"#.utf8)) { (parser: inout JSONLineParser) throws in
            #expect(try parser.string(named: "text") == text)
        }
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82],
            [0xE2, 0x28, 0xA1], [0xF0, 0x9F, 0x98], [0xD8], [0xE0, 0xA4],
        ]
        // At every scalar boundary of the text: an invalid sequence is reported at its first
        // byte, a control character at its column, and a quote ends the string there.
        var boundaries = [0]
        for scalar in text.unicodeScalars { boundaries.append(boundaries.last! + String(scalar).utf8.count) }
        for at in boundaries {
            let before = Array(bytes[..<at]), after = Array(bytes[at...]) + Array(#""}"#.utf8)
            let column = prefix.count + at + 1
            for sequence in bad {
                #expect(parseError(prefix + before + sequence + after) == .invalidUTF8(byte: column), "\(sequence) at \(at)")
            }
            guard case .syntax(_, let where_) = parseError(prefix + before + [0x1F] + after) else {
                Issue.record("no syntax error for a control character at \(at)")
                continue
            }
            #expect(where_ == column)
            try parsed(prefix + before + Array(#"", "x": 1}"#.utf8)) { (parser: inout JSONLineParser) throws in
                #expect(try parser.string(named: "text") == String(decoding: before, as: UTF8.self))
            }
            try parsed(prefix + before + Array(#"\""#.utf8) + after) { (parser: inout JSONLineParser) throws in
                #expect(try parser.string(named: "text") == String(decoding: before + [0x22] + Array(bytes[at...]), as: UTF8.self))
            }
        }
    }

    @Test("A byte that needs a look is found at every position of an eight-byte word")
    func specialBytesAtEveryPosition() throws {
        let prefix = Array(#"{"text":""#.utf8)  // 9 bytes: the string's first byte is byte 10
        for position in 0..<20 {
            let before = [UInt8](repeating: 0x61, count: position)
            let after = [UInt8](repeating: 0x62, count: 11) + Array(#""}"#.utf8)
            let column = prefix.count + position + 1
            // A control character, an invalid byte: errors at exactly that byte.
            let control = parseError(prefix + before + [0x01] + after)
            guard case .syntax(_, let at) = control else {
                Issue.record("no syntax error for a control character at \(position): \(String(describing: control))")
                continue
            }
            #expect(at == column, "control character at \(position)")
            #expect(parseError(prefix + before + [0xFF] + after) == .invalidUTF8(byte: column))
            // A closing quote ends the string there; an escape, non-ASCII and a second string
            // after it read back whole.
            try parsed(prefix + before + Array(#"", "x": 1}"#.utf8)) { (parser: inout JSONLineParser) throws in
                #expect(try parser.string(named: "text") == String(repeating: "a", count: position))
                #expect(try parser.number(named: "x") == 1)
            }
            let text = String(repeating: "a", count: position) + "\"é" + String(repeating: "b", count: 11)
            try parsed(prefix + before + Array(#"\"é"#.utf8) + after) { (parser: inout JSONLineParser) throws in
                #expect(try parser.string(named: "text") == text)
            }
        }
    }

    @Test("Objects written by JSONSerialization parse to the same strings and numbers")
    func roundTripsFoundationOutput() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{2028}", "\u{FFFF}"]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            let number = Double.random(in: -1e6...1e6, using: &generator)
            let nested: [String: Any] = ["k": [1, "x", NSNull()] as [Any]]
            let object: [String: Any] = ["text": text, "n": number, "nested": nested, "b": true]
            let data = try JSONSerialization.data(withJSONObject: object)
            try parsed(Array(data)) { (parser: inout JSONLineParser) throws in
                #expect(try parser.string(named: "text") == text)
                #expect(try parser.number(named: "n") == number)
                #expect(try parser.bool(named: "b") == true)
                #expect(parser.field("nested")?.kind == .object)
            }
        }
    }

    @Test("Escapes anywhere in long runs decode, written short, as \\u or as surrogate pairs")
    func escapesInLongRuns() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "b", " ", "\"", "\\", "/", "\n", "\t", "\u{8}", "é", "€", "😀", "\u{2028}"]
        func escaped(_ scalar: Unicode.Scalar, _ style: Int) -> String {
            if scalar.value >= 0x10000 {
                let v = scalar.value - 0x10000
                return style == 0 ? String(scalar)
                    : "\\u" + String(0xD800 + (v >> 10), radix: 16) + "\\u" + String(0xDC00 + (v & 0x3FF), radix: 16)
            }
            if style == 1 || scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16, uppercase: Bool.random())
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "/": return style == 2 ? "\\/" : "/"
            default: return String(scalar)
            }
        }
        var parser = JSONLineParser()
        for _ in 0..<2_000 {
            var text = ""
            var json = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                // A run of 0 to 20 plain letters, then one scalar of the alphabet in some form.
                let run = String(repeating: "x", count: Int.random(in: 0...20, using: &generator))
                let scalar = alphabet.randomElement(using: &generator)!
                text += run + String(scalar)
                json += run + escaped(scalar, Int.random(in: 0...2, using: &generator))
            }
            let line = Array("{\"text\":\"\(json)\"}".utf8)
            try line.withUnsafeBufferPointer { bytes in
                try parser.parse(bytes)
                #expect(try parser.string(named: "text") == text, "\(json)")
            }
        }
    }

    @Test("The parser is reusable: fields and scratch are per line")
    func reuse() throws {
        var parser = JSONLineParser()
        let lines = [#"{"text":"a\nb","x":1}"#, #"{"text":"plain"}"#, #"{"y":2}"#, #"{"text":"\u00e9"}"#]
        var seen: [String?] = []
        for line in lines {
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                try parser.parse(bytes)
                seen.append(try parser.string(named: "text"))
            }
        }
        #expect(seen == ["a\nb", "plain", nil, "é"])
    }
}
