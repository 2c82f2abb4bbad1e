import Testing
@testable import TextMeasure

@Suite("Attributed text from runs")
struct AttributedTextRunsTests {
    @Test("Runs must cover the text in order on scalar boundaries")
    func invalidRanges() {
        let bold = TextAttributes(weight: 700)
        func runs(_ ranges: [Range<Int>]) -> [AttributedText.Run] {
            ranges.enumerated().map { .init(utf8Range: $1, attributes: $0 % 2 == 0 ? bold : .inherited) }
        }
        // "né" is 3 UTF-8 bytes: n, then é in two.
        #expect(throws: AttributedTextError.invalidRun(index: 1)) {
            try AttributedText("né", runs: runs([0..<1, 2..<3]))  // a gap
        }
        #expect(throws: AttributedTextError.invalidRun(index: 0)) {
            try AttributedText("né", runs: runs([0..<2, 2..<3]))  // inside é
        }
        #expect(throws: AttributedTextError.invalidRun(index: 1)) {
            try AttributedText("né", runs: runs([0..<1, 1..<1, 1..<3]))  // an empty run, then the rest
        }
        #expect(throws: AttributedTextError.uncoveredText(end: 1, length: 3)) {
            try AttributedText("né", runs: runs([0..<1]))  // not covering
        }
        #expect(throws: AttributedTextError.invalidRun(index: 0)) {
            try AttributedText("né", runs: runs([0..<4]))  // past the end
        }
        #expect(throws: Never.self) { try AttributedText("", runs: []) }
    }

    @Test("Adjacent runs with equal attributes merge")
    func merging() throws {
        let bold = TextAttributes(weight: 700)
        let text = try AttributedText("Ann hello", runs: [
            .init(utf8Range: 0..<2, attributes: bold), .init(utf8Range: 2..<3, attributes: bold),
            .init(utf8Range: 3..<9, attributes: .inherited),
        ])
        #expect(text.runs == [.init(utf8Range: 0..<3, attributes: bold), .init(utf8Range: 3..<9, attributes: .inherited)])
    }
}
