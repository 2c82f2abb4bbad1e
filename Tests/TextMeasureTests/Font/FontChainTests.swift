import Testing
@testable import TextMeasure

@Suite("Font chains and fallback")
struct FontChainTests {
    @Test("Each scalar resolves to the first font that has it; none → glyph 0 of font 0")
    func fallback() throws {
        let chain = try FontChain.bundled()
        #expect(chain.fonts.map(\.familyName) == ["DejaVu Sans", "IPAexGothic", "Noto Color Emoji"])
        let dejaVu = chain.fonts[0]
        let ipa = chain.fonts[1]

        let a = chain.resolve("A")
        #expect(a == ResolvedGlyph(fontIndex: 0, glyph: dejaVu.glyph(for: "A"), advance: dejaVu.advance(of: dejaVu.glyph(for: "A"))))
        #expect(a.glyph != 0)

        for scalar in "あ漢カ、。".unicodeScalars {
            let resolved = chain.resolve(scalar)
            #expect(dejaVu.glyph(for: scalar) == 0)
            #expect(resolved.fontIndex == 1)
            #expect(resolved.glyph == ipa.glyph(for: scalar))
            #expect(resolved.glyph != 0)
            #expect(resolved.advance == ipa.advance(of: resolved.glyph))
        }
        // A supplementary-plane kanji only IPAexGothic has.
        let kanji = chain.resolve("\u{20B9F}")
        #expect(kanji.fontIndex == 1 && kanji.glyph == ipa.glyph(for: "\u{20B9F}") && kanji.glyph != 0)

        let notdef = ResolvedGlyph(fontIndex: 0, glyph: 0, advance: dejaVu.advance(of: 0))
        #expect(notdef.advance > 0)
        #expect(chain.resolve("\u{E000}") == notdef)  // private use
        #expect(chain.resolve("\u{10FFFF}") == notdef)
        #expect(chain.resolve("\u{FFFF}") == notdef)
    }

    @Test("A scalar both fonts have comes from the first")
    func firstFontWins() throws {
        let chain = try FontChain.bundled()
        let reversed = try FontChain([chain.fonts[1], chain.fonts[0]])
        // IPAexGothic has Latin letters too: it wins when it comes first.
        #expect(chain.fonts[1].glyph(for: "A") != 0)
        #expect(reversed.resolve("A").fontIndex == 0)
        #expect(reversed.resolve("A").glyph == chain.fonts[1].glyph(for: "A"))
        #expect(chain.resolve("A").fontIndex == 0)
    }

    @Test("The flat table gives the same answer as asking the fonts in turn, for every BMP scalar")
    func tableMatchesSearch() throws {
        let chain = try FontChain.bundled()
        var mismatches: [UInt32] = []
        var fromSecond = 0
        for codePoint in UInt32(0)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let resolved = chain.resolve(scalar)
            if resolved != FontChain.search(chain.fonts, for: scalar) { mismatches.append(codePoint) }
            if resolved.fontIndex == 1 { fromSecond += 1 }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        #expect(fromSecond > 5000)
    }

    @Test("Packing round-trips the extremes and refuses what does not fit")
    func packing() throws {
        let font = try Font(path: try BundledFontPaths.dejaVuSans())
        let chain = try FontChain([font])
        #expect(FontChain.pack(ResolvedGlyph(fontIndex: 0, glyph: 0x1_0000, advance: 1)) == FontChain.unpacked)
        #expect(FontChain.pack(ResolvedGlyph(fontIndex: 0xFFFF, glyph: 1, advance: 1)) == FontChain.unpacked)
        let extreme = ResolvedGlyph(fontIndex: 0xFFFE, glyph: 0xFFFF, advance: -2)
        let packed = FontChain.pack(extreme)
        #expect(packed != FontChain.unpacked)
        #expect(packed >> 48 == 0xFFFE && (packed >> 32) & 0xFFFF == 0xFFFF && Int32(truncatingIfNeeded: packed) == -2)
        #expect(chain.resolve(" ").advance == font.advance(of: font.glyph(for: " ")))
    }

    @Test("Chains are equal and hash alike by the identity of their fonts")
    func identity() throws {
        let path = try BundledFontPaths.dejaVuSans()
        let font = try Font(path: path)
        let same = try FontChain([font])
        #expect(same == (try FontChain([font])))
        #expect(same.hashValue == (try FontChain([font])).hashValue)
        #expect(same != (try FontChain([Font(path: path)])))
        // The same font given twice is one face of one family.
        #expect(same == (try FontChain([font, font])))
        #expect(same != (try FontChain([font, Font(path: try BundledFontPaths.ipaexGothic())])))
        #expect(Set([same, try FontChain([font])]).count == 1)
    }

    @Test("The bundled chain is loaded once and shared")
    func bundledIsShared() throws {
        let first = try FontChain.bundled()
        let second = try FontChain.bundled()
        #expect(first == second)
        #expect(first.fonts[0] === second.fonts[0])
        #expect(first.fonts[0].path.hasSuffix("fonts/DejaVuSans.ttf"))
        #expect(first.fonts[1].path.hasSuffix("fonts/ipaexg.ttf"))
        #expect(first.fonts[2].path.hasSuffix("fonts/NotoColorEmoji.ttf"))
    }
}
