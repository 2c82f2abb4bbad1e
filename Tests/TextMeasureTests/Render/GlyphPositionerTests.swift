import Testing
@testable import TextMeasure

/// `GlyphPositioner`'s visual order of runs (UAX #9 rule L2).
@Suite("Glyph positions: runs in visual order")
struct GlyphPositionerTests {
    @Test("L2: from the highest level to the lowest odd one, runs at that level or higher reversed")
    func visualOrder() {
        #expect(GlyphPositioner.visualOrder(levels: [0, 0, 0]) == [0, 1, 2])
        #expect(GlyphPositioner.visualOrder(levels: [0, 1, 0]) == [0, 1, 2])
        #expect(GlyphPositioner.visualOrder(levels: [1, 1, 1]) == [2, 1, 0])
        // Arabic, a number, Arabic: the number stays left to right inside the reversed line.
        #expect(GlyphPositioner.visualOrder(levels: [1, 2, 1]) == [2, 1, 0])
        #expect(GlyphPositioner.visualOrder(levels: [1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(GlyphPositioner.visualOrder(levels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(GlyphPositioner.visualOrder(levels: []) == [])
    }

    @Test("A right-to-left paragraph draws its Latin word to the left of the Arabic before it")
    func arabicParagraph() throws {
        let chain = try FontChain(paths: [
            "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        ])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        let text = "سلام abc"
        let lines = try measurer.layoutGlyphs(text, width: 375).lines
        try #require(lines.count == 1)
        let glyphs = lines[0].glyphs
        let latin = "سلام ".utf8.count
        // Left to right on the line: "abc" (offsets from `latin`), then the Arabic word.
        #expect(glyphs.first?.utf8Offset == latin)
        #expect(glyphs.last.map { $0.utf8Offset < latin } == true)
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
        // Left-to-right text keeps the logical order of its runs.
        let ltr = try measurer.layoutGlyphs("abc سلام", width: 375).lines[0].glyphs
        #expect(ltr.first?.utf8Offset == 0)
    }
}
