/// Steps through a text's scalars in order, giving each visible one its advance and the
/// adjustment between it and the glyph before it: pair kerning (dropped when a line starts
/// there) and the width change of a standard ligature ("fi", "ffl"…),
/// carried by the ligature's last component so that a break inside it restores the plain widths.
///
/// The state after an ASCII scalar of the primary font with its own glyph, no ligature going on
/// (most scalars of Latin text), is one field, `asciiPrevious`: the ASCII fast paths read and
/// write that alone (`stepSimpleASCII`, `endSimpleASCIIRun`); the others read the state through
/// it (`currentFont`, `currentScalar`, `previousGlyph`).
struct GlyphStepper {
    /// The previous visible scalar's glyph for kerning, font and scalar, and whether that glyph
    /// is its own (not a ligature's): stale while `asciiPrevious` ≥ 0.
    private var prevGlyph: GlyphID = 0
    private var prevFont = -1
    private var prevValue: UInt32 = 0x1_0000
    private var prevGlyphIsNominal = false
    private var ligatureRemaining = 0
    private var ligatureAdjustment = 0.0
    private var ligatureGlyph: GlyphID = 0
    /// The previous visible scalar when it is ASCII, drawn by the primary font (0) with its own
    /// glyph and no ligature going on — where the adjustment before a next ASCII scalar of
    /// that font is `StyleTableView.compactASCIIKerning` of the pair — else −1. While ≥ 0 it
    /// holds the whole state: font 0, that scalar, its entry's glyph, nominal.
    private var asciiPrevious = -1
    /// The clusters stepped through that no font has (kept across `continueRun` and `restart`).
    var missing = MissingGlyphTally()

    /// The font of the last visible scalar stepped through (−1 before any): the font Pango's
    /// itemization keeps white space in.
    var currentFont: Int {
        @inline(__always) get { asciiPrevious >= 0 ? 0 : prevFont }
    }

    /// The last visible scalar stepped through.
    var currentScalar: UInt32 {
        @inline(__always) get { asciiPrevious >= 0 ? UInt32(truncatingIfNeeded: asciiPrevious) : prevValue }
    }

    /// The previous visible scalar's glyph for kerning (see `asciiPrevious`).
    @inline(__always)
    private func previousGlyph(_ tables: StyleTableView) -> GlyphID {
        asciiPrevious >= 0 ? tables.entries[asciiPrevious].glyph : prevGlyph
    }

    /// Records the visible scalar `value` of font `font` just stepped through, drawn by `glyph`
    /// for kerning (`nominal`: its own glyph), with no ligature going on after it when
    /// `ligatureRemaining` is 0.
    @inline(__always)
    private mutating func record(_ value: UInt32, font: Int, glyph: GlyphID, nominal: Bool) {
        if font == 0 && value < 128 && nominal && ligatureRemaining == 0 {
            asciiPrevious = Int(value)
        } else {
            asciiPrevious = -1
            prevGlyphIsNominal = nominal
            prevGlyph = glyph
            prevFont = font
            prevValue = value
        }
    }

    /// Continues after text shaped elsewhere (by HarfBuzz) that ended with `scalar` in chain
    /// font `font`: white space and zero-width characters that follow stay in that run's font;
    /// nothing kerns across the boundary.
    mutating func continueRun(font: Int, scalar: UInt32) {
        restart()
        prevFont = font
        prevValue = scalar
        prevGlyph = 0
        prevGlyphIsNominal = false
    }

    /// Forgets the text stepped through (nothing kerns with it), keeping the `missing` tally.
    mutating func restart() {
        // Field by field, `missing` untouched (a new stepper with the tally copied back in
        // copied the tally out and in again: at every shaped piece).
        let fresh = GlyphStepper()
        prevGlyph = fresh.prevGlyph
        prevFont = fresh.prevFont
        prevValue = fresh.prevValue
        prevGlyphIsNominal = fresh.prevGlyphIsNominal
        ligatureRemaining = fresh.ligatureRemaining
        ligatureAdjustment = fresh.ligatureAdjustment
        ligatureGlyph = fresh.ligatureGlyph
        asciiPrevious = fresh.asciiPrevious
    }

    /// One visible scalar.
    struct Step {
        /// Advance in width units.
        var advance: Double
        /// Kerning / ligature adjustment with the previous glyph, width units.
        var adjustment: Double
        /// Index of the font drawing it.
        var font: Int
    }

    /// Whether `stepSimpleASCII` may be used for the next scalar: no ligature is being formed.
    var acceptsSimpleASCII: Bool {
        @inline(__always) get { ligatureRemaining == 0 }
    }

    /// The adjustment before a byte that `StyleTables.asciiSimple` marks (primary font, own
    /// glyph, non-zero advance, no ligature), or that it would mark but for a ligature that does
    /// not start there (`StyleTableView.measuresSimply(ligatureStart:at:limit:in:)`), while
    /// `acceptsSimpleASCII`: the same result and state change as `step(_:at:limit:in:tables:)`
    /// for it, without its general branches.
    @inline(__always)
    mutating func stepSimpleASCII(_ value: UInt32, glyph: GlyphID, tables: StyleTableView) -> Double {
        var adjustment = 0.0
        let previous = asciiPrevious
        if previous >= 0 {
            adjustment = tables.compactASCIIKerning(previous &<< 7 | Int(value))
        } else if prevFont == 0 {
            // (Not an ASCII scalar with its own glyph: `asciiPrevious` would be set.)
            adjustment = tables.kerning(prevGlyph, glyph, font: 0)
        }
        asciiPrevious = Int(value)
        return adjustment
    }

    /// Records that a run of bytes marked in `StyleTables.asciiSimple` ended with `value`,
    /// after its first byte went through `stepSimpleASCII`: between two such bytes the
    /// adjustment is `StyleTables.asciiKerning` of the pair and the state changes only in the
    /// previous scalar, so the run's middle needs no stepper.
    @inline(__always)
    mutating func endSimpleASCIIRun(last value: UInt32) {
        asciiPrevious = Int(value)
    }

    /// The adjustment before a scalar whose entry `isIdeographic` or `closesIdeograph` (a BMP
    /// scalar ≥ U+0800 with a non-zero advance), followed by one whose entry is either, so that
    /// no ligature forms (`StyleTables.Entry.isIdeographic`), while `acceptsSimpleASCII`: the
    /// same result and state change as `step(_:at:limit:in:tables:)` for it, without its general
    /// branches.
    @inline(__always)
    mutating func stepIdeograph(_ value: UInt32, entry: StyleTables.Entry, tables: StyleTableView) -> Double {
        let font = Int(entry.font)
        let adjustment = font == currentFont ? tables.kerning(previousGlyph(tables), entry.glyph, font: font) : 0
        passIdeograph(value, entry: entry)
        return adjustment
    }

    /// `stepIdeograph`'s change of state without its adjustment (not looked up): where the
    /// adjustment is known to be 0 or is not wanted (`IdeographicPieces.catchUp`, after pieces
    /// whose fonts do not kern).
    @inline(__always)
    mutating func passIdeograph(_ value: UInt32, entry: StyleTables.Entry) {
        record(value, font: Int(entry.font), glyph: entry.glyph, nominal: true)
    }

    /// The step for the scalar `value` starting at byte `i` (`limit`: where ligatures must end),
    /// or `nil` for a scalar that takes no width. Always inlined (the loops stepping scalars
    /// keep the common case in registers): `@inline(__always)` is only a hint for a function
    /// this size, which the compiler stopped taking once `asciiPrevious` came.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    mutating func step(_ value: UInt32, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>,
                       tables: StyleTableView) -> Step? {
        // The common case inline: a BMP scalar with no ligature starting or going on, that a
        // font has.
        if value < 0x1_0000 && ligatureRemaining == 0 {
            let entry = tables.entries[Int(value)]
            let flags = entry.flags
            if flags & (1 | StyleTables.Entry.missing) == 0
                || (flags & StyleTables.Entry.missing == 0 && !tables.mayStartLigature(value, at: i, limit: limit, in: bytes))
            {
                guard entry.advance != 0 else { return nil }
                let font = Int(entry.font)
                var adjustment = 0.0
                if font == currentFont {
                    if value < 128 && asciiPrevious >= 0 {
                        adjustment = tables.compactASCIIKerning(asciiPrevious << 7 | Int(value))
                    } else {
                        adjustment = tables.kerning(previousGlyph(tables), entry.glyph, font: font)
                        if _slowPath(adjustment != 0) && PangoScriptRuns.closingStartsRun(value, at: i, in: bytes) {
                            adjustment = 0
                        }
                    }
                }
                record(value, font: font, glyph: entry.glyph, nominal: true)
                return Step(advance: entry.advance, adjustment: adjustment, font: font)
            }
        }
        return stepGeneral(value, at: i, limit: limit, in: bytes, tables: tables)
    }

    /// `step`, out of line: for loops where the scalars it steps are rare (the bytes of an ASCII
    /// text off the short path of `stepSimpleASCII`), which keep their registers for the others.
    @inline(never)
    mutating func stepOutOfLine(_ value: UInt32, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                tables: StyleTableView) -> Step? {
        step(value, at: i, limit: limit, in: bytes, tables: tables)
    }

    /// `step` for any scalar: supplementary planes, ligatures, scalars no font has (counted
    /// in `missing`).
    @inline(never)
    private mutating func stepGeneral(_ value: UInt32, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>,
                                      tables: StyleTableView) -> Step? {
        let advance: Double
        let font: Int
        let glyph: GlyphID
        var mayStartLigature = false
        if value < 0x1_0000 {
            let entry = tables.entries[Int(value)]
            if entry.isMissing { missing.record(value, at: i, in: bytes) }
            guard entry.advance != 0 else { return nil }
            advance = entry.advance
            font = Int(entry.font)
            glyph = entry.glyph
            mayStartLigature = entry.flags & 1 != 0
        } else {
            let looked = tables.lookup(value)
            if looked.glyph == 0, let scalar = Unicode.Scalar(value), ClusterCoverage.needsGlyph(scalar) {
                missing.record(value, at: i, in: bytes)
            }
            guard looked.advance != 0 else { return nil }
            (advance, font, glyph) = looked
            mayStartLigature = tables.startsLigature(glyph, font: font)
        }
        var adjustment = 0.0
        var glyphForNext = glyph
        let continuesLigature = ligatureRemaining > 0
        if continuesLigature {
            // A ligature's later scalar: the ligature's own adjustment.
            ligatureRemaining -= 1
            if ligatureRemaining == 0 { adjustment = ligatureAdjustment }
            glyphForNext = ligatureGlyph
        } else if mayStartLigature,
            let ligature = tables.ligature(startingWith: glyph, font: font, at: i, limit: limit, in: bytes)
        {
            if font == currentFont {
                adjustment = asciiPrevious >= 0
                    ? tables.kerning(ascii: asciiPrevious, ligature: ligature.glyph)
                    : tables.kerning(previousGlyph(tables), ligature.glyph, font: font)
            }
            ligatureRemaining = ligature.scalars - 1
            ligatureAdjustment = ligature.adjustment
            ligatureGlyph = ligature.glyph
            glyphForNext = ligature.glyph
        } else if font == currentFont {
            if value < 128 && asciiPrevious >= 0 {
                adjustment = tables.asciiKerning[asciiPrevious << 7 | Int(value)]
            } else {
                adjustment = tables.kerning(previousGlyph(tables), glyph, font: font)
            }
        }
        if adjustment != 0 && !continuesLigature && PangoScriptRuns.closingStartsRun(value, at: i, in: bytes) {
            adjustment = 0
        }
        record(value, font: font, glyph: glyphForNext, nominal: glyphForNext == glyph)
        return Step(advance: advance, adjustment: adjustment, font: font)
    }
}
