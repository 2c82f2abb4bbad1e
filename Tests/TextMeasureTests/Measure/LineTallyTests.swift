import Testing
@testable import TextMeasure

/// The lines' tally every fitter keeps (`LineTally`): the `numberOfLines` cut and the end of
/// the text.
@Suite("LineTally: line ends, numberOfLines, end of text")
struct LineTallyTests {
    @Test("An empty text has no line in .uikit and one in .pango")
    func emptyText() {
        let tally = LineTally<Double>(numberOfLines: 0)
        #expect(!tally.endsLineAtEndOfText(hasOpenLine: false, pango: false))
        #expect(tally.endsLineAtEndOfText(hasOpenLine: false, pango: true))
        #expect(tally.measurement(maxLineWidth: 0, lineHeightMultiple: 1, lineSpacing: 4, scale: 2, lines: nil).height == 0)
    }

    @Test("A final mandatory break adds an empty line; a soft one does not")
    func trailingBreak() {
        for pango in [false, true] {
            var tally = LineTally<Int64>(numberOfLines: 0)
            tally.end(width: 7, height: 10, mandatory: true)
            #expect(tally.endsLineAtEndOfText(hasOpenLine: false, pango: pango))
            tally.end(width: 3, height: 10, mandatory: false)
            #expect(!tally.endsLineAtEndOfText(hasOpenLine: false, pango: pango))
            #expect(tally.endsLineAtEndOfText(hasOpenLine: true, pango: pango))
            #expect(tally.widest == 7 && tally.count == 2 && tally.heightSum == 20)
        }
    }

    @Test("numberOfLines: full after that many lines, then the text's end adds none")
    func lineLimit() {
        var tally = LineTally<Double>(numberOfLines: 2)
        tally.end(width: 5, height: 10, mandatory: false)
        #expect(!tally.isFull)
        tally.end(width: 9, height: 12, mandatory: true)
        #expect(tally.isFull)
        #expect(!tally.endsLineAtEndOfText(hasOpenLine: true, pango: true))
        let measured = tally.measurement(maxLineWidth: 9, lineHeightMultiple: 1.5, lineSpacing: 1, scale: 1, lines: nil)
        // (10 + 12) × 1.5 + 1 = 34, on the pixel grid.
        #expect(measured.lineCount == 2 && measured.height == 34 && measured.maxLineWidth == 9)
        #expect(!LineTally<Double>(numberOfLines: 0).isFull)
    }

    @Test("The widest line counts lines whose width comes later")
    func widen() {
        var tally = LineTally<Double>(numberOfLines: 0)
        tally.end(height: 10, mandatory: false)
        tally.end(width: 4, height: 10, mandatory: false)
        tally.widen(to: 6)
        tally.widen(to: 5)
        #expect(tally.widest == 6 && tally.count == 2)
    }
}
