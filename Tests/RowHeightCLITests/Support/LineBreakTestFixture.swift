import Foundation
import Testing

/// The cases of Unicode's `LineBreakTest.txt` (the fixture of `LineBreakTests`), read from the
/// source tree, and what `rowheight breaks --input` must print for each.
struct LineBreakTestFixture {
    /// One case: its scalars and, for each, whether a break is allowed after it (÷).
    struct Case {
        var line: Int
        var scalars: [Unicode.Scalar]
        var breakAfter: [Bool]

        /// The record `rowheight breaks --input` must print, computed from the ÷ marks; the
        /// mandatory ones are those after BK (U+000B, U+000C, U+2028, U+2029), LF, NEL, and CR
        /// not followed by LF.
        var expectedRecord: String {
            var breaks: [Int] = []
            var mandatory: [Int] = []
            for (i, scalar) in scalars.enumerated() where breakAfter[i] {
                breaks.append(i + 1)
                let next = i + 1 < scalars.count ? scalars[i + 1].value : nil
                switch scalar.value {
                case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: mandatory.append(i + 1)
                case 0x0D where next != 0x0A: mandatory.append(i + 1)
                default: break
                }
            }
            let list = { (offsets: [Int]) in offsets.map(String.init).joined(separator: ",") }
            return "{\"breaks\":[\(list(breaks))],\"mandatory\":[\(list(mandatory))]}"
        }
    }

    /// The fixture's path, relative to this file.
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LineBreakTests/Fixtures/LineBreakTest.txt").path

    /// Every case, in file order.
    let cases: [Case]
    /// The number of case lines, counted independently of the parser (lines starting with × or ÷).
    let caseLineCount: Int

    init() throws {
        let text = try String(contentsOfFile: LineBreakTestFixture.path, encoding: .utf8)
        var cases: [Case] = []
        var count = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if raw.hasPrefix("×") || raw.hasPrefix("÷") { count += 1 }
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for token in tokens {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(true) }
                case "×": if !scalars.isEmpty { breaks.append(false) }
                default: scalars.append(try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init)))
                }
            }
            try #require(breaks.count == scalars.count, "malformed line \(index + 1)")
            cases.append(Case(line: index + 1, scalars: scalars, breakAfter: breaks))
        }
        self.cases = cases
        caseLineCount = count
    }
}

/// JSON string literals written two ways, so the CLI's parser sees both raw UTF-8 and escapes.
enum JSONText {
    /// `"…"` with only what JSON requires escaped (`"`, `\`, controls as `\u00XX`); everything
    /// else as raw UTF-8.
    static func raw(_ scalars: [Unicode.Scalar]) -> String {
        var out = "\""
        for scalar in scalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20: out += "\\u" + hex4(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `"…"` in pure ASCII: every non-ASCII scalar as `\uXXXX` (a surrogate pair above U+FFFF),
    /// short escapes for the controls that have one, `\/` for slashes.
    static func escaped(_ scalars: [Unicode.Scalar]) -> String {
        var out = "\""
        for scalar in scalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x2F: out += "\\/"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x20..<0x7F: out.unicodeScalars.append(scalar)
            case 0x10000...:
                let v = scalar.value - 0x10000
                out += "\\u" + hex4(0xD800 + (v >> 10)) + "\\u" + hex4(0xDC00 + (v & 0x3FF)).lowercased()
            default: out += "\\u" + hex4(scalar.value)
            }
        }
        return out + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
