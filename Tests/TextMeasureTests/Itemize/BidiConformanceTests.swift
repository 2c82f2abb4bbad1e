import Testing
@testable import TextMeasure

/// The paragraph levels against Unicode's own conformance files (Debian's `unicode-data`:
/// `BidiCharacterTest.txt`, `BidiTest.txt`), each case resolved four ways: fribidi alone, the
/// hand-written `BidiParagraphResolver` alone (where its scan says `resolvable`), and both behind
/// Pango's shortcuts (`BidiLevels.appendParagraph`, `handWritten: false` and `true`). Every
/// level must be Unicode's (`x`, what X9 removes, is not compared), except where a named Pango
/// shortcut (`BidiConformance.Explanation`) changes it on purpose — and then the shortcut's
/// levels must be exactly what the case gets, and fribidi alone must still give Unicode's.
@Suite("BidiConformance: the levels against Unicode's BidiCharacterTest.txt and BidiTest.txt")
struct BidiConformanceTests {
    typealias FormatError = BidiConformance.FormatError

    @Test("Every line of BidiCharacterTest.txt resolves to Unicode's levels, but for Pango's named shortcuts")
    func bidiCharacterTest() throws {
        let classes = try BidiConformance.UnicodeClasses()
        var tally = BidiConformance.Tally()
        let checker = BidiConformance.Checker()
        for (number, line) in try BidiConformance.read("BidiCharacterTest.txt") where !line.isEmpty && !line.hasPrefix("#") {
            let source = "BidiCharacterTest.txt:\(number)"
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5, let base = BidiConformance.base(fields[1]) else {
                throw FormatError(description: "\(source): \(line)")
            }
            var scalars: [UInt32] = []
            var lineClasses: [BidiConformance.Class] = []
            for field in fields[0].split(separator: " ") {
                guard let value = UInt32(field, radix: 16), let found = classes[value] else {
                    throw FormatError(description: "\(source): no Bidi_Class in UnicodeData.txt for \(field)")
                }
                scalars.append(value)
                lineClasses.append(found)
            }
            let expected = fields[3].split(separator: " ").map { UInt8($0) }
            guard expected.count == scalars.count else { throw FormatError(description: "\(source): \(line)") }
            let paragraph = BidiConformance.Paragraph(
                source: source, scalars: scalars, classes: lineClasses, expected: expected)
            checker.check(paragraph, base: base, into: &tally)
        }
        print("BidiCharacterTest.txt: \(tally)")
        #expect(tally.cases > 90_000, "only \(tally.cases) lines read")
        #expect(tally.handWritten > 70_000)
        #expect(tally.unexplained.isEmpty, "\(tally.unexplained.count) unexplained: \(tally.unexplained.prefix(10))")
    }

    /// The parts `bidiTest` splits BidiTest.txt's data lines into (one in `parts` each), to run
    /// in parallel.
    static let parts = 4

    @Test(
        "Every case of BidiTest.txt, one character per class, resolves to Unicode's levels, but for Pango's named shortcuts",
        arguments: 0..<parts)
    func bidiTest(part: Int) throws {
        var tally = BidiConformance.Tally()
        var dataLine = 0
        let checker = BidiConformance.Checker()
        var expected: [UInt8?] = []
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let lines = try #require(
            BidiConformance.bidiTestLines,
            "\(BidiConformance.directory)BidiTest.txt is missing: install Debian's unicode-data (Scripts/debian-packages.txt)")
        for (number, line) in lines where line.first != "#" && !line.isEmpty {
            if line.hasPrefix("@Levels:") {
                expected = line.dropFirst("@Levels:".count).split(whereSeparator: blank).map { UInt8($0) }
                continue
            }
            if line.first == "@" { continue }
            dataLine += 1
            guard dataLine % BidiConformanceTests.parts == part else { continue }
            let source = "BidiTest.txt:\(number)"
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].filter { !blank($0) }, radix: 16) else {
                throw FormatError(description: "\(source): \(line)")
            }
            let lineClasses = try fields[0].split(whereSeparator: blank).map { name in
                guard let found = BidiConformance.Class.byName[name] else {
                    throw FormatError(description: "\(source): class \(name)")
                }
                return found
            }
            guard expected.count == lineClasses.count else {
                throw FormatError(description: "\(source): \(expected.count) levels for \(lineClasses.count) classes")
            }
            let paragraph = BidiConformance.Paragraph(
                source: source, scalars: lineClasses.map(\.representative), classes: lineClasses, expected: expected)
            for (bit, base) in [(1, BidiLevels.Direction.weakLeftToRight), (2, .leftToRight), (4, .rightToLeft)]
            where bits & bit != 0 {
                checker.check(paragraph, base: base, into: &tally)
            }
        }
        print("BidiTest.txt, part \(part + 1) of \(BidiConformanceTests.parts): \(tally)")
        #expect(tally.cases > 700_000 / BidiConformanceTests.parts, "only \(tally.cases) cases read")
        #expect(tally.handWritten > 50_000 / BidiConformanceTests.parts)
        #expect(tally.unexplained.isEmpty, "\(tally.unexplained.count) unexplained: \(tally.unexplained.prefix(10))")
    }
}
