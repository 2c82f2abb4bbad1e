import Testing

@testable import TextMeasure

@Suite("SupplementaryGlyphCache")
struct SupplementaryGlyphCacheTests {
    typealias Resolution = SupplementaryGlyphCache.Resolution

    @Test("A slot's word gives back the resolution and only for its scalar")
    func packedRoundTrip() throws {
        let resolutions = [
            Resolution(font: 0, glyph: 0, advance: 0, isZeroWidth: false),
            Resolution(font: 31, glyph: 0xFFFF, advance: (1 << 21) - 1, isZeroWidth: true),
            Resolution(font: 5, glyph: 1234, advance: 2550, isZeroWidth: false),
        ]
        for value: UInt32 in [0x1_0000, 0x1_F600, 0xE_007F, 0x10_FFFF] {
            for resolution in resolutions {
                let word = try #require(SupplementaryGlyphCache.packed(resolution, value: value))
                #expect(SupplementaryGlyphCache.unpacked(word) == resolution)
                #expect(word & 0x1F_FFFF == UInt64(value) + 1)
            }
        }
    }

    @Test("Fields that do not fit a word are not kept")
    func oversizedFieldsAreNotPacked() {
        #expect(SupplementaryGlyphCache.packed(Resolution(font: 32, glyph: 1, advance: 1, isZeroWidth: false), value: 0x1_F600) == nil)
        #expect(SupplementaryGlyphCache.packed(Resolution(font: 1, glyph: 0x1_0000, advance: 1, isZeroWidth: false), value: 0x1_F600) == nil)
        #expect(SupplementaryGlyphCache.packed(Resolution(font: 1, glyph: 1, advance: 1 << 21, isZeroWidth: false), value: 0x1_F600) == nil)
        #expect(SupplementaryGlyphCache.packed(Resolution(font: 1, glyph: 1, advance: -1, isZeroWidth: false), value: 0x1_F600) == nil)
        // Not kept, so asked again.
        let cache = SupplementaryGlyphCache()
        var calls = 0
        for _ in 0..<2 {
            let got = cache.resolution(of: 0x1_F600) {
                calls += 1
                return Resolution(font: 40, glyph: 1, advance: 1, isZeroWidth: false)
            }
            #expect(got.font == 40)
        }
        #expect(calls == 2)
    }

    @Test("A scalar is resolved once; one in the same slot replaces it")
    func resolvesOnceAndReplaces() {
        let cache = SupplementaryGlyphCache()
        var calls = 0
        func resolution(_ value: UInt32) -> Resolution {
            cache.resolution(of: value) {
                calls += 1
                return Resolution(font: Int(value & 7), glyph: value & 0xFFF, advance: Int32(value & 0x3FF), isZeroWidth: value & 1 == 1)
            }
        }
        let first = resolution(0x1_F600)
        #expect(resolution(0x1_F600) == first)
        #expect(calls == 1)
        // 0x1F600 + 2048 falls in the same slot: resolved, and then 0x1F600 again.
        let other = resolution(0x1_F600 + UInt32(SupplementaryGlyphCache.slotCount))
        #expect(other != first)
        #expect(resolution(0x1_F600) == first)
        #expect(calls == 3)
    }

    @Test("lookupSupplementary answers the same from the cache as from the fonts")
    func styleLookupMatchesTheFonts() throws {
        let style = try TextStyle.bundled(fontSize: 17)
        let tables = StyleTables(chain: style.fontChain, size: 17, profile: .uikit)
        let values: [UInt32] = [0x1_F600, 0x1_F44D, 0x1_F3FB, 0x1_F1E6, 0xE_0067, 0xE_007F, 0x1_0000, 0x2_0000, 0x1_D11E]
        let first = values.map { tables.lookupSupplementary($0) }
        let second = values.map { tables.lookupSupplementary($0) }
        for (a, b) in zip(first, second) {
            #expect(a.advance == b.advance && a.font == b.font && a.glyph == b.glyph)
        }
        // The fonts' own answer for a face the emoji font has.
        let fonts = style.fontChain.fonts
        let face = try #require(Unicode.Scalar(0x1_F600))
        let index = try #require(fonts.firstIndex { $0.glyph(for: face) != 0 })
        #expect(first[0].font == index)
        #expect(first[0].glyph == fonts[index].glyph(for: face))
        #expect(first[0].advance > 0)
        // Tags draw nothing.
        #expect(first[5].advance == 0)
    }
}
