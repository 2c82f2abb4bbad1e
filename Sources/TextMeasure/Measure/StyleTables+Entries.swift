import CHarfBuzz
import LineBreak
import Synchronization

extension StyleTables {
    /// Code points per block of `entries` that is filled at once (256: U+xx00–U+xxFF).
    static var entryBlockSize: Int { 256 }

    /// Texts whose entries are filled block by block (`fillEntries(coveringScalarsOf:)`) before
    /// the tables fill every entry at once: a command measuring one row fills only the blocks
    /// its text uses, and a run of many rows pays the whole BMP once, after which walks no longer
    /// scan their text for it.
    static var lazyEntryTexts: Int { 32 }

    /// What filling `entries` needs, worked out once per tables, and which blocks are filled.
    ///
    /// The entries start unfilled but for block 0 (ASCII and Latin-1, which the ASCII tables
    /// read); a walk fills the blocks of its text's scalars first
    /// (`StyleTableView.fillEntries(coveringScalarsOf:)`), and after `lazyEntryTexts` texts every
    /// entry is filled. An entry, once filled, never changes, and is the same whenever it is
    /// filled (`StyleTablesConstructionTests`).
    struct EntryFilling {
        let chain: FontChain
        /// The font size in points.
        let size: Double
        /// The size in Pango units (`.pango`).
        let xScale: Int64
        /// Per font, HarfBuzz's multiplier (`.pango`).
        let multipliers: [Int64]
        /// `.pango`: the width of a character no font has; `nil` for `.uikit`.
        let unknownWidth: Double?
        /// Per font, whether standard ligatures are formed.
        let ligatureFonts: [Bool]
        /// `false` sets no `ideographic` or `closing` bit.
        let asciiFastPath: Bool
        /// Per font, whether it takes the `commonIdeograph` bit: it has no pair kerning, and it
        /// is one of the first 32 fonts (those whose `IdeographicPieces.bit(font:)` is their
        /// mask bit; a style of more than 32 fonts has no common pieces).
        let fontsWithCommonPieces: [Bool]
        /// Per font, its standard ligatures.
        let ligatureTables: [LigatureTable]
        /// Per font, its units per em.
        let unitsPerEm: [Double]
        /// Per font, `ligatureContinuations` of its ligatures (`nil` until a block first needs it).
        var continuing: [[Bool]?]
        /// Per block, whether its entries are filled.
        var filled = [Bool](repeating: false, count: 0x1_0000 / StyleTables.entryBlockSize)
        /// The texts whose blocks have been filled so far.
        var texts = 0
        /// Whether every entry is filled.
        var isComplete = false

        init(
            chain: FontChain, size: Double, xScale: Int64, multipliers: [Int64], unknownWidth: Double?,
            ligatureFonts: [Bool], asciiFastPath: Bool, fontHasKerning: [Bool]
        ) {
            self.chain = chain
            self.size = size
            self.xScale = xScale
            self.multipliers = multipliers
            self.unknownWidth = unknownWidth
            self.ligatureFonts = ligatureFonts
            self.asciiFastPath = asciiFastPath
            self.fontsWithCommonPieces = fontHasKerning.map { !$0 && fontHasKerning.count <= 32 }
            self.ligatureTables = chain.fonts.map(\.ligatureTable)
            self.unitsPerEm = chain.fonts.map { Double($0.unitsPerEm) }
            self.continuing = [[Bool]?](repeating: nil, count: chain.fonts.count)
        }

        /// Fills the entries of block `block` of `entries` (and their `StyleTables.commonFonts(of:)`)
        /// if it is not filled yet.
        ///
        /// - Parameter properties: the line-breaking properties of a code point (a scalar) of
        ///   the block.
        /// - Complexity: O(256).
        mutating func fill(
            block: Int, of entries: UnsafeMutablePointer<Entry>, properties: (Int) -> ScalarBreakProperties
        ) {
            guard !filled[block] else { return }
            filled[block] = true
            let commonFontBytes = UnsafeMutablePointer(mutating: StyleTables.commonFonts(of: entries))
            let unicode = hb_unicode_funcs_get_default()
            let first = block * StyleTables.entryBlockSize
            for cp in first..<(first + StyleTables.entryBlockSize) {
                guard let scalar = Unicode.Scalar(UInt32(cp)) else {  // surrogates
                    let startsLigature = ligatureFonts[0] && ligatureTables[0].startsLigature(0)
                    (entries + cp).initialize(to: Entry(advance: 0, glyph: 0, font: 0, flags: startsLigature ? 1 : 0))
                    commonFontBytes[cp] = StyleTables.notCommon
                    continue
                }
                let resolved = chain.resolve(scalar)
                let advance = self.advance(of: scalar, resolved: resolved)
                let font = Int(UInt8(truncatingIfNeeded: resolved.fontIndex))
                let startsLigature = ligatureFonts[font] && ligatureTables[font].startsLigature(resolved.glyph)
                let breaking = properties(cp)
                let extender = StyleTables.isExtender(scalar, lineBreakClass: breaking.resolvedClass)
                var flags: UInt8 = (startsLigature ? 1 : 0) | (extender ? 2 : 0)
                let shaped = cp >= 0x300 && StyleTables.needsShaping(UInt32(cp), unicode: unicode)
                if shaped { flags |= Entry.shaped }
                let missing = resolved.glyph == 0 && ClusterCoverage.needsGlyph(scalar)
                if missing { flags |= Entry.missing }
                var continuing = false
                if advance != 0, ligatureFonts[font] {
                    if self.continuing[font] == nil { makeContinuing(font: font) }
                    let glyph = Int(resolved.glyph)
                    continuing = self.continuing[font].map { glyph < $0.count && $0[glyph] } ?? false
                }
                if continuing { flags |= Entry.continuing }
                if !PangoScriptRuns.isReal(PangoScriptRuns.scalarScript(UInt32(cp), unicode: unicode)) {
                    flags |= Entry.scriptless
                }
                var runFlags: UInt8 = 0
                var commonFont = StyleTables.notCommon
                if asciiFastPath, cp >= 0x800, !continuing, !extender, !shaped, !missing, advance > 0 {
                    if breaking.continuesIdeographicRun {
                        flags |= Entry.ideographic
                        if fontsWithCommonPieces[font] {
                            runFlags |= Entry.commonIdeograph
                            commonFont = UInt8(font)
                        }
                    }
                    if breaking.closesIdeograph {
                        flags |= Entry.closing
                        if !breaking.continuesIdeographicRun, fontsWithCommonPieces[font] {
                            commonFont = UInt8(font) | StyleTables.commonClosing
                        }
                    }
                    if breaking.closesClosedIdeograph { runFlags |= Entry.closingAgain }
                    if breaking.opensIdeograph { runFlags |= Entry.opening }
                    if breaking.closesBeforeASCIIWords { runFlags |= Entry.closingBeforeWords }
                }
                // A space or U+3000 the run goes on after (`StyleTables.runWhitespaceScalars`,
                // whose advances in each font the fast path reads).
                if asciiFastPath, breaking.isIdeographicRunWhitespace, StyleTables.runWhitespaceScalars.contains(UInt32(cp)) {
                    runFlags |= Entry.runWhitespace
                }
                (entries + cp).initialize(
                    to: Entry(advance: advance, glyph: resolved.glyph, font: UInt8(font), flags: flags, runFlags: runFlags))
                commonFontBytes[cp] = commonFont
            }
        }

        /// The advance (width units) of the entry of `scalar`, which the chain resolves to
        /// `resolved` (`FontChain.resolve`).
        func advance(of scalar: Unicode.Scalar, resolved: ResolvedGlyph) -> Double {
            let cp = Int(scalar.value)
            // No zero-width scalar lies in U+3165–U+FDFF (most of the BMP: CJK), so skip the test.
            if (cp < 0x3165 || cp >= 0xFE00) && StyleTables.isZeroWidth(scalar) { return 0 }
            if resolved.glyph == 0, let unknownWidth {
                return StyleTables.harfBuzzFallbackSpace(
                    scalar, font: chain.fonts[0], xScale: xScale, multiplier: multipliers[0]) ?? unknownWidth
            }
            if unknownWidth != nil {
                return Double(StyleTables.pangoScale(Int64(resolved.advance), multipliers[resolved.fontIndex]))
            }
            return Double(resolved.advance) * size / unitsPerEm[resolved.fontIndex]
        }

        /// Fills every block not filled yet.
        ///
        /// - Complexity: O(65,536).
        mutating func fillAll(of entries: UnsafeMutablePointer<Entry>) {
            guard !isComplete else { return }
            let properties = ScalarBreakProperties.basicMultilingualPlane()
            properties.withUnsafeBufferPointer { properties in
                for block in filled.indices { fill(block: block, of: entries) { properties[$0] } }
            }
            isComplete = true
        }

        /// Fills the blocks of the BMP scalars of `bytes` (valid UTF-8), scalar by scalar as
        /// `TextWalker.decode` reads them.
        ///
        /// - Complexity: O(n) in the length of `bytes`, plus O(256) per block filled.
        mutating func fill(coveringScalarsOf bytes: UnsafeBufferPointer<UInt8>, of entries: UnsafeMutablePointer<Entry>) {
            var i = 0
            while i < bytes.count {
                let (value, length) = TextWalker.decode(bytes, at: i)
                i += length
                guard value < 0x1_0000 else { continue }
                let block = Int(value) / StyleTables.entryBlockSize
                if !filled[block] {
                    fill(block: block, of: entries) { ScalarBreakProperties.ofBMPCodePoint(UInt32($0)) }
                }
            }
        }

        /// Makes `continuing` of font `font`.
        private mutating func makeContinuing(font: Int) {
            continuing[font] = StyleTables.ligatureContinuations(
                ligatureTables[font], glyphCount: chain.fonts[font].glyphCount)
        }
    }

    /// Fills the entries of the BMP scalars of `bytes` (valid UTF-8) that are not filled yet —
    /// or, once `lazyEntryTexts` texts have come here, every entry, after which
    /// `entriesComplete` is set and no walk comes here again. Thread-safe: the filling happens
    /// under a lock, and an entry a walk reads was filled before its walk started.
    ///
    /// - Complexity: O(n) in the length of `bytes`, plus O(256) per block filled (O(65,536) once).
    @inline(never)
    func fillEntries(coveringScalarsOf bytes: UnsafeBufferPointer<UInt8>) {
        let entries = self.entries
        entryFilling.withLock { filling in
            guard !filling.isComplete else { return }
            filling.texts += 1
            if filling.texts > StyleTables.lazyEntryTexts {
                filling.fillAll(of: entries)
                entriesComplete.pointee.store(true, ordering: .releasing)
            } else {
                filling.fill(coveringScalarsOf: bytes, of: entries)
            }
        }
    }

    /// Fills every entry now (for code that reads `entries` for any code point, and tests).
    ///
    /// - Complexity: O(65,536) the first time.
    func fillAllEntries() {
        let entries = self.entries
        entryFilling.withLock { filling in
            filling.fillAll(of: entries)
            entriesComplete.pointee.store(true, ordering: .releasing)
        }
    }

    /// Per glyph of a font with standard ligatures: whether it is the first component after the
    /// first glyph of one of them (`Entry.continuesLigature`).
    ///
    /// - Complexity: O(glyphs + ligatures).
    static func ligatureContinuations(_ table: LigatureTable, glyphCount: Int) -> [Bool] {
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
