import LineBreak
import Testing
@testable import TextMeasure

/// `BidiLevels.levelRun(containing:)` and `Run.uniformLevel(to:)`: the level a shaped piece is
/// keyed and itemized by, asked once a piece (`TextWalker.measure`) and answered for both its
/// content and its whole range.
@Suite("Bidi level runs")
struct BidiLevelsRunTests {
    /// The level of every byte of `from..<to` read byte by byte, or `nil` when it changes.
    static func bruteForceLevel(_ levels: BidiLevels, from: Int, to: Int) -> UInt8? {
        let level = levels[from]
        for k in from..<to where levels[k] != level { return nil }
        return level
    }

    @Test(
        "The run at a piece's start gives the level of its content and of its whole range, as the bytes' levels do",
        arguments: ["ar", "fa", "mixed-ar", "he", "mixed-he", "hi", "mixed"])
    func runsAgreeWithByteLevels(corpus: String) throws {
        var pieces = 0
        var changing = 0
        for text in try PangoAccuracyTests.texts(corpus) {
            var text = text
            text.withUTF8 { bytes in
                guard let levels = BidiLevels(bytes) else { return }
                var segments = LineSegmentIterator(utf8: bytes)
                while let segment = segments.next() {
                    let from = segment.start
                    let run = levels.levelRun(containing: from)
                    #expect(run.end > from && run.level == levels[from])
                    for to in [max(segment.whitespaceStart, from + 1), segment.end] where to > from {
                        let expected = Self.bruteForceLevel(levels, from: from, to: to)
                        #expect(run.uniformLevel(to: to) == expected, "\(corpus) \(from)..<\(to)")
                        #expect(levels.uniformLevel(from: from, to: to) == expected)
                        pieces += 1
                        if expected == nil { changing += 1 }
                    }
                }
            }
        }
        // The corpora with levels have pieces at one level and (but Hindi) pieces across levels.
        #expect(corpus == "hi" || corpus == "mixed" || pieces > 0)
        #expect(corpus == "hi" || corpus == "mixed" || changing > 0, "\(corpus): no piece across levels")
    }

    @Test("A run's level holds up to its end and not one byte beyond")
    func uniformLevelStopsAtTheRunEnd() {
        var text = "سلام 123 عليكم"
        text.withUTF8 { bytes in
            let levels = BidiLevels(bytes)!
            let run = levels.levelRun(containing: 0)
            // "سلام " is 9 bytes at level 1; "123" at level 2.
            #expect(run.end == 9 && run.level == 1)
            #expect(run.uniformLevel(to: 9) == 1)
            #expect(run.uniformLevel(to: 10) == nil)
            let digits = levels.levelRun(containing: 9)
            #expect(digits.level == 2 && digits.uniformLevel(to: 12) == 2 && digits.uniformLevel(to: 13) == nil)
        }
    }
}
