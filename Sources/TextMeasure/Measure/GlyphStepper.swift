/// Steps through a text's scalars in order, giving each visible one its advance and the
/// adjustment between it and the glyph before it: pair kerning (dropped when a line starts
/// there) and, in the `.pango` profile, the width change of a standard ligature ("fi", "ffl"…),
/// carried by the ligature's last component so that a break inside it restores the plain widths.
struct GlyphStepper {
    private var prevGlyph: GlyphID = 0
    private var prevFont = -1
    private var ligatureRemaining = 0
    private var ligatureAdjustment = 0.0
    private var ligatureGlyph: GlyphID = 0

    /// One visible scalar.
    struct Step {
        /// Advance in width units.
        var advance: Double
        /// Kerning / ligature adjustment with the previous glyph, width units.
        var adjustment: Double
        /// Index of the font drawing it.
        var font: Int
    }

    /// The step for the scalar `value` starting at byte `i` (`limit`: where ligatures must end),
    /// or `nil` for a scalar that takes no width.
    @inline(__always)
    mutating func step(_ value: UInt32, at i: Int, limit: Int, in bytes: UnsafeBufferPointer<UInt8>,
                       tables: StyleTables) -> Step? {
        let (advance, font, glyph) = tables.lookup(value)
        guard advance != 0 else { return nil }
        var adjustment = 0.0
        var glyphForNext = glyph
        if ligatureRemaining > 0 {
            ligatureRemaining -= 1
            if ligatureRemaining == 0 { adjustment = ligatureAdjustment }
            glyphForNext = ligatureGlyph
        } else if tables.ligatureFonts[font], let ligature = tables.ligature(
            startingWith: glyph, font: font, at: i, limit: limit, in: bytes)
        {
            adjustment = font == prevFont ? tables.kerning(prevGlyph, ligature.glyph, font: font) : 0
            ligatureRemaining = ligature.scalars - 1
            ligatureAdjustment = ligature.adjustment
            ligatureGlyph = ligature.glyph
            glyphForNext = ligature.glyph
        } else if font == prevFont {
            adjustment = tables.kerning(prevGlyph, glyph, font: font)
        }
        prevGlyph = glyphForNext
        prevFont = font
        return Step(advance: advance, adjustment: adjustment, font: font)
    }
}
