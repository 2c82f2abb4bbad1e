/// The unit the line fitter places: a word-mode segment (text between two break opportunities)
/// or, in char mode, one grapheme cluster. Widths are in width units (see `StyleTables`).
struct LayoutPiece: Sendable {
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
    /// The piece is one tab character: it moves the pen to the next tab stop (`TabStops`)
    /// and always fits its line, as white space that may hang.
    var isTab = false
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
    /// Content, or a white-space scalar after the content (`.pango` only, see `Role`).
    var role = Role.content

    /// What a cluster of an overlong piece is to the line fitter.
    ///
    /// In `.pango`, a piece that starts a line and does not fit it is broken between any two
    /// grapheme clusters, white space included, as Pango 1.50 does when it retries an overlong
    /// item with `PANGO_WRAP_CHAR`: a break after a white-space character hangs that character
    /// (`find_break_extra_width`), except the one that ends a paragraph, which counts.
    enum Role: UInt8, Sendable {
        /// Part of the content: fits when the pen after it is within the line.
        case content
        /// A white-space scalar that hangs at a break after it: fits when the pen before it is
        /// within the line.
        case hangingSpace
        /// The last white-space scalar before a mandatory break: fits when the pen after it is
        /// within the line.
        case countedSpace
        /// The first white-space scalar after content in another font: Pango itemizes it apart
        /// from the content, and an item whose width after the space hangs is 0 fits a line whose
        /// remaining width Pango has clamped at 0 — it always fits.
        case spaceStartingRun
    }
}

extension LayoutPiece {
    /// Width of trailing white space that counts for fitting (`.pango`: all but one space at a
    /// soft break, all of it before a mandatory break; `.uikit`: none).
    @inline(__always)
    func countedWhitespace(pango: Bool) -> Double {
        guard pango else { return 0 }
        return isMandatoryBreak ? whitespace : whitespace - lastSpace
    }

    /// Whether the piece is broken between its clusters when it starts a line and does not fit
    /// it: its content has several clusters, or (`.pango`) it has white space, which Pango breaks
    /// between (see `LayoutCluster.Role`).
    @inline(__always)
    func breaksWhenOverlong(pango: Bool) -> Bool {
        isBreakable || (pango && whitespace > 0)
    }

    /// Whether the open line may take the piece by its plain forms (`OpenLine.fits(plainContent:maxWidth:)`,
    /// `OpenLine.append(plainContent:mask:)`): no kerning, no white space (so none counts) and a
    /// content that is not 0 (so it takes width). Constant where the piece is built from
    /// constant zeros (an ideograph, `IdeographicPieces`) but for the content test.
    @inline(__always)
    func isPlain(pango: Bool) -> Bool {
        leadingKern == 0 && whitespace == 0 && countedWhitespace(pango: pango) == 0 && content != 0
    }

    /// The piece moves the pen not at all: it fits any line (`OpenLine.takesNoWidth`, `OpenLine.fits`).
    var takesNoWidth: Bool {
        @inline(__always) get { OpenLine.takesNoWidth(kern: leadingKern, content: content, whitespace: whitespace) }
    }
}
