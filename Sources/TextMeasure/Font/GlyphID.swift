/// A glyph index in a font; 0 is `.notdef`, the glyph drawn for characters the font lacks.
public typealias GlyphID = UInt32

/// A scalar resolved through a `FontChain`: which font draws it, with which glyph and advance.
public struct ResolvedGlyph: Sendable, Equatable {
    /// Index of the font in the chain.
    public var fontIndex: Int
    /// Glyph in that font (0 when no font has one: the primary font's `.notdef`).
    public var glyph: GlyphID
    /// Unhinted advance width in that font's units.
    public var advance: Int32

    /// Creates a resolved glyph.
    public init(fontIndex: Int, glyph: GlyphID, advance: Int32) {
        self.fontIndex = fontIndex
        self.glyph = glyph
        self.advance = advance
    }
}
