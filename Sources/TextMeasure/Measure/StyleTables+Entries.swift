import LineBreak

extension StyleTables {
    /// Fills `entries` (65,536, uninitialized) with the `Entry` of every BMP code point, in one
    /// pass: the chain's resolve table gives font, glyph and advance; the line-breaking
    /// properties come from `ScalarBreakProperties.basicMultilingualPlane()` (one table load per
    /// code point, not an automaton query per property). Surrogate code points get advance 0,
    /// glyph 0 of font 0 and no flags but the ligature bit of glyph 0.
    ///
    /// - Parameters:
    ///   - xScale: the size in Pango units (`.pango`).
    ///   - multipliers: per font, HarfBuzz's multiplier (`.pango`).
    ///   - unknownWidth: `.pango`: the width of a character no font has; `nil` for `.uikit`.
    ///   - ligatureFonts: per font, whether standard ligatures are formed.
    ///   - asciiFastPath: `false` sets no `ideographic` or `closing` bit.
    /// - Complexity: O(65,536).
    static func fillEntries(
        _ entries: UnsafeMutablePointer<Entry>, chain: FontChain, size: Double, xScale: Int64, multipliers: [Int64],
        unknownWidth: Double?, ligatureFonts: [Bool], asciiFastPath: Bool
    ) {
        let fonts = chain.fonts
        let pango = unknownWidth != nil
        let unitsPerEm = fonts.map { Double($0.unitsPerEm) }
        let ligatureTables = fonts.map(\.ligatureTable)
        let breakProperties = ScalarBreakProperties.basicMultilingualPlane()
        for cp in 0..<0x1_0000 {
            guard let scalar = Unicode.Scalar(UInt32(cp)) else {  // surrogates
                let startsLigature = ligatureFonts[0] && ligatureTables[0].startsLigature(0)
                (entries + cp).initialize(to: Entry(advance: 0, glyph: 0, font: 0, flags: startsLigature ? 1 : 0))
                continue
            }
            let resolved = chain.resolve(scalar)
            var advance = 0.0
            // No zero-width scalar lies in U+3165–U+FDFF (most of the BMP: CJK), so skip the test.
            if (cp < 0x3165 || cp >= 0xFE00) && isZeroWidth(scalar) {
                advance = 0
            } else if resolved.glyph == 0, let unknownWidth {
                advance = harfBuzzFallbackSpace(scalar, font: fonts[0], xScale: xScale, multiplier: multipliers[0])
                    ?? unknownWidth
            } else if pango {
                advance = Double(pangoScale(Int64(resolved.advance), multipliers[resolved.fontIndex]))
            } else {
                advance = Double(resolved.advance) * size / unitsPerEm[resolved.fontIndex]
            }
            let font = UInt8(truncatingIfNeeded: resolved.fontIndex)
            let startsLigature = ligatureFonts[Int(font)] && ligatureTables[Int(font)].startsLigature(resolved.glyph)
            let properties = breakProperties[cp]
            let extender = isExtender(properties.resolvedClass)
            var flags: UInt8 = (startsLigature ? 1 : 0) | (extender ? 2 : 0)
            if asciiFastPath, cp >= 0x800, !startsLigature, !extender, advance != 0 {
                if properties.continuesIdeographicRun { flags |= Entry.ideographic }
                if properties.closesIdeograph { flags |= Entry.closing }
            }
            (entries + cp).initialize(to: Entry(advance: advance, glyph: resolved.glyph, font: font, flags: flags))
        }
    }
}
