import CHarfBuzz
import LineBreak

extension StyleTables {
    /// Fills `entries` (65,536, uninitialized) with the `Entry` of every BMP code point, in one
    /// pass: the chain's resolve table gives font, glyph and advance; the line-breaking
    /// properties come from `ScalarBreakProperties.basicMultilingualPlane()` (one table load per
    /// code point, not an automaton query per property). A code point no font has gets the
    /// `missing` bit. Surrogate code points get advance 0,
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
        let continuingGlyphs = fonts.indices.map { i in
            ligatureFonts[i] ? ligatureContinuations(ligatureTables[i], glyphCount: fonts[i].glyphCount) : []
        }
        let breakProperties = ScalarBreakProperties.basicMultilingualPlane()
        let unicode = hb_unicode_funcs_get_default()
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
            let extender = isExtender(scalar, lineBreakClass: properties.resolvedClass)
            var flags: UInt8 = (startsLigature ? 1 : 0) | (extender ? 2 : 0)
            let shaped = cp >= 0x300 && needsShaping(UInt32(cp), unicode: unicode)
            if shaped { flags |= Entry.shaped }
            let missing = resolved.glyph == 0 && ClusterCoverage.needsGlyph(scalar)
            if missing { flags |= Entry.missing }
            let glyphs = continuingGlyphs[Int(font)]
            let continuing = advance != 0 && Int(resolved.glyph) < glyphs.count && glyphs[Int(resolved.glyph)]
            if continuing { flags |= Entry.continuing }
            if asciiFastPath, cp >= 0x800, !continuing, !extender, !shaped, !missing, advance != 0 {
                if properties.continuesIdeographicRun { flags |= Entry.ideographic }
                if properties.closesIdeograph { flags |= Entry.closing }
            }
            (entries + cp).initialize(to: Entry(advance: advance, glyph: resolved.glyph, font: font, flags: flags))
        }
    }

    /// Per glyph of a font with standard ligatures: whether it is the first component after the
    /// first glyph of one of them (`Entry.continuesLigature`).
    ///
    /// - Complexity: O(glyphs + ligatures).
    private static func ligatureContinuations(_ table: LigatureTable, glyphCount: Int) -> [Bool] {
        var continuing = [Bool](repeating: false, count: glyphCount)
        for glyph in 0..<glyphCount {
            for ligature in table.ligatures(startingWith: GlyphID(truncatingIfNeeded: glyph)) {
                if let first = ligature.components.first, Int(first) < glyphCount { continuing[Int(first)] = true }
            }
        }
        return continuing
    }

    /// Whether a BMP code point needs HarfBuzz (see `Entry.needsShaping`): marks, joiners and
    /// variation selectors anywhere; the characters that are an emoji run on their own
    /// (Emoji_Presentation, modifier bases: `EmojiCategory.isEmojiAlone`), which take the
    /// chain's emoji font and a run of their own (`Itemizer`); every script but those whose glyphs never change with their
    /// neighbours (Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew letters, Han, kana, Bopomofo,
    /// precomposed Hangul), which the tables measure exactly as HarfBuzz does (kerning and
    /// standard ligatures included).
    static func needsShaping(_ value: UInt32, unicode: OpaquePointer?) -> Bool {
        switch value {
        // Most of the BMP, answered without a property lookup: Han (no marks among them),
        // precomposed Hangul, private use, surrogates, compatibility ideographs.
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xD800...0xF8FF, 0xF900...0xFAFF: return false
        default: break
        }
        if value == 0x200C || value == 0x200D || (0xFE00...0xFE0F).contains(value) { return true }
        // The BMP's emoji-alone characters all lie in U+231A–U+2B55 (EmojiCategoryTests checks).
        if (0x231A...0x2B55).contains(value), EmojiCategory(value).isEmojiAlone { return true }
        switch hb_unicode_general_category(unicode, value) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
            HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
            return true
        default: break
        }
        switch hb_unicode_script(unicode, value) {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN, HB_SCRIPT_LATIN, HB_SCRIPT_GREEK,
            HB_SCRIPT_CYRILLIC, HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN, HB_SCRIPT_HEBREW, HB_SCRIPT_HAN,
            HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO:
            return false
        case HB_SCRIPT_HANGUL:
            return !(0xAC00...0xD7A3).contains(value) && !(0x3130...0x318F).contains(value)
        default:
            return true
        }
    }
}
