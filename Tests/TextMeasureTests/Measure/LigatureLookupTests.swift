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

    /// The ligature the font's own table forms from the scalars of `bytes` (the first of them
    /// starting it, the rest before `limit`): the first of its ligatures whose components are
    /// the next scalars' glyphs in the same font, with the width change the tables compute.
    static func fontLigature(_ tables: StyleTables, _ bytes: [UInt8], limit: Int) -> (glyph: GlyphID, scalars: Int, adjustment: Double)? {
        let scalars = Array(String(decoding: bytes[..<limit], as: UTF8.self).unicodeScalars)
        let first = tables.view.lookup(scalars[0].value)
        guard tables.ligatureFonts[first.font] else { return nil }
        for ligature in tables.fonts[first.font].ligatureTable.ligatures(startingWith: first.glyph) {
            guard ligature.components.count < scalars.count else { continue }
            var plain = tables.lookupGlyphAdvance(first.glyph, font: first.font)
            var matched = true
            for (k, component) in ligature.components.enumerated() {
                let next = tables.view.lookup(scalars[k + 1].value)
                guard next.font == first.font, next.advance != 0, next.glyph == component else { matched = false; break }
                plain += next.advance
            }
            if matched {
                return (ligature.glyph, ligature.components.count + 1,
                        tables.lookupGlyphAdvance(ligature.glyph, font: first.font) - plain)
            }
        }
        return nil
    }

    @Test("Pairs of ASCII bytes whose ligature the next byte decides form the font's ligature, whatever follows", arguments: [LayoutProfile.uikit, .pango])
    func pairLigatures(profile: LayoutProfile) throws {
        let tables = try Self.tables(profile: profile)
        // "fi", "fl" and "ff" (which "ffi" and "ffl" go on from) have rows in DejaVu Sans.
        for right in [0x69, 0x6C, 0x66] { #expect(tables.asciiLigaturePairs[0x66 << 7 | right] >= 2) }
        var rows = 0
        for pair in 0..<(128 * 128) where tables.asciiLigaturePairs[pair] >= 2 {
            rows += 1
            let left = tables.view.lookup(UInt32(pair >> 7))
            // Each ASCII byte after the pair, "é" (two bytes) after it, and nothing before the limit.
            var cases: [([UInt8], Int)] = (0..<128).map { ([UInt8(pair >> 7), UInt8(pair & 127), UInt8($0)], 3) }
            cases.append(([UInt8(pair >> 7), UInt8(pair & 127), 0xC3, 0xA9], 4))
            cases.append(([UInt8(pair >> 7), UInt8(pair & 127), 0x69], 2))
            for (bytes, limit) in cases {
                let expected = Self.fontLigature(tables, bytes, limit: limit)
                bytes.withUnsafeBufferPointer { buffer in
                    let formed = tables.view.ligature(startingWith: left.glyph, font: left.font, at: 0, limit: limit, in: buffer)
                    #expect(formed?.glyph == expected?.glyph, "\(bytes) limit \(limit)")
                    #expect(formed?.scalars == expected?.scalars, "\(bytes) limit \(limit)")
                    #expect(formed?.adjustment == expected?.adjustment, "\(bytes) limit \(limit)")
                }
            }
        }
        #expect(rows >= 3)
    }

    @Test("The kerning before a ligature glyph after an ASCII letter is the font's", arguments: [LayoutProfile.uikit, .pango])
    func kerningBeforeLigature(profile: LayoutProfile) throws {
        let tables = try Self.tables(profile: profile)
        var bytes: [UInt8] = Array("fi".utf8)
        let fi = try #require(bytes.withUnsafeBufferPointer {
            tables.view.ligature(startingWith: tables.view.lookup(0x66).glyph, font: 0, at: 0, limit: 2, in: $0)
        })
        bytes = Array("ffl".utf8)
        let ffl = try #require(bytes.withUnsafeBufferPointer {
            tables.view.ligature(startingWith: tables.view.lookup(0x66).glyph, font: 0, at: 0, limit: 3, in: $0)
        })
        let held = (0..<StyleTables.asciiLigatureKerningSlots).map { tables.asciiLigatureKerningGlyphs[$0] }
        #expect(held.contains(fi.glyph) && held.contains(ffl.glyph))
        var kerned = 0
        // The held ligature glyphs, and one that is not (the "f" glyph: computed).
        for ligature in held.filter({ $0 != .max }) + [tables.view.lookup(0x66).glyph] {
            for ascii in 0..<128 where tables.view.lookup(UInt32(ascii)).font == 0 {
                let expected = tables.kerning(tables.view.lookup(UInt32(ascii)).glyph, ligature, font: 0)
                #expect(tables.view.kerning(ascii: ascii, ligature: ligature) == expected)
                if expected != 0 { kerned += 1 }
            }
        }
        #expect(kerned > 0)  // DejaVu Sans kerns some letters before "fi"
    }
}
