import Testing

@testable import TextMeasure

@Suite struct AttributedTextRangesTests {
    let bold = TextAttributes(weight: 700)
    let italic = TextAttributes(italic: true)

    @Test func laterRangesOverrideEarlierOnesAndUncoveredTextInherits() throws {
        let s = "Ann says hi"
        let i3 = s.utf8.index(s.startIndex, offsetBy: 3), i5 = s.utf8.index(s.startIndex, offsetBy: 5)
        let text = try AttributedText(s, ranges: [(s.startIndex..<i5, bold), (i3..<s.endIndex, italic)])
        #expect(text.runs == [
            .init(utf8Range: 0..<3, attributes: bold), .init(utf8Range: 3..<11, attributes: italic),
        ])
    }

    @Test func equalNeighboursMergeAndEmptyRangesChangeNothing() throws {
        let s = "abcd"
        let i1 = s.index(after: s.startIndex), i2 = s.index(i1, offsetBy: 1)
        let text = try AttributedText(s, ranges: [(s.startIndex..<i1, bold), (i1..<i2, bold), (i2..<i2, italic)])
        #expect(text.runs == [.init(utf8Range: 0..<2, attributes: bold), .init(utf8Range: 2..<4, attributes: .inherited)])
        let whole = try AttributedText(s, ranges: [(s.startIndex..<s.endIndex, .inherited)])
        #expect(whole == AttributedText(s))
    }

    @Test func aRangeInsideAnotherSplitsIt() throws {
        let s = "abcde"
        let i1 = s.index(after: s.startIndex), i3 = s.index(i1, offsetBy: 2)
        let text = try AttributedText(s, attributes: italic, ranges: [(i1..<i3, bold)])
        #expect(text.runs.map(\.utf8Range) == [0..<1, 1..<3, 3..<5])
        #expect(text.runs.map(\.attributes) == [italic, bold, italic])
    }

    @Test func rangesOffScalarBoundariesOrOutOfBoundsAreErrors() {
        let s = "é!"  // é is two UTF-8 bytes
        let inside = s.utf8.index(after: s.utf8.startIndex)
        #expect(throws: AttributedTextError.invalidRange(index: 1)) {
            try AttributedText(s, ranges: [(s.startIndex..<s.endIndex, bold), (s.startIndex..<inside, italic)])
        }
        let longer = "a much longer string"
        let far = longer.index(longer.startIndex, offsetBy: 10)
        #expect(throws: AttributedTextError.invalidRange(index: 0)) {
            try AttributedText(s, ranges: [(s.startIndex..<far, bold)])
        }
    }

    @Test func emptyTextHasNoRuns() throws {
        #expect(try AttributedText("", ranges: [("".startIndex..<"".endIndex, bold)]).runs.isEmpty)
    }
}
