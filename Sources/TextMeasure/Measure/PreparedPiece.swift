/// A `LayoutPiece` as `PreparedText` keeps it, with the sums that wrapping at a width needs
/// computed once. What fitting reads of every piece is in its `PreparedPieceSummary`; this part
/// is read for exact sums only, so it is kept apart (wrapping a long list of prepared texts is
/// bound by memory traffic).
struct PreparedPiece: Sendable {
    /// See `LayoutPiece`: kerning with the piece before (dropped at a line start), content width,
    /// trailing white space width (width units).
    var leadingKern: Double
    var content: Double
    var whitespace: Double
    /// The trailing white space that counts for fitting (`LayoutPiece.countedWhitespace`).
    var countedWhitespace: Double
    /// `leadingKern + content`: how far the pen moves over the piece's content after another
    /// piece on the same line (the same sum `LineFitter` forms).
    var advance: Double
    /// Sum of `advance + whitespace` over the pieces before this one, summed in order: where the
    /// piece starts when every piece before it shares its line, up to rounding (an estimate).
    var offset: Double
    /// UTF-8 offsets of the piece's start, of its content's end and just past it (an overlong
    /// piece's clusters are measured again from the text when it must be broken).
    var start: Int
    var contentEnd: Int
    var end: Int

    @inline(__always)
    init(_ piece: LayoutPiece, pango: Bool, offset: Double) {
        leadingKern = piece.leadingKern
        content = piece.content
        whitespace = piece.whitespace
        countedWhitespace = piece.countedWhitespace(pango: pango)
        advance = piece.leadingKern + piece.content
        self.offset = offset
        start = piece.start
        contentEnd = piece.contentEnd
        end = piece.end
    }
}

/// What fitting reads of every prepared piece. Positions are estimates along the whole text as
/// if on one line (prefix sums, see `PreparedPiece.offset`).
struct PreparedPieceSummary: Sendable {
    /// Where the piece's width that counts for fitting ends:
    /// `offset + leadingKern + content + countedWhitespace`.
    var fittingEnd: Double
    /// `content + countedWhitespace`, summed as `LineFitter` does: whether the piece fits on a
    /// line of its own. (`fittingEnd − fittingWidth` estimates where its content starts.)
    var fittingWidth: Double
    /// See `LayoutPiece.fontMask`.
    var fontMask: UInt32
    /// Bit 0: `isMandatoryBreak`; bit 1: `breaksWhenOverlong` (in the profile prepared for);
    /// bit 2: `isTab`; bit 3: `isBreakable` (the content has several clusters).
    var flags: UInt32

    @inline(__always)
    init(_ piece: PreparedPiece, layout: LayoutPiece, pango: Bool) {
        fittingEnd = piece.offset + piece.leadingKern + piece.content + piece.countedWhitespace
        fittingWidth = piece.content + piece.countedWhitespace
        fontMask = layout.fontMask
        flags = (layout.isMandatoryBreak ? 1 : 0) | (layout.breaksWhenOverlong(pango: pango) ? 2 : 0)
            | (layout.isTab ? 4 : 0) | (layout.isBreakable ? 8 : 0)
    }

    var isMandatoryBreak: Bool { flags & 1 != 0 }
    /// See `LayoutPiece.breaksWhenOverlong(pango:)`.
    var breaksWhenOverlong: Bool { flags & 2 != 0 }
    var isTab: Bool { flags & 4 != 0 }
    /// See `LayoutPiece.isBreakable`.
    var isBreakable: Bool { flags & 8 != 0 }
}

/// A prepared piece whole, as `LineFitter` reads it.
struct PreparedPieceView: FittingPiece {
    var piece: PreparedPiece
    var summary: PreparedPieceSummary

    var leadingKern: Double { piece.leadingKern }
    var content: Double { piece.content }
    var whitespace: Double { piece.whitespace }
    @inline(__always)
    func countedWhitespace(pango: Bool) -> Double { piece.countedWhitespace }
    var end: Int { piece.end }
    var fontMask: UInt32 { summary.fontMask }
    var isMandatoryBreak: Bool { summary.isMandatoryBreak }
    @inline(__always)
    func breaksWhenOverlong(pango: Bool) -> Bool { summary.breaksWhenOverlong }
    var isTab: Bool { summary.isTab }

    /// The piece as `TextWalker` measured it (for measuring its clusters again).
    var layoutPiece: LayoutPiece {
        LayoutPiece(
            start: piece.start, contentEnd: piece.contentEnd, end: piece.end, leadingKern: piece.leadingKern,
            content: piece.content, whitespace: piece.whitespace, lastSpace: 0, fontMask: summary.fontMask,
            isMandatoryBreak: summary.isMandatoryBreak, isBreakable: summary.breaksWhenOverlong, isTab: summary.isTab)
    }
}
