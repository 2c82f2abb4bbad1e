import Testing
@testable import TextMeasure

/// `LigatureLookup` is the fonts' `LigatureTable`s in flat memory with the advances scaled once:
/// it must hold the same ligatures in the same order, with the advances `StyleTables` computes,
/// and `StyleTableView.ligature(startingWith:…)` must form them as the tables say.
@Suite("LigatureLookup")
struct LigatureLookupTests {
    /// DejaVu Sans (standard ligatures "fi", "fl"…), then IPAex Gothic.
    static func tables(profile: LayoutProfile, ligatures: Bool = true) throws -> StyleTables {
        let directory = try #require(BundledFonts.directory)
        let chain = try FontChain(paths: [directory + "/DejaVuSans.ttf", directory + "/ipaexg.ttf"])
        return StyleTables(chain: chain, size: 17, profile: profile, ligatures: ligatures)
    }

    @Test("Every font's ligatures, in the table's order, with the tables' advances", arguments: [LayoutProfile.uikit, .pango])
    func sameLigatures(profile: LayoutProfile) throws {
        let tables = try Self.tables(profile: profile)
        let lookup = tables.ligatureLookup
        var total = 0
        for (f, font) in tables.fonts.enumerated() {
            for g in 0..<font.glyphCount {
                let glyph = GlyphID(g)
                let expected = tables.ligatureFonts[f] ? font.ligatureTable.ligatures(startingWith: glyph) : []
                let range = lookup.candidates(startingWith: glyph, font: f)
                #expect(range.count == expected.count, "font \(f) glyph \(g)")
                guard range.count == expected.count else { continue }
                for (index, ligature) in zip(range, expected) {
                    let candidate = lookup.candidate(index)
                    #expect(candidate.glyph == ligature.glyph)
                    #expect((0..<Int(candidate.componentCount)).map { lookup.component($0, of: candidate) } == ligature.components)
                    #expect(candidate.firstAdvance == tables.lookupGlyphAdvance(glyph, font: f))
                    #expect(candidate.advance == tables.lookupGlyphAdvance(ligature.glyph, font: f))
                }
                #expect(tables.view.startsLigature(glyph, font: f) == !expected.isEmpty)
                total += expected.count
            }
        }
        #expect(total > 0)  // DejaVu Sans has standard ligatures
        #expect(lookup.candidates(startingWith: GlyphID(UInt32.max), font: 0).isEmpty)
    }

    @Test("\"fi\" forms DejaVu Sans's ligature, \"f\" before a break does not, and tables without ligatures form none")
    func formsLigature() throws {
        let tables = try Self.tables(profile: .uikit)
        var text = "fi f"
        try text.withUTF8 { bytes in
            let f = tables.view.lookup(0x66)
            #expect(f.font == 0)
            let ligature = try #require(tables.view.ligature(startingWith: f.glyph, font: f.font, at: 0, limit: 2, in: bytes))
            let i = tables.view.lookup(0x69)
            let expected = try #require(tables.fonts[0].ligatureTable.ligatures(startingWith: f.glyph).first {
                $0.components == [i.glyph]
            })
            #expect(ligature.glyph == expected.glyph)
            #expect(ligature.scalars == 2)
            // Summed as the walker sums the plain widths: the first glyph's, then each component's.
            let plain = tables.lookupGlyphAdvance(f.glyph, font: 0) + i.advance
            #expect(ligature.adjustment == tables.lookupGlyphAdvance(expected.glyph, font: 0) - plain)
            // The "i" is past the limit: no ligature.
            #expect(tables.view.ligature(startingWith: f.glyph, font: f.font, at: 0, limit: 1, in: bytes) == nil)
            // The last "f" has nothing after it.
            #expect(tables.view.ligature(startingWith: f.glyph, font: f.font, at: 3, limit: 4, in: bytes) == nil)
        }
        let plain = try Self.tables(profile: .uikit, ligatures: false)
        #expect(!plain.view.startsLigature(plain.view.lookup(0x66).glyph, font: 0))
    }

    @Test("Pairs of ASCII bytes that alone decide their ligature hold the font's ligature, whatever follows", arguments: [LayoutProfile.uikit, .pango])
    func pairLigatures(profile: LayoutProfile) throws {
        let tables = try Self.tables(profile: profile)
        let f = tables.view.lookup(0x66)
        // "fi" and "fl" are decided by the pair; DejaVu Sans's "ff" starts "ffi" and "ffl" too.
        #expect(tables.asciiLigaturePairs[0x66 << 7 | 0x69] >= 2)
        #expect(tables.asciiLigaturePairs[0x66 << 7 | 0x6C] >= 2)
        var decided = 0
        for pair in 0..<(128 * 128) where tables.asciiLigaturePairs[pair] >= 2 {
            decided += 1
            let index = Int(tables.asciiLigaturePairs[pair])
            let left = tables.view.lookup(UInt32(pair >> 7))
            let right = tables.view.lookup(UInt32(pair & 127))
            // The font's own table: the first ligature of the left glyph made of the right one.
            let expected = try #require(tables.fonts[left.font].ligatureTable.ligatures(startingWith: left.glyph).first {
                $0.components.first == right.glyph
            })
            #expect(expected.components.count == 1)
            #expect(tables.asciiLigatureGlyphs[index] == expected.glyph)
            let plain = tables.lookupGlyphAdvance(left.glyph, font: left.font) + right.advance
            #expect(tables.asciiLigatureAdjustments[index] == tables.lookupGlyphAdvance(expected.glyph, font: left.font) - plain)
            // Every ASCII byte after the pair, and the pair cut by the limit.
            for third in 0..<128 {
                let bytes: [UInt8] = [UInt8(pair >> 7), UInt8(pair & 127), UInt8(third)]
                bytes.withUnsafeBufferPointer { bytes in
                    let formed = tables.view.ligature(startingWith: left.glyph, font: left.font, at: 0, limit: 3, in: bytes)
                    #expect(formed?.glyph == expected.glyph && formed?.scalars == 2)
                    #expect(tables.view.ligature(startingWith: left.glyph, font: left.font, at: 0, limit: 1, in: bytes) == nil)
                }
            }
        }
        #expect(decided >= 2)
        #expect(tables.view.startsLigature(f.glyph, font: f.font))
    }
}
