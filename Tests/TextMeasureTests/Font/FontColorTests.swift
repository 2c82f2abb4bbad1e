import Testing
@testable import TextMeasure

@Suite("Colour fonts")
struct FontColorTests {
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    @Test("A CBDT/CBLC bitmap-only font loads: cmap, hmtx advances and hhea metrics in font units")
    func cbdt() throws {
        let font = try Font(path: Self.notoColorEmoji)
        let file = try SFNTFile(path: Self.notoColorEmoji)
        #expect(!font.hasOutlines)
        #expect(font.colorTables == ["CBDT"])
        #expect(font.unitsPerEm == (try file.unitsPerEm()))
        let advances = try file.advances()
        let wave = font.glyph(for: "\u{1F44B}")
        #expect(wave != 0)
        #expect(font.advance(of: wave) == Int32(advances[Int(wave)]))
        #expect(font.advance(of: wave) > 0)
        let metrics = try file.verticalMetrics()
        #expect(font.ascender == metrics.ascender && font.descender == metrics.descender && font.lineGap == metrics.lineGap)
        print(font.unitsPerEm, font.ascender, font.descender, font.lineGap, font.advance(of: wave), font.familyName, font.weight)
    }
}
