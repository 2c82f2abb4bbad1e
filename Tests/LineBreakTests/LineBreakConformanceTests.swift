import Foundation
import Testing
@testable import LineBreak

/// One case of Unicode's LineBreakTest.txt: scalars and, for each position between them (and
/// after the last), whether a break is allowed.
struct LineBreakTestCase: Sendable, CustomStringConvertible {
    var line: Int
    var scalars: [Unicode.Scalar]
    /// `breakAfter[i]`: a break is allowed after scalar i (÷), else × .
    var breakAfter: [Bool]
    var source: String

    var description: String { "LineBreakTest.txt:\(line): \(source)" }

    /// Parses the fixture; every non-comment line is a case.
    static func load() throws -> [LineBreakTestCase] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/LineBreakTest", withExtension: "txt"))
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [LineBreakTestCase] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Bool] = []
            for token in tokens {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(true) }
                case "×": if !scalars.isEmpty { breaks.append(false) }
                default:
                    let value = try #require(UInt32(token, radix: 16))
                    scalars.append(try #require(Unicode.Scalar(value)))
                }
            }
            try #require(breaks.count == scalars.count, "malformed line \(index + 1)")
            cases.append(LineBreakTestCase(line: index + 1, scalars: scalars, breakAfter: breaks, source: String(line)))
        }
        return cases
    }

    var string: String {
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars)
        return s
    }

    /// The scalar offsets (1-based positions after scalar i) where the test expects a break.
    var expectedOffsets: [Int] { breakAfter.indices.filter { breakAfter[$0] }.map { $0 + 1 } }
}

@Suite("UAX #14 conformance (Unicode 15.0 LineBreakTest.txt)")
struct LineBreakConformanceTests {
    @Test("Every case of LineBreakTest.txt passes")
    func everyCase() throws {
        let cases = try LineBreakTestCase.load()
        // Count the case lines independently of the parser: lines starting with × or ÷.
        let url = try #require(Bundle.module.url(forResource: "Fixtures/LineBreakTest", withExtension: "txt"))
        let expectedCount = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("×") || $0.hasPrefix("÷") }.count
        #expect(cases.count == expectedCount)
        #expect(cases.count == 7654)  // Unicode 15.0
        var failures = 0
        for testCase in cases {
            let actual = testCase.string.lineBreakScalarOffsets.map(\.offset)
            if actual != testCase.expectedOffsets {
                failures += 1
                if failures <= 20 {
                    Issue.record("\(testCase) → expected \(testCase.expectedOffsets), got \(actual)")
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(cases.count) LineBreakTest.txt cases fail")
        print("LineBreakTest.txt: \(cases.count - failures) of \(cases.count) cases pass")
    }

    @Test("Mandatory breaks follow BK, CR, LF, NL; CR LF is one break")
    func mandatoryBreaks() throws {
        let cases = try LineBreakTestCase.load()
        for testCase in cases {
            let result = testCase.string.lineBreakScalarOffsets
            for (offset, isMandatory) in result {
                let before = LineBreakClass(testCase.scalars[offset - 1])
                let crBeforeLF = before == .cr && offset < testCase.scalars.count
                    && LineBreakClass(testCase.scalars[offset]) == .lf
                #expect(isMandatory == (before.isHardBreak && !crBeforeLF), "\(testCase) at \(offset)")
            }
        }
        let text = "a\r\nb\rc\nd\u{85}e\u{2028}f\u{0B}g"
        let mandatory = text.lineBreakScalarOffsets.filter(\.isMandatory).map(\.offset)
        #expect(mandatory == [3, 5, 7, 9, 11, 13])
    }
}
