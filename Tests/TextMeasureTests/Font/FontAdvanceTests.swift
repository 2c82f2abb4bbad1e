import Testing
@testable import TextMeasure

@Suite("Font advances and character map")
struct FontAdvanceTests {
    @Test("Every glyph's advance is its unhinted hmtx width in font units", arguments: ["DejaVuSans.ttf", "ipaexg.ttf"])
    func advancesMatchHmtx(fileName: String) throws {
        let path = try #require(BundledFonts.directory) + "/" + fileName
        let expected = try SFNTFile(path: path).advances()
        let font = try Font(path: path)
        #expect(font.glyphCount == expected.count)
        var mismatches = 0
        for glyph in 0..<expected.count where Int(font.advance(of: GlyphID(glyph))) != expected[glyph] {
            mismatches += 1
        }
        #expect(mismatches == 0)
        // Out-of-range glyphs have no advance rather than trapping.
        #expect(font.advance(of: GlyphID(expected.count)) == 0)
        #expect(font.advance(of: .max) == 0)
    }

    @Test("Advances equal FreeType's FT_Get_Advance with FT_LOAD_NO_SCALE, glyph by glyph")
    func advancesMatchFreeType() throws {
        let font = try Font(path: try BundledFontPaths.dejaVuSans())
        for glyph in stride(from: 0, to: font.glyphCount, by: 7) {
            #expect(font.advance(of: GlyphID(glyph)) == font.freeTypeAdvance(of: GlyphID(glyph)))
        }
    }

    @Test("The character map equals FreeType's FT_Get_Char_Index on every code point", arguments: ["DejaVuSans.ttf", "ipaexg.ttf"])
    func characterMapMatchesFreeType(fileName: String) throws {
        let font = try Font(path: try #require(BundledFonts.directory) + "/" + fileName)
        var mismatches: [UInt32] = []
        var mapped = 0
        for codePoint in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let glyph = font.glyph(for: scalar)
            if glyph != 0 { mapped += 1 }
            if glyph != font.freeTypeGlyph(forCodePoint: codePoint) { mismatches.append(codePoint) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        #expect(mapped > 3000)
    }

    @Test("Characters the font lacks map to glyph 0")
    func missingCharacters() throws {
        let dejaVu = try Font(path: try BundledFontPaths.dejaVuSans())
        #expect(dejaVu.glyph(for: "あ") == 0)
        #expect(dejaVu.glyph(for: "\u{E000}") == 0)
        #expect(dejaVu.glyph(for: "\u{10FFFF}") == 0)
        #expect(dejaVu.glyph(for: "A") != 0)
        let ipa = try Font(path: try BundledFontPaths.ipaexGothic())
        #expect(ipa.glyph(for: "あ") != 0)
        // IPAexGothic maps supplementary-plane kanji (e.g. U+20B9F 𠮟).
        #expect(ipa.glyph(for: "\u{20B9F}") == ipa.freeTypeGlyph(forCodePoint: 0x20B9F))
    }
}
