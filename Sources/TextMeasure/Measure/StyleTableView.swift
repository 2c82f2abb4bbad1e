import LineBreak
import Synchronization

/// `StyleTables` as the measuring hot path reads them: one pointer to the tables' raw storage
/// and scalars (kept apart from the object), and an unretained reference to the tables for the
/// rare lookups that need the fonts (kerning outside ASCII, ligatures, scalars beyond the BMP).
///
/// Copying a view touches no reference count and reading it touches nothing a thread writes,
/// which is what lets threads measuring in one style scale. With the tables' object held in the
/// walker and the fitter, every measurement retained and released it, and two threads measuring
/// in one style kept passing its reference count's cache line between them (1 → 2 threads: 1.29×,
/// against 1.98× with a measurer each; see the "plain threads" benchmarks in
/// `RowHeightBenchmarks`).
///
/// A view is valid only while its `StyleTables` lives: whoever holds a view holds the tables
/// (`TextMeasurer` keeps both).
struct StyleTableView: @unchecked Sendable {  // points into immutable memory its tables own, see above
    /// What the view reads, in memory of its own (allocated and freed by the tables, never
    /// written after they are built): a view is one pointer, as cheap to pass as the tables'
    /// reference, without the reference count.
    struct Fields {
        /// See `StyleTables.entries`.
        let entries: UnsafePointer<StyleTables.Entry>
        /// See `StyleTables.entriesComplete`.
        let entriesComplete: UnsafePointer<Atomic<Bool>>
        /// See `StyleTables.asciiSimple`.
        let asciiSimple: UnsafePointer<UInt8>
        /// See `StyleTables.asciiAdvances`.
        let asciiAdvances: UnsafePointer<Double>
        /// See `StyleTables.asciiLigatureStarts`.
        let asciiLigatureStarts: UnsafePointer<UInt8>
        /// See `StyleTables.asciiLigaturePairs`.
        let asciiLigaturePairs: UnsafePointer<UInt8>
        /// See `StyleTables.asciiLigatureRows`.
        let asciiLigatureRows: UnsafePointer<UInt8>
        /// See `StyleTables.asciiLigatureGlyphs`.
        let asciiLigatureGlyphs: UnsafePointer<GlyphID>
        /// See `StyleTables.asciiLigatureScalars`.
        let asciiLigatureScalars: UnsafePointer<UInt8>
        /// See `StyleTables.asciiLigatureAdjustments`.
        let asciiLigatureAdjustments: UnsafePointer<Double>
        /// See `StyleTables.asciiLigatureKerningGlyphs`.
        let asciiLigatureKerningGlyphs: UnsafePointer<GlyphID>
        /// See `StyleTables.asciiLigatureKerning`.
        let asciiLigatureKerning: UnsafePointer<Double>
        /// See `StyleTables.asciiKerning`.
        let asciiKerning: UnsafePointer<Double>
        /// See `StyleTables.asciiKerningIndex`.
        let asciiKerningIndex: UnsafePointer<UInt8>
        /// See `StyleTables.asciiKerningValues`.
        let asciiKerningValues: UnsafePointer<Double>
        /// Per font: whether it has pair kerning (`StyleTables.fontHasKerningStorage`).
        let fontHasKerning: UnsafeBufferPointer<Bool>
        /// The mask bits (`StyleTables.maskBit(font:)`) of the fonts in `fontHasKerning` that
        /// have pair kerning: see `kerningFonts`.
        let kerningFonts: UInt32
        /// Per font: line height in points (`StyleTables.lineHeightStorage`).
        let lineHeights: UnsafeBufferPointer<Double>
        /// See `StyleTables.runWhitespaceAdvanceStorage`.
        let runWhitespaceAdvances: UnsafePointer<Double>
        /// `.pango`, fonts whose baselines differ: see `StyleTables.baselineStorage`.
        let baselineShifts: BaselineShifts?
        /// See `StyleTables.ligatureLookup`.
        let ligatures: LigatureLookup
        /// Width units per point: 1 for `.uikit`, 1024 for `.pango`.
        let unitsPerPoint: Double
        /// The layout profile the tables were built for.
        let profile: LayoutProfile
        /// The UAX #14 tailoring of the style's line-break strategy.
        let lineBreakTailoring: LineBreakTailoring
        /// `lineBreakTailoring` resolved for the iterators (see `LineBreakRules`).
        let lineBreakRules: LineBreakRules
        /// The tables themselves, not retained (they own this memory).
        let owner: Unmanaged<StyleTables>
        /// `LineSegmentIterator.ideographicRunEndsPlainly`: see `ideographicRunEndsPlainly`.
        let ideographicRunEndsPlainly = LineSegmentIterator.ideographicRunEndsPlainly
        /// `LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords`.
        let ideographicRunGoesOnAfterASCIIWords = LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords
        /// `LineSegmentIterator.ideographicRunGoesOnAfterLineFeed`.
        let ideographicRunGoesOnAfterLineFeed = LineSegmentIterator.ideographicRunGoesOnAfterLineFeed
    }

    private let fields: UnsafePointer<Fields>

    /// A view of the tables whose `Fields` are at `fields`.
    init(fields: UnsafePointer<Fields>) {
        self.fields = fields
    }

    /// Whether two views read the same tables.
    @inline(__always)
    func isSame(as other: StyleTableView) -> Bool { fields == other.fields }

    var entries: UnsafePointer<StyleTables.Entry> {
        @inline(__always) get { fields.pointee.entries }
    }
    var asciiSimple: UnsafePointer<UInt8> {
        @inline(__always) get { fields.pointee.asciiSimple }
    }
    /// See `StyleTables.asciiAdvances` (`entries[cp].advance` of each ASCII scalar).
    var asciiAdvances: UnsafePointer<Double> {
        @inline(__always) get { fields.pointee.asciiAdvances }
    }
    var asciiKerning: UnsafePointer<Double> {
        @inline(__always) get { fields.pointee.asciiKerning }
    }
    /// See `StyleTables.asciiKerningIndex` (`compactASCIIKerning(_:index:)`).
    var asciiKerningIndex: UnsafePointer<UInt8> {
        @inline(__always) get { fields.pointee.asciiKerningIndex }
    }
    var lineHeights: UnsafeBufferPointer<Double> {
        @inline(__always) get { fields.pointee.lineHeights }
    }
    /// The advance (width units) of U+0020 (`scalar` 0) or U+3000 (1) as white space in font
    /// `font` (`StyleTables.runWhitespaceAdvanceStorage`).
    @inline(__always)
    func runWhitespaceAdvance(font: Int, scalar: Int) -> Double {
        fields.pointee.runWhitespaceAdvances[font &* 2 &+ scalar]
    }
    /// `.pango`: where the fonts' baselines are, when they differ (`BaselineShifts`).
    var baselineShifts: BaselineShifts? {
        @inline(__always) get { fields.pointee.baselineShifts }
    }
    var unitsPerPoint: Double {
        @inline(__always) get { fields.pointee.unitsPerPoint }
    }
    var profile: LayoutProfile {
        @inline(__always) get { fields.pointee.profile }
    }
    var lineBreakTailoring: LineBreakTailoring {
        @inline(__always) get { fields.pointee.lineBreakTailoring }
    }
    var lineBreakRules: LineBreakRules {
        @inline(__always) get { fields.pointee.lineBreakRules }
    }

    /// `LineSegmentIterator.ideographicRunEndsPlainly`, a fact of the line-breaking automaton
    /// worked out once per process, copied into the fields when the tables are built: the
    /// ideographic fast path reads it (and the two below) with one load, where the
    /// `LineBreak` property costs a call and a `swift_once` each time (three times a Japanese
    /// row).
    var ideographicRunEndsPlainly: Bool {
        @inline(__always) get { fields.pointee.ideographicRunEndsPlainly }
    }
    /// `LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords` (see `ideographicRunEndsPlainly`).
    var ideographicRunGoesOnAfterASCIIWords: Bool {
        @inline(__always) get { fields.pointee.ideographicRunGoesOnAfterASCIIWords }
    }
    /// `LineSegmentIterator.ideographicRunGoesOnAfterLineFeed` (see `ideographicRunEndsPlainly`).
    var ideographicRunGoesOnAfterLineFeed: Bool {
        @inline(__always) get { fields.pointee.ideographicRunGoesOnAfterLineFeed }
    }

    /// Makes sure the entries of the BMP scalars of `bytes` (valid UTF-8) are filled
    /// (`StyleTables.EntryFilling`): every walk of a text starts here. Once every entry is
    /// filled, one load and a branch.
    @inline(__always)
    func fillEntries(coveringScalarsOf bytes: UnsafeBufferPointer<UInt8>) {
        if _slowPath(!fields.pointee.entriesComplete.pointee.load(ordering: .acquiring)) {
            withTables { $0.fillEntries(coveringScalarsOf: bytes) }
        }
    }

    /// Calls `body` with the tables, without retaining them.
    @inline(__always)
    func withTables<Result>(_ body: (StyleTables) -> Result) -> Result {
        fields.pointee.owner._withUnsafeGuaranteedRef(body)
    }

    /// Whether the ASCII fast path measures the byte `b` at `i`, which `asciiSimple` does not
    /// mark, as if it did: `b` is one of `StyleTables.asciiLigatureStarts` and no ligature ending
    /// before `limit` starts with it (`mayStartLigature`: the test `GlyphStepper.step` makes
    /// before it measures such a byte the same way). Out of the way of the loops' common case.
    @inline(__always)
    func measuresSimply(ligatureStart b: UInt8, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        fields.pointee.asciiLigatureStarts[Int(b)] != 0 && !mayStartLigature(UInt32(b), at: i, limit: limit, in: bytes)
    }

    /// Whether the BMP scalar `value` at byte `i`, whose entry may start a ligature, can start
    /// one before `limit`: `false` when no scalar follows before `limit`, when it is ASCII and the
    /// byte after it is an ASCII scalar no ligature of its glyph continues with
    /// (`StyleTables.asciiLigaturePairs`), and when the BMP scalar after it continues no
    /// ligature at all (`StyleTables.Entry.continuesLigature`: か before a kanji).
    @inline(__always)
    func mayStartLigature(_ value: UInt32, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let next = i &+ (value < 0x80 ? 1 : value < 0x800 ? 2 : 3)
        guard next < limit else { return false }
        let byte = bytes[next]
        if value < 128 && byte < 128 {
            return fields.pointee.asciiLigaturePairs[Int(value) << 7 | Int(byte)] != 0
        }
        let following = TextWalker.decode(bytes, at: next).value
        return following >= 0x1_0000 || entries[Int(following)].continuesLigature
    }

    /// The standard ligature starting at byte `i` with `glyph` of font `font`, if its components
    /// follow before `limit`: the ligature glyph, the number of scalars it covers and its width
    /// minus the components' widths (width units). Reads `LigatureLookup`: no reference count.
    /// `glyph` and `font` are those of the scalar at `i`. Two ASCII bytes whose ligature the
    /// byte after them decides ("fi", "ff": `StyleTables.asciiLigatureRows`) read it from the
    /// tables, which this function filled when they were built.
    func ligature(startingWith glyph: GlyphID, font: Int, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>)
        -> (glyph: GlyphID, scalars: Int, adjustment: Double)?
    {
        if i &+ 2 <= limit, let base = bytes.baseAddress, base[i] | base[i &+ 1] < 0x80 {
            let row = Int(fields.pointee.asciiLigaturePairs[Int(base[i]) &<< 7 | Int(base[i &+ 1])])
            if row >= 2 {
                let after = i &+ 2 < limit ? Int(base[i &+ 2]) : 0x80
                let code = Int(fields.pointee.asciiLigatureRows[row &<< 8 | after])
                if code == 0 { return nil }
                if code != 255 {
                    return (fields.pointee.asciiLigatureGlyphs[code], Int(fields.pointee.asciiLigatureScalars[code]),
                            fields.pointee.asciiLigatureAdjustments[code])
                }
            }
        }
        let ligatures = fields.pointee.ligatures
        let candidates = ligatures.candidates(startingWith: glyph, font: font)
        guard !candidates.isEmpty else { return nil }
        let first = i + TextWalker.decode(bytes, at: i).length
        // Each candidate in the table's order, its components compared with the scalars that
        // follow as they are decoded (no arrays: this runs for every glyph that may start one).
        for index in candidates {
            let candidate = ligatures.candidate(index)
            var j = first
            var plain = candidate.firstAdvance
            var matched = true
            for k in 0..<Int(candidate.componentCount) {
                guard j < limit else { matched = false; break }
                let (value, length) = TextWalker.decode(bytes, at: j)
                let (advance, f, g) = lookup(value)
                guard f == font, advance != 0, g == ligatures.component(k, of: candidate) else { matched = false; break }
                plain += advance
                j += length
            }
            guard matched else { continue }
            return (candidate.glyph, Int(candidate.componentCount) + 1, candidate.advance - plain)
        }
        return nil
    }

    /// Whether some standard ligature of font `font` starts with `glyph`.
    @inline(__always)
    func startsLigature(_ glyph: GlyphID, font: Int) -> Bool {
        !fields.pointee.ligatures.candidates(startingWith: glyph, font: font).isEmpty
    }

    /// `asciiKerning[pair]` read through the cache-sized index (`pair` = `left << 7 | right`).
    @inline(__always)
    func compactASCIIKerning(_ pair: Int) -> Double {
        compactASCIIKerning(pair, index: fields.pointee.asciiKerningIndex[pair])
    }

    /// `compactASCIIKerning(_:)` of `pair` whose entry of `asciiKerningIndex` is `index` (read
    /// by a loop over a run of bytes that holds the index's pointer): 0 exactly when `index`
    /// is 0.
    @inline(__always)
    func compactASCIIKerning(_ pair: Int, index: UInt8) -> Double {
        if index == 0 { return 0 }
        // 254 (`StyleTables.asciiKerningNotSimple`) and 255: read `asciiKerning`.
        return index >= StyleTables.asciiKerningNotSimple
            ? fields.pointee.asciiKerning[pair] : fields.pointee.asciiKerningValues[Int(index)]
    }

    /// The mask bits (`StyleTables.maskBit(font:)`) of the fonts that have pair kerning: none
    /// of the fonts of a piece whose font mask has none of these bits kerns (fonts 31 and later
    /// share a bit, set if one of them kerns).
    var kerningFonts: UInt32 {
        @inline(__always) get { fields.pointee.kerningFonts }
    }

    /// How many fonts the tables have: those an entry's `font` indexes (one `fontHasKerning` each).
    var fontCount: Int {
        @inline(__always) get { fields.pointee.fontHasKerning.count }
    }

    /// Whether font `font` has pair kerning (else `kerning` is 0 without reading its tables).
    @inline(__always)
    func hasKerning(font: Int) -> Bool {
        fields.pointee.fontHasKerning[font]
    }

    /// Kerning between two glyphs of the same font, in width units (the font's tables are read
    /// only for a font that kerns).
    @inline(__always)
    func kerning(_ left: GlyphID, _ right: GlyphID, font: Int) -> Double {
        guard hasKerning(font: font) else { return 0 }
        return withTables { $0.kerning(left, right, font: font) }
    }

    /// `kerning(_:_:font:)` between the glyph of the ASCII scalar `ascii` (< 128) of the primary
    /// font and `ligature`, a glyph of the primary font: read from
    /// `StyleTables.asciiLigatureKerning` for the ligature glyphs there (a ligature after an ASCII
    /// letter, "of" + "fi"), out of line.
    @inline(never)
    func kerning(ascii: Int, ligature: GlyphID) -> Double {
        if let slot = asciiLigatureKerningSlot(ligature) { return fields.pointee.asciiLigatureKerning[slot &<< 7 | ascii] }
        return kerning(entries[ascii].glyph, ligature, font: 0)
    }

    /// The slot of `glyph` in `StyleTables.asciiLigatureKerningGlyphs`, if it has one.
    @inline(__always)
    private func asciiLigatureKerningSlot(_ glyph: GlyphID) -> Int? {
        let glyphs = fields.pointee.asciiLigatureKerningGlyphs
        var slot = 0
        while slot < StyleTables.asciiLigatureKerningSlots {
            let held = glyphs[slot]
            if held == .max { return nil }
            if held == glyph { return slot }
            slot &+= 1
        }
        return nil
    }

    /// Advance, font index and glyph of any scalar (the BMP from `entries`, others resolved).
    @inline(__always)
    func lookup(_ value: UInt32) -> (advance: Double, font: Int, glyph: GlyphID) {
        if value < 0x1_0000 {
            let entry = entries[Int(value)]
            return (entry.advance, Int(entry.font), entry.glyph)
        }
        return withTables { $0.lookupSupplementary(value) }
    }

    /// The height of a line using the fonts in `mask` (bit i = font i); an empty mask means the
    /// primary font.
    @inline(__always)
    func lineHeight(mask: UInt32) -> Double {
        StyleTables.lineHeight(mask: mask, heights: lineHeights)
    }
}
