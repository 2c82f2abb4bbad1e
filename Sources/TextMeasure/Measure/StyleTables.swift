import CHarfBuzz
import LineBreak
import Synchronization

/// Per-style lookup tables for the measuring hot path: for every code point of the Basic
/// Multilingual Plane, the scaled advance, the index of the font that draws it and its glyph —
/// filled 256 code points at a time as the texts measured need them, and all at once after a few
/// texts (`EntryFilling`), so that a command measuring one row builds only what its text uses.
///
/// Built once per (font chain, size, profile, line-break tailoring) and shared (see `StyleTables.shared(for:)`), so
/// measuring never calls into FreeType and never looks anything up in a dictionary per scalar.
/// Widths are in *width units*: points for `.uikit`, whole Pango units (1/1024 pt) for `.pango`.
final class StyleTables: @unchecked Sendable {  // immutable after init; raw storage freed in deinit
    /// Everything the hot path needs about a BMP code point, in one load.
    struct Entry {
        /// Advance in width units (0 for mandatory breaks and default ignorables).
        var advance: Double
        /// Glyph in its font.
        var glyph: GlyphID
        /// Index of the font.
        var font: UInt8
        /// Bit 0: a standard ligature may start with this glyph. Bit 1: the code point
        /// extends the grapheme cluster before it where line breaking may not see it (line-break
        /// class CM, ZWJ or EM), see `isExtender`. Bit 2 (`ideographic`): see `isIdeographic`.
        /// Bit 3 (`closing`): see `closesIdeograph`. Bit 4 (`shaped`): see `needsShaping`.
        /// Bit 5 (`missing`): see `isMissing`. Bit 6 (`continuing`): see `continuesLigature`.
        /// Bit 7 (`scriptless`): see `hasNoScript`.
        var flags: UInt8

        /// Whether the walker's ideographic fast path may take the code point: three bytes in
        /// UTF-8, it continues an ideographic run for line breaking
        /// (`LineSegmentIterator.continuesIdeographicRun`), and it measures as a plain glyph (a
        /// positive advance, no ligature continuing with it, not an extender). A ligature may
        /// start with it (か in IPAexGothic, before U+309A): the fast path steps it only before
        /// a code point that is `isIdeographic` or `closesIdeograph`, which continues no
        /// ligature, so none forms.
        var isIdeographic: Bool {
            @inline(__always) get { flags & StyleTables.Entry.ideographic != 0 }
        }

        /// The `flags` bit of `isIdeographic`.
        static var ideographic: UInt8 { 4 }

        /// Whether the walker's ideographic fast path may take the code point after an ideograph
        /// when an ideographic one follows it: three bytes in UTF-8, no break before it and one
        /// after it (`LineSegmentIterator.closesIdeograph`), and it measures as a plain glyph (a
        /// positive advance, as `isIdeographic`).
        var closesIdeograph: Bool {
            @inline(__always) get { flags & StyleTables.Entry.closing != 0 }
        }

        /// The `flags` bit of `closesIdeograph`.
        static var closing: UInt8 { 8 }

        /// Whether the code point's width depends on its neighbours beyond pair kerning
        /// (contextual forms, conjuncts, marks, joiners, variation selectors): a piece holding
        /// one is shaped by HarfBuzz (`StyleTables.appendShapedWidths`).
        var needsShaping: Bool {
            @inline(__always) get { flags & StyleTables.Entry.shaped != 0 }
        }

        /// The `flags` bit of `needsShaping`.
        static var shaped: UInt8 { 16 }

        /// Whether no font of the chain has a glyph for the code point although it needs one
        /// (`ClusterCoverage.needsGlyph`): it is measured as the primary font's missing glyph,
        /// and counted (`MissingGlyphTally`). Such a code point never takes the ASCII or
        /// ideographic fast paths.
        var isMissing: Bool {
            @inline(__always) get { flags & StyleTables.Entry.missing != 0 }
        }

        /// The `flags` bit of `isMissing`.
        static var missing: UInt8 { 32 }

        /// Whether a standard ligature of the code point's font may continue with it: it has a
        /// non-zero advance and its glyph is the first component after the first glyph of one of
        /// the font's ligatures (what `StyleTableView.ligature(startingWith:…)` compares first). A
        /// ligature starting before a code point without this bit cannot form.
        var continuesLigature: Bool {
            @inline(__always) get { flags & StyleTables.Entry.continuing != 0 }
        }

        /// The `flags` bit of `continuesLigature`.
        static var continuing: UInt8 { 64 }

        /// Whether the code point has no script of its own (UAX #24 Script Common, Inherited or
        /// Unknown; Pango's `!REAL_SCRIPT`): it joins the script run it is in, which may have
        /// begun before the piece of text it starts (`TextWalker.continuedScriptRun`).
        var hasNoScript: Bool {
            @inline(__always) get { flags & StyleTables.Entry.scriptless != 0 }
        }

        /// The `flags` bit of `hasNoScript`.
        static var scriptless: UInt8 { 128 }

        /// More bits, for the ideographic fast path (in the entry's padding: the entry stays 16
        /// bytes). Bit 0 (`closingAgain`): see `closesClosedIdeograph`. Bit 1 (`opening`): see
        /// `opensIdeograph`. Bit 2 (`commonIdeograph`): see `isCommonIdeograph`. Bit 3
        /// (`runWhitespace`): see `isIdeographicRunWhitespace`. Bit 4 (`closingBeforeWords`):
        /// see `closesBeforeASCIIWords`. Set only with `StyleTables.init`'s `asciiFastPath`, and
        /// but for bit 3 (U+0020 and U+3000) only where `isIdeographic` and `closesIdeograph` may
        /// be (a plain glyph of three bytes in UTF-8).
        var runFlags: UInt8 = 0

        /// Whether the walker's ideographic fast path may take the code point after an ideograph
        /// and a scalar that closes it (`closesIdeograph`), when an ideographic one follows them
        /// (`LineSegmentIterator.closesClosedIdeograph`: "」。", "ュー"), and it measures as a
        /// plain glyph (as `isIdeographic`).
        var closesClosedIdeograph: Bool {
            @inline(__always) get { runFlags & StyleTables.Entry.closingAgain != 0 }
        }

        /// The `runFlags` bit of `closesClosedIdeograph`.
        static var closingAgain: UInt8 { 1 }

        /// Whether the walker's ideographic fast path may take the code point before an ideograph,
        /// in the segment of that ideograph (`LineSegmentIterator.opensIdeograph`: "「確"), and it
        /// measures as a plain glyph (as `isIdeographic`).
        var opensIdeograph: Bool {
            @inline(__always) get { runFlags & StyleTables.Entry.opening != 0 }
        }

        /// The `runFlags` bit of `opensIdeograph`.
        static var opening: UInt8 { 2 }

        /// Whether the code point `isIdeographic` in a font with no pair kerning, one of the
        /// style's first 32 (`IdeographicPieces.kerningFonts` has none of its bits): a lead of the
        /// ideographic fast path's common pieces, tested with one bit in its loop.
        var isCommonIdeograph: Bool {
            @inline(__always) get { runFlags & StyleTables.Entry.commonIdeograph != 0 }
        }

        /// The `runFlags` bit of `isCommonIdeograph`.
        static var commonIdeograph: UInt8 { 4 }

        /// Whether the code point is white space after which the walker's ideographic fast path
        /// goes on (`LineSegmentIterator.isIdeographicRunWhitespace`: a space, U+3000; never a
        /// tab), when an ideographic one follows it: the piece before it and the white space
        /// make a segment (`IdeographicPieces.continuation()`). Set on U+0020 and U+3000 only
        /// (`StyleTables.runWhitespaceScalars`).
        var isIdeographicRunWhitespace: Bool {
            @inline(__always) get { runFlags & StyleTables.Entry.runWhitespace != 0 }
        }

        /// The `runFlags` bit of `isIdeographicRunWhitespace`.
        static var runWhitespace: UInt8 { 8 }

        /// Whether the walker's ideographic fast path goes on after an ASCII word
        /// (`IdeographicPieces.continuation()`) that follows an ideograph and this code point,
        /// which closes it (`LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy:)`:
        /// "、", "。"), where it `closesIdeograph`.
        var closesBeforeASCIIWords: Bool {
            @inline(__always) get { runFlags & StyleTables.Entry.closingBeforeWords != 0 }
        }

        /// The `runFlags` bit of `closesBeforeASCIIWords`.
        static var closingBeforeWords: UInt8 { 16 }
    }

    /// `Entry` of each BMP code point (65,536), filled block by block as texts need them (see
    /// `EntryFilling`): read only entries of scalars of a text that
    /// `StyleTableView.fillEntries(coveringScalarsOf:)` was given, or after `fillAllEntries()`.
    /// The memory after them holds the `commonFonts(of:)` bytes, filled with them.
    let entries: UnsafeMutablePointer<Entry>

    /// Per BMP code point (65,536, after `entries` in the same allocation, filled with each
    /// entry): the entry's `font` where it `isCommonIdeograph`; `font | commonClosing` where
    /// it `closesIdeograph` (and is not `isIdeographic`) in a font with no pair kerning, one of
    /// the style's first 32 (as a common ideograph's); else `notCommon`. One byte that the
    /// ideographic fast path compares with a font to take a stretch of pieces of that font
    /// alone, which all have the same font mask (`IdeographicPieces.takeCommon(while:)`). A
    /// table of its own: a 16th byte in `Entry` (15 bytes now) costs other scripts about 500
    /// instructions a row in the code that loads entries.
    @inline(__always)
    static func commonFonts(of entries: UnsafePointer<Entry>) -> UnsafePointer<UInt8> {
        (UnsafeRawPointer(entries) + 0x1_0000 * MemoryLayout<Entry>.stride).assumingMemoryBound(to: UInt8.self)
    }

    /// `entries[code].advance`, read from the `commonFonts(of: entries)` pointer `commonFonts`
    /// (the entries lie at a fixed distance before it): a loop that reads both needs one base
    /// register for them, not two.
    @inline(__always)
    static func entryAdvance(of code: Int, commonFonts: UnsafePointer<UInt8>) -> Double {
        let stride = MemoryLayout<Entry>.stride
        return (UnsafeRawPointer(commonFonts) + (code &* stride &- 0x1_0000 &* stride)).load(as: Double.self)
    }

    /// The bit of a `commonFonts(of:)` byte that marks a closing scalar (a font index is below
    /// 32).
    static var commonClosing: UInt8 { 0x40 }

    /// The `commonFonts(of:)` byte of a code point that is neither a common ideograph nor a
    /// common closing scalar.
    static var notCommon: UInt8 { 0xFF }

    /// Allocates memory for `entries` and the `commonFonts(of:)` after them, bound to each.
    private static func allocateEntries() -> UnsafeMutablePointer<Entry> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: 0x1_0000 * (MemoryLayout<Entry>.stride + 1), alignment: MemoryLayout<Entry>.alignment)
        (raw + 0x1_0000 * MemoryLayout<Entry>.stride).bindMemory(to: UInt8.self, capacity: 0x1_0000)
        return raw.bindMemory(to: Entry.self, capacity: 0x1_0000)
    }
    /// Whether every entry is filled, in memory of its own (read through the view).
    let entriesComplete: UnsafeMutablePointer<Atomic<Bool>>
    /// How the entries are filled and which are (`StyleTables+Entries.swift`).
    let entryFilling: Mutex<EntryFilling>
    /// Kerning between two ASCII code points both drawn by the primary font, width units
    /// (128 × 128, indexed `left << 7 | right`).
    let asciiKerning: UnsafeMutablePointer<Double>
    /// For each byte value (256): 1 when it is an ASCII scalar the fast path may measure from
    /// `entries` and `asciiKerning` alone — drawn by the primary font with a glyph of its own, a
    /// non-zero advance and no ligature starting with it; 0 otherwise (all bytes ≥ 0x80).
    let asciiSimple: UnsafeMutablePointer<UInt8>
    /// The advance of each ASCII scalar (128), width units: `entries[cp].advance`, copied where
    /// the ASCII fast path reads it with one scaled load (an entry is 16 bytes, an advance 8).
    let asciiAdvances: UnsafeMutablePointer<Double>
    /// For each byte value (256): 1 when it is an ASCII scalar that `asciiSimple` leaves out only
    /// because a ligature may start with it ("f": drawn by the primary font with a glyph of its
    /// own and a non-zero advance, not missing), which the fast path measures as if `asciiSimple`
    /// marked it where `StyleTableView.mayStartLigature` says none starts there ("of", "for" —
    /// what `GlyphStepper.step` measures inline); 0 otherwise.
    let asciiLigatureStarts: UnsafeMutablePointer<UInt8>
    /// For each pair of ASCII code points (`left << 7 | right`), non-zero when a standard
    /// ligature of `left`'s font starts with `left`'s glyph followed by `right`'s (what
    /// `StyleTableView.ligature(startingWith:…)` would try to match), else 0: "of", "for" never
    /// look the ligature table up. Values from 2 on: the pair's row of `asciiLigatureRows`, for
    /// a pair whose ligatures going on with `right`'s glyph have at most three glyphs ("fi", and
    /// "ff", which "ffi" and "ffl" go on from), so that the byte after the pair decides which
    /// forms; 1: anything else.
    let asciiLigaturePairs: UnsafeMutablePointer<UInt8>
    /// Rows of 256 codes (row `r` at `r << 8`, rows from 2 on): per byte after the pair (its
    /// value; 0x80, never the first byte of a scalar, where the pair ends at the limit) the
    /// ligature `StyleTableView.ligature(startingWith:…)` forms from the pair's first byte:
    /// 0 none, 255 "ask the ligature table" (a byte ≥ 0x80 after a pair that a third glyph may
    /// continue), else an index into `asciiLigatureGlyphs`, `asciiLigatureScalars` and
    /// `asciiLigatureAdjustments`. Filled at load through that function (`fillASCIILigatureRows`).
    let asciiLigatureRows: UnsafeMutablePointer<UInt8>
    /// The ligature glyph of each code of `asciiLigatureRows` (256).
    let asciiLigatureGlyphs: UnsafeMutablePointer<GlyphID>
    /// The number of scalars each code of `asciiLigatureRows` covers (256).
    let asciiLigatureScalars: UnsafeMutablePointer<UInt8>
    /// The width change (width units) of each code of `asciiLigatureRows` (256).
    let asciiLigatureAdjustments: UnsafeMutablePointer<Double>
    /// Up to `asciiLigatureKerningSlots` distinct ligature glyphs of the primary font from
    /// `asciiLigatureGlyphs` (`GlyphID.max` past the last), each with 128 kerning values at
    /// `slot << 7` in `asciiLigatureKerning`: `kerning(_:_:font:)` between each ASCII scalar's
    /// glyph and the ligature's. Filled at load through `kerning(_:_:font:)`.
    let asciiLigatureKerningGlyphs: UnsafeMutablePointer<GlyphID>
    /// See `asciiLigatureKerningGlyphs`.
    let asciiLigatureKerning: UnsafeMutablePointer<Double>
    /// How many ligature glyphs `asciiLigatureKerningGlyphs` holds at most.
    static let asciiLigatureKerningSlots = 8
    /// `asciiKerning` compressed to fit the first-level cache (128 × 128, indexed
    /// `left << 7 | right`): 0 for no kerning; `asciiKerningNotSimple` (254) where `right` is
    /// not marked in `asciiSimple` (whatever the kerning), which the loop over a run of ASCII
    /// text reads in place of `asciiSimple`; 255 for "read `asciiKerning`" (as for 254); else an
    /// index into `asciiKerningValues` (the distinct non-zero values).
    let asciiKerningIndex: UnsafeMutablePointer<UInt8>
    /// The code of `asciiKerningIndex` for a pair whose right byte `asciiSimple` does not mark:
    /// its kerning is read from `asciiKerning` (`StyleTableView.compactASCIIKerning(_:index:)`).
    static let asciiKerningNotSimple: UInt8 = 254
    /// The distinct non-zero values of `asciiKerning` (at most 253), from index 1.
    let asciiKerningValues: UnsafeMutablePointer<Double>

    /// Width units per point: 1 for `.uikit`, 1024 for `.pango`.
    let unitsPerPoint: Double
    /// The layout profile the tables were built for.
    let profile: LayoutProfile
    /// The chain's fonts.
    let fonts: [Font]
    /// Per font: whether it has pair kerning (freed in deinit, read through `StyleTableView`).
    let fontHasKerningStorage: UnsafeBufferPointer<Bool>
    /// Per font: whether kerning comes from GPOS (a GPOS-kerned font; else the `kern` table).
    let usesGPOSKerning: [Bool]
    /// Per font: the factor from font units to width units (`.uikit`; `.pango` uses `pangoMultipliers`).
    let unitScales: [Double]
    /// Per font: HarfBuzz's 16.16 multiplier from font units to Pango units (`.pango`).
    let pangoMultipliers: [Int64]
    /// Per font: line height in points before `lineHeightMultiple` (profile rules applied; freed
    /// in deinit, read through `StyleTableView`).
    let lineHeightStorage: UnsafeBufferPointer<Double>
    /// Per font, the advances (width units) of U+0020 and of U+3000 in that font as white space
    /// measures there (`whitespaceAdvance(_:entryAdvance:in:scale:)`), two a font: what the
    /// ideographic fast path adds for the white space after a piece
    /// (`IdeographicPieces.continuation()`). Freed in deinit, read through `StyleTableView`.
    let runWhitespaceAdvanceStorage: UnsafeBufferPointer<Double>
    /// `.pango`, fonts whose baselines differ: where each font's baselines are, which Pango 1.50
    /// aligns a line's runs on (`BaselineShifts`; freed in deinit, read through `StyleTableView`).
    let baselineStorage: UnsafeBufferPointer<Double>?
    /// `.pango`: the width Pango gives a character no font has (its "unknown glyph" box).
    let pangoUnknownGlyphWidth: Double?
    /// Per font: whether standard ligatures are formed (a font with GSUB `liga` ligatures).
    let ligatureFonts: [Bool]
    /// The ligatures of `ligatureFonts` as the hot path reads them (freed in deinit, read through
    /// `StyleTableView`).
    let ligatureLookup: LigatureLookup
    /// Per font: the HarfBuzz font that shapes pieces holding a scalar that `needsShaping`, at
    /// the Pango scale (`.pango`: positions in Pango units) or at units per em (`.uikit`: font
    /// units, scaled by `unitScales`).
    let harfBuzzFonts: [HarfBuzzFont]
    /// The chain's emoji font and its index, which emoji runs take (`Itemizer`;
    /// `FontChain.emojiFontIndex`).
    let emojiFont: (index: Int, font: Font)?
    /// What HarfBuzz made of the pieces measured so far (the word cache).
    let shapedPieces = ShapedPieceCache()
    /// The clusters of the shaped ranges measured cluster by cluster so far (overlong words).
    let shapedClusters = ShapedClusterCache()
    /// The dictionary breaks of the texts measured so far (`DictionaryBreaks`).
    let dictionaryBreaks = DictionaryBreakCache()
    /// The styles of attributed-text runs measured over these tables (`RunStyleCache`).
    let runStyles = RunStyleCache()
    /// The supplementary scalars resolved through the chain so far (`lookupSupplementary`).
    let supplementaryGlyphs = SupplementaryGlyphCache()

    /// - Parameter asciiFastPath: `false` leaves `asciiSimple` all zeros and no entry
    ///   `isIdeographic` or `closesIdeograph`, so that every scalar takes the general path
    ///   (tests compare the two).
    /// - Parameter lineBreakTailoring: The UAX #14 tailoring of the style's line-break strategy.
    /// - Parameter ligatures: `false` forms no standard ligature (Pango turns them off in
    ///   letter-spaced text).
    init(
        chain: FontChain, size: Double, profile: LayoutProfile, lineBreakTailoring: LineBreakTailoring = [],
        asciiFastPath: Bool = true, ligatures: Bool = true
    ) {
        viewFields = .allocate(capacity: 1)  // initialized last (it refers to the finished tables)
        self.profile = profile
        self.unitsPerPoint = profile == .pango ? 1024 : 1
        let fonts = chain.fonts
        self.fonts = fonts
        self.emojiFont = chain.emojiFontIndex.map { ($0, fonts[$0]) }
        // Both profiles take what HarfBuzz gives: GPOS kerning when the font has it, else the
        // legacy `kern` table, and the default standard ligatures (`liga`); they differ only in
        // the precision of the sums (DESIGN.md, compatibility profiles).
        let useGPOS = fonts.map { $0.hasGPOSKerning }
        self.usesGPOSKerning = useGPOS
        let fontHasKerning = fonts.indices.map { useGPOS[$0] || fonts[$0].hasKerning }
        self.fontHasKerningStorage = StyleTables.copy(fontHasKerning)
        let ligatureFonts = fonts.map { ligatures && !$0.ligatureTable.isEmpty }
        self.ligatureFonts = ligatureFonts
        let unitScales = fonts.map { size / Double($0.unitsPerEm) }
        self.unitScales = unitScales
        // HarfBuzz: x_scale = size in Pango units; em_mult = (x_scale << 16) / upem.
        let xScale = Int64((size * 1024).rounded())
        let multipliers = fonts.map { (xScale << 16) / Int64($0.unitsPerEm) }
        self.pangoMultipliers = multipliers
        self.ligatureLookup = LigatureLookup(fonts: fonts, forms: ligatureFonts) { glyph, font in
            StyleTables.scaledAdvance(
                fonts[font].advance(of: glyph), pango: profile == .pango, unitScale: unitScales[font],
                multiplier: multipliers[font])
        }
        let harfBuzzFonts = fonts.map {
            HarfBuzzFont(face: $0.harfBuzzFace, scale: profile == .pango ? Int32(clamping: xScale) : $0.harfBuzzFace.unitsPerEm)
        }
        self.harfBuzzFonts = harfBuzzFonts
        // Per font: line height, then ascent, then descent (+ line gap in `.uikit`), in points:
        // a line of one font is that font's line height; a line of several is as tall as their
        // largest ascent plus their largest descent (Pango's line extents, Core Text's too).
        var ascents: [Double] = []
        var rests: [Double] = []
        let lineHeights = fonts.indices.map { i in
            let font = fonts[i]
            switch profile {
            case .uikit:
                let scale = size / Double(font.unitsPerEm)
                ascents.append(Double(font.ascender) * scale)
                rests.append(Double(font.lineGap - font.descender) * scale)
                return Double(font.ascender - font.descender + font.lineGap) * size / Double(font.unitsPerEm)
            case .pango:
                let ascent = StyleTables.pangoScale(Int64(font.ascender), multipliers[i])
                let descent = StyleTables.pangoScale(Int64(font.descender), multipliers[i])
                ascents.append(Double(ascent) / 1024)
                rests.append(Double(-descent) / 1024)
                return Double(ascent - descent) / 1024
            }
        }
        self.lineHeightStorage = StyleTables.copy(lineHeights + ascents + rests)
        let baselines = profile == .pango ? BaselineShifts.positions(of: harfBuzzFonts) : nil
        self.baselineStorage = baselines.map { StyleTables.copy($0.positions) }
        let baselineShifts = baselineStorage.map {
            BaselineShifts(positions: $0, differingLeads: baselines?.differingLeads ?? 0)
        }
        let unknownWidth = profile == .pango
            ? Double(StyleTables.pangoApproximateCharWidth(font: fonts[0], multiplier: multipliers[0], useGPOS: useGPOS[0]))
            : nil
        self.pangoUnknownGlyphWidth = unknownWidth
        entries = StyleTables.allocateEntries()
        entriesComplete = .allocate(capacity: 1)
        entriesComplete.initialize(to: Atomic(false))
        var filling = EntryFilling(
            chain: chain, size: size, xScale: xScale, multipliers: multipliers, unknownWidth: unknownWidth,
            ligatureFonts: self.ligatureFonts, asciiFastPath: asciiFastPath, fontHasKerning: fontHasKerning)
        // Block 0 (ASCII and Latin-1) at once: the ASCII tables below read it.
        filling.fill(block: 0, of: entries) { ScalarBreakProperties.ofBMPCodePoint(UInt32($0)) }
        // The advances of the white space the ideographic fast path goes on after, in each font,
        // from their entries' advances (worked out here: filling U+3000's block would work out
        // its fonts' ligature continuations: a million instructions of start-up).
        let entryAdvances = StyleTables.runWhitespaceScalars.map {
            filling.advance(of: Unicode.Scalar($0)!, resolved: chain.resolve(Unicode.Scalar($0)!))
        }
        entryFilling = Mutex(filling)
        let pango = profile == .pango
        runWhitespaceAdvanceStorage = StyleTables.copy(fonts.indices.flatMap { font in
            StyleTables.runWhitespaceScalars.indices.map { kind in
                StyleTables.whitespaceAdvance(
                    StyleTables.runWhitespaceScalars[kind], entryAdvance: entryAdvances[kind], in: fonts[font]
                ) {
                    StyleTables.scaledAdvance($0, pango: pango, unitScale: unitScales[font], multiplier: multipliers[font])
                }
            }
        })
        asciiSimple = .allocate(capacity: 256)
        asciiSimple.initialize(repeating: 0, count: 256)
        asciiAdvances = .allocate(capacity: 128)
        for cp in 0..<128 { (asciiAdvances + cp).initialize(to: entries[cp].advance) }
        asciiLigatureStarts = .allocate(capacity: 256)
        asciiLigatureStarts.initialize(repeating: 0, count: 256)
        // ASCII drawn by the primary font with a glyph of its own and a width: simple, or where
        // a ligature may start with it (`flags & 1`), a ligature start.
        for cp in 0..<128 where asciiFastPath {
            let entry = entries[cp]
            guard entry.font == 0 && entry.glyph != 0 && entry.advance != 0 else { continue }
            if entry.flags & 1 == 0 {
                asciiSimple[cp] = 1
            } else if !entry.isMissing {
                asciiLigatureStarts[cp] = 1
            }
        }
        asciiLigaturePairs = .allocate(capacity: 128 * 128)
        StyleTables.fillASCIILigaturePairs(asciiLigaturePairs, entries: entries, fonts: fonts)
        let rows = StyleTables.assignASCIILigatureRows(asciiLigaturePairs, entries: entries, ligatures: ligatureLookup)
        asciiLigatureRows = .allocate(capacity: (rows + 2) << 8)
        asciiLigatureRows.initialize(repeating: 255, count: (rows + 2) << 8)
        asciiLigatureGlyphs = .allocate(capacity: 256)
        asciiLigatureGlyphs.initialize(repeating: 0, count: 256)
        asciiLigatureKerningGlyphs = .allocate(capacity: StyleTables.asciiLigatureKerningSlots)
        asciiLigatureKerningGlyphs.initialize(repeating: .max, count: StyleTables.asciiLigatureKerningSlots)
        asciiLigatureKerning = .allocate(capacity: StyleTables.asciiLigatureKerningSlots << 7)
        asciiLigatureKerning.initialize(repeating: 0, count: StyleTables.asciiLigatureKerningSlots << 7)
        asciiLigatureScalars = .allocate(capacity: 256)
        asciiLigatureScalars.initialize(repeating: 0, count: 256)
        asciiLigatureAdjustments = .allocate(capacity: 256)
        asciiLigatureAdjustments.initialize(repeating: 0, count: 256)
        asciiKerningIndex = .allocate(capacity: 128 * 128)
        asciiKerningValues = .allocate(capacity: 256)
        asciiKerning = .allocate(capacity: 128 * 128)
        asciiKerning.initialize(repeating: 0, count: 128 * 128)
        if fontHasKerning[0] {
            let entries = self.entries
            for left in 0..<128 where entries[left].font == 0 && entries[left].glyph != 0 {
                for right in 0..<128 where entries[right].font == 0 && entries[right].glyph != 0 {
                    let units = usesGPOSKerning[0]
                        ? fonts[0].gposKerning(entries[left].glyph, entries[right].glyph)
                        : fonts[0].kerning(entries[left].glyph, entries[right].glyph)
                    if units != 0 { asciiKerning[left << 7 | right] = scaledAdvance(units, font: 0) }
                }
            }
        }
        asciiKerningValues.initialize(repeating: 0, count: 256)
        var distinct = 1
        for pair in 0..<(128 * 128) {
            let value = asciiKerning[pair]
            var index = 0
            if asciiSimple[pair & 127] == 0 {
                index = Int(StyleTables.asciiKerningNotSimple)
            } else if value != 0 {
                index = 255
                if let found = (1..<distinct).first(where: { asciiKerningValues[$0] == value }) {
                    index = found
                } else if distinct < Int(StyleTables.asciiKerningNotSimple) {
                    asciiKerningValues[distinct] = value
                    index = distinct
                    distinct += 1
                }
            }
            asciiKerningIndex[pair] = UInt8(index)
        }
        viewFields.initialize(to: StyleTableView.Fields(
            entries: entries, entriesComplete: entriesComplete, asciiSimple: asciiSimple, asciiAdvances: asciiAdvances,
            asciiLigatureStarts: asciiLigatureStarts,
            asciiLigaturePairs: asciiLigaturePairs, asciiLigatureRows: asciiLigatureRows,
            asciiLigatureGlyphs: asciiLigatureGlyphs, asciiLigatureScalars: asciiLigatureScalars,
            asciiLigatureAdjustments: asciiLigatureAdjustments,
            asciiLigatureKerningGlyphs: asciiLigatureKerningGlyphs, asciiLigatureKerning: asciiLigatureKerning, asciiKerning: asciiKerning,
            asciiKerningIndex: asciiKerningIndex, asciiKerningValues: asciiKerningValues,
            fontHasKerning: fontHasKerningStorage,
            kerningFonts: fontHasKerning.indices.reduce(0) { fontHasKerning[$1] ? $0 | StyleTables.maskBit(font: $1) : $0 },
            lineHeights: lineHeightStorage, runWhitespaceAdvances: runWhitespaceAdvanceStorage.baseAddress!,
            baselineShifts: baselineShifts,
            ligatures: ligatureLookup,
            unitsPerPoint: unitsPerPoint,
            profile: profile, lineBreakTailoring: lineBreakTailoring,
            lineBreakRules: LineBreakRules(tailoring: lineBreakTailoring), owner: .passUnretained(self)))
        fillASCIILigatureRows()
    }

    /// The tables as the hot path reads them (valid while the tables live).
    var view: StyleTableView { StyleTableView(fields: viewFields) }

    /// The fields of `view`.
    private let viewFields: UnsafeMutablePointer<StyleTableView.Fields>

    deinit {
        viewFields.deinitialize(count: 1)
        viewFields.deallocate()
        UnsafeMutableRawPointer(entries).deallocate()
        entriesComplete.deinitialize(count: 1)
        entriesComplete.deallocate()
        asciiKerning.deallocate()
        asciiSimple.deallocate()
        asciiAdvances.deallocate()
        asciiLigatureStarts.deallocate()
        asciiLigaturePairs.deallocate()
        asciiLigatureRows.deallocate()
        asciiLigatureGlyphs.deallocate()
        asciiLigatureScalars.deallocate()
        asciiLigatureKerningGlyphs.deallocate()
        asciiLigatureKerning.deallocate()
        asciiLigatureAdjustments.deallocate()
        asciiKerningIndex.deallocate()
        asciiKerningValues.deallocate()
        fontHasKerningStorage.deallocate()
        lineHeightStorage.deallocate()
        runWhitespaceAdvanceStorage.deallocate()
        baselineStorage?.deallocate()
        ligatureLookup.deallocate()
    }

    /// Fills `pairs` (128 × 128): 1 where an ASCII scalar whose entry may start a ligature
    /// (`flags` bit 0) is followed by an ASCII scalar of the same font whose glyph is the first
    /// component of one of its ligatures, the first thing `StyleTableView.ligature(startingWith:…)`
    /// matches.
    private static func fillASCIILigaturePairs(
        _ pairs: UnsafeMutablePointer<UInt8>, entries: UnsafePointer<Entry>, fonts: [Font]
    ) {
        pairs.initialize(repeating: 0, count: 128 * 128)
        for left in 0..<128 where entries[left].flags & 1 != 0 {
            let font = Int(entries[left].font)
            for candidate in fonts[font].ligatureTable.ligatures(startingWith: entries[left].glyph) {
                guard let first = candidate.components.first else { continue }
                for right in 0..<128 where entries[right].advance != 0 && Int(entries[right].font) == font
                    && entries[right].glyph == first
                {
                    pairs[left << 7 | right] = 1
                }
            }
        }
    }

    /// Gives each pair of `pairs` (`asciiLigaturePairs`) whose ligatures going on with the right
    /// glyph have at most three glyphs a row of `asciiLigatureRows` (2, 3…, at most 255).
    ///
    /// - Returns: The number of rows.
    private static func assignASCIILigatureRows(
        _ pairs: UnsafeMutablePointer<UInt8>, entries: UnsafePointer<Entry>, ligatures: LigatureLookup
    ) -> Int {
        var rows = 0
        for pair in 0..<(128 * 128) where pairs[pair] != 0 && rows < 254 {
            let longest = longestLigature(startingWith: entries[pair >> 7], then: entries[pair & 127], in: ligatures)
            guard longest <= 2 else { continue }
            pairs[pair] = UInt8(rows + 2)
            rows += 1
        }
        return rows
    }

    /// The most components after the first of the ligatures of `left`'s font that start with
    /// `left`'s glyph and go on with `right`'s (0 when none does): 1 for "fi", 2 for "ffi" after
    /// "ff".
    private static func longestLigature(startingWith left: Entry, then right: Entry, in ligatures: LigatureLookup) -> Int {
        var longest = 0
        for index in ligatures.candidates(startingWith: left.glyph, font: Int(left.font)) {
            let candidate = ligatures.candidate(index)
            if candidate.componentCount >= 1, ligatures.component(0, of: candidate) == right.glyph {
                longest = max(longest, Int(candidate.componentCount))
            }
        }
        return longest
    }

    /// Fills the rows of `asciiLigatureRows` with what `StyleTableView.ligature(startingWith:…)`
    /// forms from each pair followed by each ASCII byte, or by nothing before the limit (and
    /// after any other byte the same, when no ligature going on with the pair has a third
    /// glyph; else 255 there), up to 254 distinct results (then 255: the ligature table); then
    /// the kerning before the primary font's ligature glyphs (`asciiLigatureKerningGlyphs`).
    ///
    /// - Complexity: O(rows × 129 × candidates), once per tables.
    private func fillASCIILigatureRows() {
        let view = self.view
        var results = 0
        // The code of a ligature, a new one for a result not seen before.
        func code(_ found: (glyph: GlyphID, scalars: Int, adjustment: Double)?) -> UInt8 {
            guard let found else { return 0 }
            for index in 0..<results where asciiLigatureGlyphs[index + 1] == found.glyph
                && Int(asciiLigatureScalars[index + 1]) == found.scalars
                && asciiLigatureAdjustments[index + 1] == found.adjustment
            {
                return UInt8(index + 1)
            }
            guard results < 254 else { return 255 }
            results += 1
            asciiLigatureGlyphs[results] = found.glyph
            asciiLigatureScalars[results] = UInt8(found.scalars)
            asciiLigatureAdjustments[results] = found.adjustment
            return UInt8(results)
        }
        for pair in 0..<(128 * 128) where asciiLigaturePairs[pair] >= 2 {
            let row = asciiLigatureRows + Int(asciiLigaturePairs[pair]) << 8
            let left = entries[pair >> 7]
            var bytes: [UInt8] = [UInt8(pair >> 7), UInt8(pair & 127), 0]
            for third in 0..<128 {
                bytes[2] = UInt8(third)
                row[third] = code(bytes.withUnsafeBufferPointer {
                    view.ligature(startingWith: left.glyph, font: Int(left.font), at: 0, limit: 3, in: $0)
                })
            }
            let alone = bytes.withUnsafeBufferPointer {
                view.ligature(startingWith: left.glyph, font: Int(left.font), at: 0, limit: 2, in: $0)
            }
            row[0x80] = code(alone)
            // No ligature going on with the right glyph has a third: whatever follows, the same.
            let decided = StyleTables.longestLigature(startingWith: left, then: entries[pair & 127], in: ligatureLookup) <= 1
            for lead in 0x81..<256 { row[lead] = decided ? row[0x80] : 255 }
        }
        // The kerning before the primary font's ligature glyphs.
        var slots = 0
        for pair in 0..<(128 * 128) where asciiLigaturePairs[pair] >= 2 && entries[pair >> 7].font == 0 {
            let row = asciiLigatureRows + Int(asciiLigaturePairs[pair]) << 8
            for key in 0..<256 where row[key] != 0 && row[key] != 255 && slots < StyleTables.asciiLigatureKerningSlots {
                let ligature = asciiLigatureGlyphs[Int(row[key])]
                guard (0..<slots).allSatisfy({ asciiLigatureKerningGlyphs[$0] != ligature }) else { continue }
                let values = asciiLigatureKerning + slots << 7
                for ascii in 0..<128 { values[ascii] = kerning(entries[ascii].glyph, ligature, font: 0) }
                asciiLigatureKerningGlyphs[slots] = ligature
                slots += 1
            }
        }
    }

    /// A copy of `values` in memory of its own (deallocated by the caller).
    private static func copy<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = storage.initialize(from: values)
        return UnsafeBufferPointer(storage)
    }

    /// Pango's `approximate_char_width` of a font, in Pango units: the width of its sample string
    /// "The quick brown fox jumps over the lazy dog." laid out with glyph positions rounded to
    /// whole pixels (the default of the context Pango measures it in), divided by its 44
    /// columns. PangoFT2 draws a character that no font has as a box this wide.
    static func pangoApproximateCharWidth(font: Font, multiplier: Int64, useGPOS: Bool) -> Int64 {
        let glyphs = "The quick brown fox jumps over the lazy dog.".unicodeScalars.map { font.glyph(for: $0) }
        var total: Int64 = 0
        for (i, glyph) in glyphs.enumerated() {
            var units = Int64(font.advance(of: glyph))
            if i + 1 < glyphs.count {
                units += Int64(useGPOS ? font.gposKerning(glyph, glyphs[i + 1]) : font.kerning(glyph, glyphs[i + 1]))
            }
            let width = pangoScale(units, multiplier)
            total += (width + 512) & ~1023  // PANGO_UNITS_ROUND
        }
        return total / 44
    }

    /// HarfBuzz's width for a space character the font lacks (it draws the font's space glyph
    /// at the width the character calls for: U+3000 and the em space an em, the en space half…),
    /// in Pango units; `nil` when the scalar is not such a space or the font has no space glyph.
    static func harfBuzzFallbackSpace(_ scalar: Unicode.Scalar, font: Font, xScale: Int64, multiplier: Int64) -> Double? {
        // Only U+00A0, U+2000–U+205F and U+3000 are such spaces (checked before any font lookup:
        // this runs for every code point the chain lacks when the tables are built).
        guard scalar.value == 0xA0 || scalar.value == 0x3000 || (0x2000...0x205F).contains(scalar.value) else {
            return nil
        }
        let space = font.glyph(for: " ")
        guard space != 0 else { return nil }
        func emFraction(_ n: Int64) -> Double { Double((xScale + n / 2) / n) }
        func advance(of glyph: GlyphID) -> Double { Double(pangoScale(Int64(font.advance(of: glyph)), multiplier)) }
        switch scalar.value {
        case 0xA0: return advance(of: space)
        case 0x2000, 0x2002: return emFraction(2)
        case 0x2001, 0x2003, 0x3000: return emFraction(1)
        case 0x2004: return emFraction(3)
        case 0x2005: return emFraction(4)
        case 0x2006: return emFraction(6)
        case 0x2009: return emFraction(5)
        case 0x200A: return emFraction(16)
        case 0x205F: return Double(xScale * 4 / 18)
        case 0x202F: return Double(Int64(advance(of: space)) / 2)
        case 0x2007:
            for digit in "0123456789".unicodeScalars {
                let glyph = font.glyph(for: digit)
                if glyph != 0 { return advance(of: glyph) }
            }
            return advance(of: space)
        case 0x2008:
            for mark in ".,".unicodeScalars {
                let glyph = font.glyph(for: mark)
                if glyph != 0 { return advance(of: glyph) }
            }
            return advance(of: space)
        default: return nil
        }
    }

    /// Appends the width of every scalar of `from..<to` of `bytes` as HarfBuzz shapes the range
    /// (itemized as `Itemizer` does, each run shaped on its own with the range as context) and
    /// the index of the font drawing it: Pango's logical widths, in width units.
    ///
    /// - Complexity: O(n) in the range's length, plus HarfBuzz's shaping.
    ///
    /// - Parameter following: Where the text after the range starts, if it goes on in the same
    ///   paragraph: white space ending the range moves to the font of the scalar there when that
    ///   font comes earlier in the chain (`Itemizer`).
    /// - Parameter missing: The offsets of the HarfBuzz clusters drawn with glyph 0 (no font has
    ///   them) are appended to it, in glyph order (right to left in right-to-left runs), repeated
    ///   for each such glyph.
    /// - Parameter levels: The whole text's embedding levels (`nil`: all 0): runs end where the
    ///   level changes, and white space moves to the text after the range only at the same level.
    /// - Parameter context: The text HarfBuzz may see around the range (Arabic joining looks at
    ///   it); `nil`: the range alone. It must contain the range.
    /// - Parameter continuedScript: The script of the run the range's leading characters without
    ///   a script of their own continue from the text before it (`Itemizer.forEachRun`;
    ///   `TextWalker.continuedScriptRun`), else `HB_SCRIPT_COMMON`.
    func appendShapedWidths(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, following: Int?, levels: BidiLevels?,
        context contextRange: Range<Int>? = nil, continuedScript: hb_script_t = HB_SCRIPT_COMMON,
        widths: inout [Double], fonts: inout [UInt8], missing: inout [Int]
    ) {
        var noCuts: ShapedCuts? = nil
        appendShapedWidths(
            bytes, from: from, to: to, following: following, levels: levels, context: contextRange,
            continuedScript: continuedScript, widths: &widths, fonts: &fonts, missing: &missing, cuts: &noCuts)
    }

    /// `appendShapedWidths`, also recording in `cuts` (when not `nil`) the runs and where the range
    /// may be cut without re-shaping (`ShapedCuts`; HarfBuzz's unsafe-to-break flags,
    /// `RunShaper.appendLogicalWidths`).
    func appendShapedWidths(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, following: Int?, levels: BidiLevels?,
        context contextRange: Range<Int>?, continuedScript: hb_script_t = HB_SCRIPT_COMMON, widths: inout [Double],
        fonts: inout [UInt8], missing: inout [Int], cuts: inout ShapedCuts?
    ) {
        var safeBreaks: [Bool]? = cuts.map { _ in [] }
        var widthBefore = 0.0
        let view = self.view
        let pango = profile == .pango
        let context = RunShaper.Context(bytes: bytes, range: contextRange ?? from..<to)
        let next = following.flatMap { followingText(at: $0, from: from, to: to, levels: levels, in: bytes) }
        forEachRun(in: bytes, from: from, to: to, following: next, levels: levels, continuedScript: continuedScript) { run in
            let before = widths.count
            RunShaper.appendLogicalWidths(
                of: run.range, context: context, font: harfBuzzFonts[run.font], script: run.script,
                direction: run.direction, scale: pango ? 1 : unitScales[run.font], wholeUnits: pango,
                missingWidth: { offset in
                    missing.append(offset)
                    return view.lookup(TextWalker.decode(bytes, at: offset).value).advance
                }, to: &widths, safeBreaks: &safeBreaks)
            fonts.append(contentsOf: repeatElement(UInt8(truncatingIfNeeded: run.font), count: widths.count - before))
            if cuts != nil {
                let width = widths[before...].reduce(0, +)
                cuts?.runs.append(ShapedCuts.ShapedRun(run: run, widthBefore: widthBefore, width: width))
                widthBefore += width
            }
        }
        if let safeBreaks { cuts?.safe = safeBreaks }
    }

    /// The width of `part` of a run (`Itemizer.Run`, of this style) shaped alone in `.pango`,
    /// with `context` as HarfBuzz's context: the sum of the logical widths `appendShapedWidths`
    /// would give its scalars as a run of their own (whole units, exact).
    ///
    /// - Complexity: HarfBuzz's shaping of the part.
    func pangoShapedWidth(
        of run: Itemizer.Run, part: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, context contextRange: Range<Int>
    ) -> Double {
        precondition(profile == .pango, "whole units are the .pango profile's")
        let view = self.view
        return RunShaper.wholeUnitsWidth(
            of: part, context: RunShaper.Context(bytes: bytes, range: contextRange), font: harfBuzzFonts[run.font],
            script: run.script, direction: run.direction,
            missingWidth: { offset in view.lookup(TextWalker.decode(bytes, at: offset).value).advance })
    }

    /// The runs HarfBuzz shapes in `from..<to` of `bytes` with this style's fonts (`Itemizer`, with
    /// the chain's space and emoji fonts): for the measurer and for drawing.
    func forEachRun(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, following: (font: Int, scalar: UInt32)? = nil,
        levels: BidiLevels? = nil, continuedScript: hb_script_t = HB_SCRIPT_COMMON, _ body: (Itemizer.Run) -> Void
    ) {
        let view = self.view
        Itemizer.forEachRun(in: bytes, from: from, to: to, spaceFont: Int(entries[0x20].font), following: following,
                            emojiFont: emojiFont, levels: levels, continuedScript: continuedScript,
                            fontOf: { view.lookup($0).font }, body)
    }

    /// The font Pango keeps the white space after a visible scalar in: the font of that scalar
    /// (`font`), or the font of the scalar at `following` when it comes earlier in the chain and
    /// continues the same script run (`Itemizer`'s rule, for the table-measured path). After an
    /// emoji run (`content`, the text before the white space, ends with one), the white space
    /// starts a text run: the font of the text at `following` when it continues the run, else the
    /// font of the chain's space.
    ///
    /// With embedding levels (`levels`), white space at another level than the scalar before it
    /// starts a run of its own, which takes the font of the text at `following` when that is at
    /// the white space's level and continues the script run, else the font of the chain's space;
    /// and white space moves to the following text's font only when that is at its level.
    func whitespaceFont(
        after font: Int, scalar: UInt32, content: Range<Int>, following: Int, levels: BidiLevels? = nil,
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let afterEmoji = StyleTables.isAfterEmoji(scalar)
        if levels == nil, !afterEmoji {
            // The common case, answered before the following text's emoji check when that text
            // is in this font or a later one (it cannot take the white space then).
            let start = followingTextStart(at: following, from: content.upperBound, to: following, levels: nil, in: bytes)
            guard let start, start < bytes.count,
                  !StyleTables.keepsWhitespaceFont(
                      font, after: scalar, followingFont: view.lookup(TextWalker.decode(bytes, at: start).value).font)
            else { return font }
            return whitespaceFont(after: font, scalar: scalar, following: followingText(at: start, in: bytes))
        }
        let following = followingText(at: following, from: content.upperBound, to: following, levels: levels, in: bytes)
        if let levels, !content.isEmpty {
            // `following` is at the white space's level or nil (`followingText`).
            if levels[content.upperBound - 1] != levels[content.upperBound] {
                let script = Itemizer.lastScript(in: bytes, from: content.lowerBound, to: content.upperBound)
                if let (next, value) = following, Itemizer.continuesScriptRun(script: script, with: value) {
                    return next
                }
                return Int(entries[0x20].font)
            }
            if following == nil {
                return afterEmoji && endsWithEmojiRun(bytes, content) ? Int(entries[0x20].font) : font
            }
        }
        if afterEmoji, endsWithEmojiRun(bytes, content) {
            if let (next, value) = following, Itemizer.continuesScriptRun(of: scalar, with: value) { return next }
            return Int(entries[0x20].font)
        }
        return whitespaceFont(after: font, scalar: scalar, following: following)
    }

    /// Whether white space after `scalar`, of chain font `font`, keeps that font before text
    /// whose first scalar (one that chooses a font) is in `followingFont`, where there are no
    /// levels (`whitespaceFont`'s common case): `scalar` is no emoji (`isAfterEmoji`), and the
    /// following text's font is not earlier in the chain. (Else the white space may move to the
    /// following text's font, or start a text run after an emoji: `whitespaceFont` answers.)
    @inline(__always)
    static func keepsWhitespaceFont(_ font: Int, after scalar: UInt32, followingFont: Int) -> Bool {
        !isAfterEmoji(scalar) && followingFont >= font
    }

    /// Whether white space after `scalar` comes after an emoji (a scalar beyond ASCII with an
    /// emoji property, `EmojiCategory.isOther`), where `whitespaceFont` looks for an emoji run.
    @inline(__always)
    static func isAfterEmoji(_ scalar: UInt32) -> Bool {
        scalar >= 0x80 && !EmojiCategory.isOther(scalar)
    }

    /// `whitespaceFont`'s rule for white space after text (no emoji run before it): the font of
    /// the following text when that comes earlier in the chain and continues the script run.
    private func whitespaceFont(after font: Int, scalar: UInt32, following: (font: Int, scalar: UInt32)?) -> Int {
        guard let (next, value) = following else { return font }
        guard next < font, !StyleTables.isZeroWidth(Unicode.Scalar(value) ?? " ") else { return font }
        return Itemizer.continuesScriptRun(of: scalar, with: value) ? next : font
    }

    /// Whether the last run of `range` of `bytes` is an emoji run (`EmojiSegmenter`).
    private func endsWithEmojiRun(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var last = false
        EmojiSegmenter.forEachRun(in: bytes, from: range.lowerBound, to: range.upperBound) { _, isEmoji in last = isEmoji }
        return last
    }

    /// The font and scalar of the text at `following` when it may take the white space before
    /// it (`Itemizer.forEachRun`'s `following`): `nil` at the end of the text and where an emoji
    /// run starts (white space never moves from one run into another).
    ///
    /// With embedding levels, also `nil` where the text at `following` is at another level than
    /// the end of `from..<to` (the range's last run ends there).
    ///
    /// Characters that choose no font (`Itemizer.considerAsSpace`: bidi marks and embeddings,
    /// joiners, spaces) are skipped: Pango's run keeps its font through them, and the first
    /// character after them in the same run decides.
    func followingText(
        at following: Int, from: Int, to: Int, levels: BidiLevels?, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (font: Int, scalar: UInt32)? {
        guard let at = followingTextStart(at: following, from: from, to: to, levels: levels, in: bytes) else {
            return nil
        }
        return followingText(at: at, in: bytes)
    }

    /// Where `followingText(at:from:to:levels:in:)` looks for the following text: `following`
    /// with the characters that choose no font skipped; `nil` where it meets another level.
    /// (Inlined: without levels, as `whitespaceFont` mostly asks, a short loop.)
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func followingTextStart(
        at following: Int, from: Int, to: Int, levels: BidiLevels?, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var at = following
        // Read in place (`levels?[…]`): binding the levels would copy them at every step.
        let endLevel = to > from ? levels?[to - 1] : nil
        while at < bytes.count {
            if let endLevel, levels?[at] != endLevel { return nil }
            let (value, length) = TextWalker.decode(bytes, at: at)
            // Only format characters and spaces beyond ASCII are skipped: an ASCII space or
            // control ends the text a piece is followed by (a break, a paragraph's end).
            guard value >= 0x80, TextWalker.isSpaceLike(value) else { break }
            at += length
        }
        return at
    }

    /// `followingText(at:from:to:levels:in:)` for text without levels.
    func followingText(at following: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (font: Int, scalar: UInt32)? {
        guard following < bytes.count else { return nil }
        let value = TextWalker.decode(bytes, at: following).value
        // Every scalar that may start an emoji token is beyond ASCII but the keycap bases (1️⃣, #️⃣);
        // one of category `.other` (Arabic, Devanagari… : a bitmap answers) starts none.
        if value >= 0x80 || EmojiCategory(value) == .keycapBase, !EmojiCategory.isOther(value),
           EmojiSegmenter.startsEmoji(bytes, at: following, limit: bytes.count)
        {
            return nil
        }
        return (view.lookup(value).font, value)
    }

    /// Measures the white space `from..<to` in chain font `font` (the glyphs of that font, where
    /// it has them): the total and the width of the last visible scalar.
    func measureWhitespace(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, font: Int, total: inout Double, last: inout Double
    ) {
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let advance = StyleTables.whitespaceAdvance(value, entryAdvance: view.lookup(value).advance, in: fonts[font]) {
                scaledAdvance($0, font: font)
            }
            if advance != 0 {
                total += advance
                last = advance
            }
            i += length
        }
    }

    /// The advance (width units) of white-space scalar `value` in `font`: the advance of its
    /// glyph there (`scale`d from font units), where `font` has one and the scalar draws
    /// (`entryAdvance`, its entry's advance, is not 0); else `entryAdvance`.
    @inline(__always)
    static func whitespaceAdvance(
        _ value: UInt32, entryAdvance: Double, in font: Font, scale: (Int32) -> Double
    ) -> Double {
        guard entryAdvance != 0, let scalar = Unicode.Scalar(value) else { return entryAdvance }
        let glyph = font.glyph(for: scalar)
        return glyph != 0 ? scale(font.advance(of: glyph)) : entryAdvance
    }

    /// The white space whose advance in each font `runWhitespaceAdvanceStorage` holds, in its
    /// order: U+0020 and U+3000 (where `StyleTables.Entry.isIdeographicRunWhitespace` is set).
    static let runWhitespaceScalars: [UInt32] = [0x20, 0x3000]

    /// The advance of a glyph of a font in width units.
    func lookupGlyphAdvance(_ glyph: GlyphID, font: Int) -> Double {
        scaledAdvance(fonts[font].advance(of: glyph), font: font)
    }

    /// HarfBuzz's `em_mult`: font units to Pango units with a 16.16 multiplier, rounded.
    @inline(__always)
    static func pangoScale(_ value: Int64, _ multiplier: Int64) -> Int64 {
        (value * multiplier + 32768) >> 16
    }

    /// Advance (width units), font index and glyph of a scalar beyond the Basic Multilingual
    /// Plane: the first font of the chain that has it (remembered in `supplementaryGlyphs`);
    /// 0 for a zero-width one, Pango's unknown-glyph width in `.pango` for one no font has.
    ///
    /// - Complexity: O(1) once the scalar was resolved, else a character-map search per font.
    @inline(never)
    func lookupSupplementary(_ value: UInt32) -> (advance: Double, font: Int, glyph: GlyphID) {
        guard let scalar = Unicode.Scalar(value) else { return (0, 0, 0) }
        let resolved = supplementaryGlyphs.resolution(of: value) { resolveSupplementary(scalar) }
        if resolved.isZeroWidth { return (0, resolved.font, resolved.glyph) }
        if resolved.glyph == 0, let unknown = pangoUnknownGlyphWidth { return (unknown, 0, 0) }
        return (scaledAdvance(resolved.advance, font: resolved.font), resolved.font, resolved.glyph)
    }

    /// What `lookupSupplementary` reads of `scalar`, from the fonts.
    private func resolveSupplementary(_ scalar: Unicode.Scalar) -> SupplementaryGlyphCache.Resolution {
        let resolved = fonts.count == 1 ? fontsResolve(scalar) : chainResolve(scalar)
        return SupplementaryGlyphCache.Resolution(
            font: resolved.fontIndex, glyph: resolved.glyph, advance: resolved.advance,
            isZeroWidth: StyleTables.isZeroWidth(scalar))
    }

    private func fontsResolve(_ scalar: Unicode.Scalar) -> ResolvedGlyph {
        let glyph = fonts[0].glyph(for: scalar)
        return ResolvedGlyph(fontIndex: 0, glyph: glyph, advance: fonts[0].advance(of: glyph))
    }

    private func chainResolve(_ scalar: Unicode.Scalar) -> ResolvedGlyph {
        for (i, font) in fonts.enumerated() {
            let glyph = font.glyph(for: scalar)
            if glyph != 0 { return ResolvedGlyph(fontIndex: i, glyph: glyph, advance: font.advance(of: glyph)) }
        }
        return ResolvedGlyph(fontIndex: 0, glyph: 0, advance: fonts[0].advance(of: 0))
    }

    /// A font-unit value (advance or kerning) of font `font` in width units.
    @inline(__always)
    func scaledAdvance(_ units: Int32, font: Int) -> Double {
        StyleTables.scaledAdvance(
            units, pango: profile == .pango, unitScale: unitScales[font], multiplier: pangoMultipliers[font])
    }

    /// A font-unit value in width units: in `.pango` (`pango`) with HarfBuzz's `multiplier`
    /// (whole Pango units), else times `unitScale` (size / units per em).
    @inline(__always)
    static func scaledAdvance(_ units: Int32, pango: Bool, unitScale: Double, multiplier: Int64) -> Double {
        pango ? Double(pangoScale(Int64(units), multiplier)) : Double(units) * unitScale
    }

    /// Kerning between two glyphs of the same font, in width units.
    func kerning(_ left: GlyphID, _ right: GlyphID, font: Int) -> Double {
        guard fontHasKerningStorage[font] else { return 0 }
        let units = usesGPOSKerning[font] ? fonts[font].gposKerning(left, right) : fonts[font].kerning(left, right)
        return units == 0 ? 0 : scaledAdvance(units, font: font)
    }

    /// The bit of font `font` in a line's font mask: bit `font`, fonts past 31 sharing bit 31
    /// (written without `min`, which the optimizer leaves as a call in the walker's large loops).
    @inline(__always)
    static func maskBit(font: Int) -> UInt32 {
        1 << UInt32(truncatingIfNeeded: font < 31 ? font : 31)
    }

    /// The height of a line using the fonts in `mask` (bit i = font i; an empty mask means the
    /// primary font) given `heights`: per font its line height, then its ascent, then its descent
    /// (with the line gap in `.uikit`), n entries each. One font: its line height; several: the
    /// largest ascent plus the largest descent.
    @inline(__always)
    static func lineHeight(mask: UInt32, heights: UnsafeBufferPointer<Double>) -> Double {
        if mask <= 1 { return heights[0] }
        let n = heights.count / 3
        if mask & (mask &- 1) == 0 {
            let i = mask.trailingZeroBitCount
            return i < n ? heights[i] : 0
        }
        return unionHeight(mask: mask, heights: heights) { _ in 0 }
    }

    /// The height of the union of the extents of the fonts of `mask` (see `lineHeight(mask:heights:)`),
    /// each raised by `raise(i)` points (font i's baseline moved up): the largest raised ascent
    /// plus the largest lowered descent — the one form of a line's extent, which
    /// `BaselineShifts` calls with the baseline shifts of Pango's aligned runs.
    @inline(__always)
    static func unionHeight(mask: UInt32, heights: UnsafeBufferPointer<Double>, raise: (Int) -> Double) -> Double {
        let n = heights.count / 3
        var ascent = 0.0
        var rest = 0.0
        var m = mask
        while m != 0 {
            let i = m.trailingZeroBitCount
            if i < n {
                let up = raise(i)
                ascent = max(ascent, heights[n + i] + up)
                rest = max(rest, heights[2 * n + i] - up)
            }
            m &= m - 1
        }
        return ascent + rest
    }

    /// The height of a line: `lineHeight(mask:heights:)`, or for a line of several fonts in a
    /// style whose fonts' baselines differ (`baselines`, `.pango`), with its runs aligned on its
    /// first run's baseline as Pango 1.50 does (`BaselineShifts`) — the one line-height rule
    /// every fitting path calls.
    ///
    /// - Parameter lineStart: The UTF-8 offset of the line's first byte in `baselines.bytes`.
    @inline(__always)
    static func lineHeight(
        mask: UInt32, heights: UnsafeBufferPointer<Double>, baselines: LineBaselines?, lineStart: Int
    ) -> Double {
        if _slowPath(mask & (mask &- 1) != 0), let baselines {
            return baselines.lineHeight(mask: mask, heights: heights, lineStart: lineStart)
        }
        return lineHeight(mask: mask, heights: heights)
    }

    /// Whether `scalar` extends the grapheme cluster before it in a way line breaking may not
    /// see: combining marks, ZWJ and emoji modifiers (resolved line-break class CM, ZWJ, EM) —
    /// but not the controls and format characters that line breaking also calls CM (U+200E
    /// LEFT-TO-RIGHT MARK, U+200F, bidi embeddings…), which start grapheme clusters of their own.
    static func isExtender(_ scalar: Unicode.Scalar) -> Bool {
        isExtender(scalar, lineBreakClass: LineBreakClass(resolving: scalar))
    }

    /// Whether `scalar`, of resolved line-break class `lineBreakClass`, is an extender (see
    /// `isExtender(_:)`); reads the general category only for classes CM and EM.
    static func isExtender(_ scalar: Unicode.Scalar, lineBreakClass: LineBreakClass) -> Bool {
        switch lineBreakClass {
        case .zwj: return true
        case .cm, .em:
            let category = scalar.properties.generalCategory
            return category != .control && category != .format
        default: return false
        }
    }

    /// Scalars that take no width whatever the font: mandatory line breaks (BK, CR, LF, NL) and
    /// Unicode's Default_Ignorable_Code_Point set (ZWSP, ZWJ, variation selectors, soft hyphen…).
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isDefaultIgnorable(scalar.value)
        }
    }

    /// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): ZWSP,
    /// joiners, bidi controls, variation selectors, tags, the soft hyphen, Hangul fillers…
    static func isDefaultIgnorable(_ value: UInt32) -> Bool {
        if value > 0x3164 && value < 0xFE00 { return false }  // most of the BMP, at once
        switch value {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
            0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
            0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    private struct Key: Hashable {
        var chain: FontChain
        var size: Double
        var profile: LayoutProfile
        var tailoring: LineBreakTailoring
        var ligatures: Bool
    }

    private static let cache = Mutex<[Key: StyleTables]>([:])

    /// The shared tables for a style (built on first use; a few hundred microseconds), with
    /// standard ligatures or (`ligatures: false`, letter-spaced runs) without.
    static func shared(for style: TextStyle, ligatures: Bool = true) -> StyleTables {
        let tailoring = style.resolvedLineBreakStrategy.tailoring
        let key = Key(
            chain: style.fontChain, size: style.fontSize, profile: style.profile, tailoring: tailoring,
            ligatures: ligatures)
        if let tables = cache.withLock({ $0[key] }) { return tables }
        let tables = StyleTables(
            chain: style.fontChain, size: style.fontSize, profile: style.profile, lineBreakTailoring: tailoring,
            ligatures: ligatures)
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = tables
            return tables
        }
    }
}
