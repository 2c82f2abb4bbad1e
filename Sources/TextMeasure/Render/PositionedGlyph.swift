/// A glyph placed on a line: which font draws it, which glyph, and where its origin is.
public struct PositionedGlyph: Sendable, Equatable {
    /// Index of the font in the style's `FontChain`.
    public var fontIndex: Int
    /// The glyph in that font (a ligature glyph stands for several scalars).
    public var glyph: GlyphID
    /// Horizontal position of the glyph's origin, points from the start of the line (after
    /// kerning with the glyph before it).
    public var x: Double
    /// UTF-8 offset in the text of the (first) scalar the glyph draws.
    public var utf8Offset: Int

    /// Creates a positioned glyph.
    public init(fontIndex: Int, glyph: GlyphID, x: Double, utf8Offset: Int) {
        self.fontIndex = fontIndex
        self.glyph = glyph
        self.x = x
        self.utf8Offset = utf8Offset
    }
}
