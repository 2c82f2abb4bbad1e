import Testing
@testable import TextMeasure

/// `LayoutPiece`'s derived properties.
@Suite("LayoutPiece")
struct LayoutPieceTests {
    /// A piece of these widths.
    static func piece(kern: Double = 0, content: Double = 17, whitespace: Double = 0, lastSpace: Double = 0,
                      mandatory: Bool = false) -> LayoutPiece {
        LayoutPiece(
            start: 0, contentEnd: 3, end: 3, leadingKern: kern, content: content, whitespace: whitespace,
            lastSpace: lastSpace, fontMask: 1, isMandatoryBreak: mandatory, isBreakable: false)
    }

    @Test("isPlain: no kerning, no white space, none counted, content not 0 — exactly where the plain forms apply")
    func isPlain() {
        for pango in [false, true] {
            #expect(Self.piece().isPlain(pango: pango))
            #expect(Self.piece(kern: -0.0, content: -2).isPlain(pango: pango))
            #expect(!Self.piece(kern: 0.5).isPlain(pango: pango))
            #expect(!Self.piece(content: 0).isPlain(pango: pango))
            #expect(!Self.piece(whitespace: 4, lastSpace: 4).isPlain(pango: pango))
            #expect(!Self.piece(whitespace: 4, lastSpace: 4, mandatory: true).isPlain(pango: pango))
            // Every plain piece takes width (`takesNoWidth` is what the general `fits` adds).
            #expect(!Self.piece(kern: -0.0, content: 1e-300).takesNoWidth)
        }
        // A last space without white space (no measured piece has one) counts in `.pango` only.
        #expect(Self.piece(lastSpace: 3).isPlain(pango: false))
        #expect(!Self.piece(lastSpace: 3).isPlain(pango: true))
    }
}
