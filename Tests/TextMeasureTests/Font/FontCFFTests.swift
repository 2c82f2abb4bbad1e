import Foundation
import Testing
@testable import TextMeasure

/// `Fixtures/fonts/RowHeightTestCFF.otf`: a tiny synthetic OpenType/CFF font made by
/// `make_test_cff.py` beside it.
private func cffFontPath() throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/fonts/RowHeightTestCFF", withExtension: "otf")).path
}

@Suite("OpenType/CFF fonts")
struct FontCFFTests {
    @Test("A CFF font loads: names, units, and typo metrics chosen by USE_TYPO_METRICS")
    func loads() throws {
        let path = try cffFontPath()
        let file = try SFNTFile(path: path)
        #expect(file.u32(0) == 0x4F54_544F)  // 'OTTO': CFF outlines
        #expect(file.offset(of: "CFF ") != nil && file.offset(of: "glyf") == nil)
        let font = try Font(path: path)
        #expect(font.familyName == "RowHeight Test CFF")
        #expect(font.unitsPerEm == (try file.unitsPerEm()))
        #expect(font.glyphCount == (try file.glyphCount()))
        let expected = try file.verticalMetrics()
        #expect((font.ascender, font.descender, font.lineGap) == expected)
        #expect(file.u16(try file.table("OS/2") + 62) & 0x80 != 0)
        #expect(expected.ascender == file.i16(try file.table("OS/2") + 68))
        #expect(font.metrics(size: 10).lineHeight == Double(expected.ascender - expected.descender + expected.lineGap) / 100)
    }

    @Test("CFF advances, character map (BMP and beyond) and kerning match the tables and FreeType")
    func lookups() throws {
        let path = try cffFontPath()
        let file = try SFNTFile(path: path)
        let font = try Font(path: path)
        let advances = try file.advances()
        for glyph in 0..<font.glyphCount {
            #expect(Int(font.advance(of: GlyphID(glyph))) == advances[glyph])
            #expect(font.advance(of: GlyphID(glyph)) == font.freeTypeAdvance(of: GlyphID(glyph)))
        }
        var mapped = 0
        for codePoint in UInt32(0)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let glyph = font.glyph(for: scalar)
            #expect(glyph == font.freeTypeGlyph(forCodePoint: codePoint))
            if glyph != 0 { mapped += 1 }
        }
        #expect(mapped == 6)
        #expect(font.glyph(for: "\u{1F600}") != 0)
        let pairs = file.kerningPairs()
        #expect(pairs.count == 3)
        #expect(font.hasKerning)
        for pair in pairs {
            #expect(font.kerning(GlyphID(pair.left), GlyphID(pair.right)) == Int32(pair.value))
        }
        for left in 0..<GlyphID(font.glyphCount) {
            for right in 0..<GlyphID(font.glyphCount) {
                #expect(font.kerning(left, right) == font.freeTypeKerning(left, right))
            }
        }
    }

    @Test("A CFF font falls back in a chain like any other")
    func inChain() throws {
        let cff = try Font(path: try cffFontPath())
        let chain = try FontChain([cff, try Font(path: try BundledFontPaths.ipaexGothic())])
        #expect(chain.resolve("A").fontIndex == 0)
        #expect(chain.resolve("あ") == ResolvedGlyph(fontIndex: 0, glyph: cff.glyph(for: "あ"), advance: 1000))
        #expect(chain.resolve("い").fontIndex == 1)
        #expect(chain.resolve("\u{1F600}").fontIndex == 0)
        #expect(chain.resolve("Z") == ResolvedGlyph(fontIndex: 1, glyph: chain.fonts[1].glyph(for: "Z"),
                                                   advance: chain.fonts[1].advance(of: chain.fonts[1].glyph(for: "Z"))))
    }
}
