/// A laid-out line with its glyphs: what a renderer draws for one `LineFragment`.
public struct GlyphLine: Sendable, Equatable {
    /// UTF-8 offsets of the line in the text (the fragment's range).
    public var utf8Range: Range<Int>
    /// The visible glyphs in order, white space included (zero-width scalars such as line
    /// breaks are left out).
    public var glyphs: [PositionedGlyph]
    /// Width of the line's content in points, not counting white space that hangs at its end —
    /// computed from the same advances and kerning as `LineFragment.width`.
    public var width: Double
    /// Height of the line before `lineHeightMultiple`, points (the fragment's).
    public var lineHeight: Double
    /// The largest ascender, points, of the fonts drawing the line (the primary font's for a
    /// line without glyphs): the distance from the top of the line to its baseline.
    public var ascender: Double

    /// Creates a glyph line.
    public init(utf8Range: Range<Int>, glyphs: [PositionedGlyph], width: Double, lineHeight: Double, ascender: Double) {
        self.utf8Range = utf8Range
        self.glyphs = glyphs
        self.width = width
        self.lineHeight = lineHeight
        self.ascender = ascender
    }
}
