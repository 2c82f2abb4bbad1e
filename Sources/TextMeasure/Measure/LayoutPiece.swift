/// The unit the line fitter places: a word-mode segment (text between two break opportunities)
/// or, in char mode, one grapheme cluster. Widths are in width units (see `StyleTables`).
struct LayoutPiece: FittingPiece, Sendable {
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset where the trailing white space (which may hang) begins.
    var contentEnd: Int
    /// UTF-8 offset just past the piece.
    var end: Int
    /// Kerning between the previous piece's last glyph and this one's first; dropped at a line start.
    var leadingKern: Double
    /// Width of the content, `start..<contentEnd`, without `leadingKern`.
    var content: Double
    /// Width of the trailing white space, `contentEnd..<end`.
    var whitespace: Double
    /// Width of the last white-space scalar (the one that hangs in the `.pango` profile).
    var lastSpace: Double
    /// Bit i set when font i draws a visible scalar of the piece.
    var fontMask: UInt32
    /// The break after the piece is mandatory.
    var isMandatoryBreak: Bool
    /// The content holds more than one grapheme cluster (so it can be broken when overlong).
    var isBreakable: Bool
}

/// A grapheme cluster of an overlong piece's content.
struct LayoutCluster: Sendable {
    /// UTF-8 offset just past the cluster.
    var end: Int
    /// Kerning with the previous cluster's last glyph; dropped at a line start.
    var leadingKern: Double
    /// Width of the cluster, without `leadingKern`.
    var width: Double
    /// Fonts drawing the cluster.
    var fontMask: UInt32
}

extension LayoutPiece {
    /// Width of trailing white space that counts for fitting (`.pango`: all but one space at a
    /// soft break, all of it before a mandatory break; `.uikit`: none).
    @inline(__always)
    func countedWhitespace(pango: Bool) -> Double {
        guard pango else { return 0 }
        return isMandatoryBreak ? whitespace : whitespace - lastSpace
    }
}

/// What `LineFitter` reads of a piece: a `LayoutPiece` as measured, or a `PreparedPiece` as a
/// prepared text keeps it.
protocol FittingPiece {
    var leadingKern: Double { get }
    var content: Double { get }
    var whitespace: Double { get }
    /// Width of the trailing white space that counts for fitting.
    func countedWhitespace(pango: Bool) -> Double
    var end: Int { get }
    var fontMask: UInt32 { get }
    var isMandatoryBreak: Bool { get }
    var isBreakable: Bool { get }
}
