import Testing
@testable import TextMeasure

@Suite("Pair kerning of the bundled fonts")
struct FontKerningTests {
    @Test("DejaVu Sans kerns (kern table and GPOS 'kern'); IPAexGothic has neither")
    func whichFontsKern() throws {
        let dejaVu = try Font(path: try BundledFontPaths.dejaVuSans())
        let ipa = try Font(path: try BundledFontPaths.ipaexGothic())
        #expect(dejaVu.hasKerning)
        #expect(!ipa.hasKerning)
        #expect(dejaVu.hasTable("kern") && !ipa.hasTable("kern"))
        // Both have a GPOS table, but only DejaVu Sans's has pair kerning under the 'kern'
        // feature (IPAexGothic's has only palt/halt/vpal/vhal, which are off by default).
        #expect(dejaVu.hasTable("GPOS") && ipa.hasTable("GPOS"))
        #expect(dejaVu.hasGPOSKerning)
        #expect(!ipa.hasGPOSKerning)
        let a = dejaVu.glyph(for: "A")
        let v = dejaVu.glyph(for: "V")
        #expect(dejaVu.kerning(a, v) < 0)
        #expect(dejaVu.kerning(a, v) == dejaVu.freeTypeKerning(a, v))
        #expect(ipa.kerning(ipa.glyph(for: "A"), ipa.glyph(for: "V")) == 0)
    }

    @Test("Every pair listed in DejaVu Sans's kern table has the listed value")
    func listedPairs() throws {
        let path = try BundledFontPaths.dejaVuSans()
        let pairs = try SFNTFile(path: path).kerningPairs()
        let font = try Font(path: path)
        #expect(pairs.count > 1000)
        var mismatches = 0
        for pair in pairs where font.kerning(GlyphID(pair.left), GlyphID(pair.right)) != Int32(pair.value) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test("Kerning equals FreeType's FT_Get_Kerning (unscaled) for each kerned left glyph against every right glyph")
    func matchesFreeType() throws {
        let path = try BundledFontPaths.dejaVuSans()
        let lefts = Set(try SFNTFile(path: path).kerningPairs().map(\.left)).sorted()
        let font = try Font(path: path)
        var checked = 0
        var mismatches: [(GlyphID, GlyphID)] = []
        for left in lefts.map(GlyphID.init) {
            for right in 0..<GlyphID(font.glyphCount) {
                if font.kerning(left, right) != font.freeTypeKerning(left, right) { mismatches.append((left, right)) }
                checked += 1
            }
        }
        // And left glyphs without pairs, sampled: FreeType must find nothing either.
        var generator = SplitMix64(seed: 17)
        for _ in 0..<20_000 {
            let left = GlyphID(generator.next() % UInt64(font.glyphCount))
            let right = GlyphID(generator.next() % UInt64(font.glyphCount))
            if font.kerning(left, right) != font.freeTypeKerning(left, right) { mismatches.append((left, right)) }
            checked += 1
        }
        #expect(checked > 500_000)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }
}

/// A small deterministic pseudo-random generator (SplitMix64) for reproducible samples.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
