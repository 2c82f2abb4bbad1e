import Foundation
import Testing
@testable import TextMeasure

/// The paragraph levels against Unicode's own conformance files (Debian's `unicode-data`:
/// `BidiCharacterTest.txt`, `BidiTest.txt`), each line resolved four ways: fribidi alone, the
/// hand-written `BidiParagraphResolver` alone (where its scan says `resolvable`), and both behind
/// Pango's shortcuts (`BidiLevels.appendParagraph`, `handWritten: false` and `true`). Every
/// level must be Unicode's (`x`, what X9 removes, is not compared), except where a named Pango
/// shortcut (`BidiConformance.Explanation`) changes it on purpose — and then the shortcut's
/// levels must be exactly what the line gets, and fribidi alone must still give Unicode's.
@Suite("BidiConformance: the levels against Unicode's BidiCharacterTest.txt and BidiTest.txt")
struct BidiConformanceTests {
    @Test("Every line of BidiCharacterTest.txt resolves to Unicode's levels, but for Pango's named shortcuts")
    func bidiCharacterTest() throws {
        let classes = try BidiConformance.unicodeClasses()
        let lines = try BidiConformance.read("BidiCharacterTest.txt")
        var tally = BidiConformance.Tally()
        var checker = BidiConformance.Checker()
        for (number, line) in lines where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            try #require(fields.count == 5, "BidiCharacterTest.txt:\(number): \(fields.count) fields")
            let scalars = try fields[0].split(separator: " ").map { field in
                try #require(UInt32(field, radix: 16), "BidiCharacterTest.txt:\(number): code point \(field)")
            }
            let lineClasses = try scalars.map { scalar in
                try #require(classes[scalar], "BidiCharacterTest.txt:\(number): no Bidi_Class for \(String(scalar, radix: 16))")
            }
            let base = try #require(BidiConformance.base(fields[1]), "BidiCharacterTest.txt:\(number): direction \(fields[1])")
            let expected = fields[3].split(separator: " ").map { UInt8($0) }
            try #require(expected.count == scalars.count, "BidiCharacterTest.txt:\(number): levels \(fields[3])")
            let test = BidiConformance.Case(
                source: "BidiCharacterTest.txt:\(number)", scalars: scalars, classes: lineClasses, base: base,
                expected: expected)
            checker.check(test, into: &tally)
        }
        print("BidiCharacterTest.txt: \(tally)")
        #expect(tally.cases > 90_000, "only \(tally.cases) lines read")
        #expect(tally.handWritten > 0)
        #expect(tally.unexplained.isEmpty, "\(tally.unexplained.count) unexplained: \(tally.unexplained.prefix(10))")
    }

    @Test("Every line of BidiTest.txt, one representative character per class, resolves to Unicode's levels, but for Pango's named shortcuts")
    func bidiTest() throws {
        let lines = try BidiConformance.read("BidiTest.txt")
        var tally = BidiConformance.Tally()
        var checker = BidiConformance.Checker()
        var expected: [UInt8?] = []
        for (number, line) in lines where !line.isEmpty && !line.hasPrefix("#") {
            if line.hasPrefix("@Levels:") {
                expected = line.dropFirst("@Levels:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map { UInt8($0) }
                continue
            }
            if line.hasPrefix("@") { continue }
            let fields = line.split(separator: ";")
            try #require(fields.count == 2, "BidiTest.txt:\(number): \(line)")
            let lineClasses = fields[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let scalars = try lineClasses.map { name in
                try #require(BidiConformance.representative[name], "BidiTest.txt:\(number): class \(name)")
            }
            try #require(expected.count == scalars.count, "BidiTest.txt:\(number): \(expected.count) levels")
            let bits = try #require(Int(fields[1].trimmingCharacters(in: .whitespaces), radix: 16), "BidiTest.txt:\(number)")
            for (bit, base) in [(1, BidiLevels.Direction.weakLeftToRight), (2, .leftToRight), (4, .rightToLeft)]
            where bits & bit != 0 {
                let test = BidiConformance.Case(
                    source: "BidiTest.txt:\(number) \(base)", scalars: scalars, classes: lineClasses, base: base,
                    expected: expected)
                checker.check(test, into: &tally)
            }
        }
        print("BidiTest.txt: \(tally)")
        #expect(tally.cases > 700_000, "only \(tally.cases) cases read")
        #expect(tally.handWritten > 0)
        #expect(tally.unexplained.isEmpty, "\(tally.unexplained.count) unexplained: \(tally.unexplained.prefix(10))")
    }
}
