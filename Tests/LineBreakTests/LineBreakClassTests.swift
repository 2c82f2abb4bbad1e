import Foundation
import Testing
@testable import LineBreak

@Suite("LineBreakClass")
struct LineBreakClassTests {
    @Test("Raw property and LB1 resolution for known characters")
    func known() {
        let cases: [(UInt32, LineBreakClass, LineBreakClass)] = [
            (0x41, .al, .al), (0x20, .sp, .sp), (0x0A, .lf, .lf), (0x0D, .cr, .cr), (0x85, .nl, .nl),
            (0x2028, .bk, .bk), (0x0301, .cm, .cm), (0x200D, .zwj, .zwj), (0x3000, .ba, .ba),
            (0x00A7, .ai, .al),  // SECTION SIGN: ambiguous → AL
            (0x0E01, .sa, .al),  // THAI CHARACTER KO KAI (Lo) → AL
            (0x0E31, .sa, .cm),  // THAI CHARACTER MAI HAN-AKAT (Mn) → CM
            (0x1031, .sa, .cm),  // MYANMAR VOWEL SIGN E (Mc) → CM
            (0x3041, .cj, .ns),  // HIRAGANA LETTER SMALL A → NS
            (0x3042, .id, .id),  // HIRAGANA LETTER A
            (0x0378, .xx, .al),  // unassigned
            (0xE000, .xx, .al),  // private use
            (0x10FFFF, .xx, .al),  // noncharacter, last code point
            (0xFFFC, .cb, .cb),  // OBJECT REPLACEMENT CHARACTER
            (0xFFFD, .ai, .al),  // REPLACEMENT CHARACTER
            (0x1F1E6, .ri, .ri), (0x1F466, .eb, .eb), (0x1F3FB, .em, .em),
            (0xAC00, .h2, .h2), (0xAC01, .h3, .h3), (0x1100, .jl, .jl), (0x1161, .jv, .jv), (0x11A8, .jt, .jt),
            (0x05D0, .hl, .hl), (0x2060, .wj, .wj), (0x200B, .zw, .zw), (0xA0, .gl, .gl),
            (0x4E00, .id, .id), (0x3400, .id, .id), (0x2FFFD, .id, .id),  // unlisted default ID ranges
            (0x20C1, .pr, .pr),  // unassigned in the currency block: default PR
        ]
        for (value, raw, resolved) in cases {
            let scalar = Unicode.Scalar(value)!
            #expect(LineBreakClass(scalar) == raw, "U+\(String(value, radix: 16))")
            #expect(LineBreakClass(resolving: scalar) == resolved, "U+\(String(value, radix: 16))")
        }
    }

    /// The Line_Break property from the Unicode data files (with the defaults of LineBreak.txt's
    /// header for unlisted code points), parsed here independently of the generator.
    static func unicodeLineBreak(_ directory: String) throws -> [String] {
        var classes = [String](repeating: "XX", count: 0x11_0000)
        let defaults: [(ClosedRange<Int>, String)] = [
            (0x3400...0x4DBF, "ID"), (0x4E00...0x9FFF, "ID"), (0xF900...0xFAFF, "ID"), (0x20000...0x2FFFD, "ID"),
            (0x30000...0x3FFFD, "ID"), (0x1F000...0x1FAFF, "ID"), (0x1FC00...0x1FFFD, "ID"), (0x20A0...0x20CF, "PR"),
        ]
        for (range, value) in defaults { for c in range { classes[c] = value } }
        try forEachRange(in: "\(directory)/LineBreak.txt") { range, value in
            for c in range { classes[c] = value }
        }
        return classes
    }

    static func forEachRange(in path: String, _ body: (ClosedRange<Int>, String) -> Void) throws {
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2 else { continue }
            let bounds = fields[0].components(separatedBy: "..").map { Int($0, radix: 16)! }
            body(bounds[0]...bounds[bounds.count - 1], fields[1])
        }
    }

    static let unicodeDirectory = "/usr/share/unicode"
    static var hasUnicodeData: Bool { FileManager.default.fileExists(atPath: "\(unicodeDirectory)/LineBreak.txt") }

    @Test("Every code point's class matches LineBreak.txt (raw, and resolved by LB1)",
          .enabled(if: hasUnicodeData, "needs Debian's unicode-data (/usr/share/unicode)"))
    func everyCodePoint() throws {
        let classes = try Self.unicodeLineBreak(Self.unicodeDirectory)
        // General categories for SA: Mn/Mc → CM.
        var marks = Set<Int>()
        for line in try String(contentsOfFile: "\(Self.unicodeDirectory)/UnicodeData.txt", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            if fields[2] == "Mn" || fields[2] == "Mc" { marks.insert(Int(fields[0], radix: 16)!) }
        }
        let byName = Dictionary(uniqueKeysWithValues: LineBreakClass.allCases.map { ("\($0)".uppercased(), $0) })
        var mismatches = 0
        for value in 0..<0x11_0000 {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }  // surrogates
            let name = classes[value]
            let raw = byName[name]
            let resolved: LineBreakClass? = switch name {
            case "AI", "SG", "XX": .al
            case "SA": marks.contains(value) ? .cm : .al
            case "CJ": .ns
            default: raw
            }
            if LineBreakClass(scalar) != raw || LineBreakClass(resolving: scalar) != resolved {
                mismatches += 1
                if mismatches <= 10 {
                    Issue.record("U+\(String(value, radix: 16)): file \(name), got \(LineBreakClass(scalar)) / \(LineBreakClass(resolving: scalar))")
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("The refined input codes match the Unicode data: wide OP/CP, unassigned pictographs, BA white space",
          .enabled(if: hasUnicodeData, "needs Debian's unicode-data (/usr/share/unicode)"))
    func refinements() throws {
        let directory = Self.unicodeDirectory
        var wide = [Bool](repeating: false, count: 0x11_0000)
        for range in [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD] {
            for c in range { wide[c] = true }
        }
        try Self.forEachRange(in: "\(directory)/EastAsianWidth.txt") { range, value in
            for c in range { wide[c] = ["F", "W", "H"].contains(value) }
        }
        var pictographic = [Bool](repeating: false, count: 0x11_0000)
        try Self.forEachRange(in: "\(directory)/emoji/emoji-data.txt") { range, value in
            if value == "Extended_Pictographic" { for c in range { pictographic[c] = true } }
        }
        var whitespace = [Bool](repeating: false, count: 0x11_0000)
        try Self.forEachRange(in: "\(directory)/PropList.txt") { range, value in
            if value == "White_Space" { for c in range { whitespace[c] = true } }
        }
        // Assigned code points: listed in UnicodeData.txt, singly or as First/Last ranges.
        var assigned = [Bool](repeating: false, count: 0x11_0000)
        var first: Int?
        for line in try String(contentsOfFile: "\(directory)/UnicodeData.txt", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            let value = Int(fields[0], radix: 16)!
            if fields[1].hasSuffix(", First>") { first = value; continue }
            if fields[1].hasSuffix(", Last>"), let start = first { for c in start...value { assigned[c] = true } }
            assigned[value] = true
        }
        var mismatches = 0
        for value in 0..<0x11_0000 {
            let code = LineBreakTables.code(UInt32(value))
            let cls = LineBreakTables.resolvedClass(ofCode: code)
            let expected: UInt8 =
                if cls == .op && wide[value] { LineBreakTables.opWide }
                else if cls == .cp && wide[value] { LineBreakTables.cpWide }
                else if cls == .ba && whitespace[value] { LineBreakTables.baWhitespace }
                else if pictographic[value] && !assigned[value] { LineBreakTables.idPictographicUnassigned }
                else { cls.rawValue }
            if code != expected {
                mismatches += 1
                if mismatches <= 10 { Issue.record("U+\(String(value, radix: 16)): code \(code), expected \(expected)") }
            }
        }
        #expect(mismatches == 0)
        // The refinements exist in the data (so the rules that need them are exercised).
        #expect(LineBreakTables.code(0xFF08) == LineBreakTables.opWide)  // FULLWIDTH LEFT PARENTHESIS
        #expect(LineBreakTables.code(0x3000) == LineBreakTables.baWhitespace)
        #expect(LineBreakTables.code(0x1F02C) == LineBreakTables.idPictographicUnassigned)
    }
}
