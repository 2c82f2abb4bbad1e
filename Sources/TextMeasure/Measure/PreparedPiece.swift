/// A piece as `PreparedText` keeps it: the `LayoutPiece` as measured, which `LineFitter` places
/// as direct measuring does, and where it starts along the text. What fitting reads of every
/// piece is in its `PreparedPieceSummary`; this part is read for exact sums, by `LineFitter` and
/// near the limit by `PreparedWrapper` only, so it is kept apart (wrapping a long list of
/// prepared texts is bound by memory traffic).
struct PreparedPiece: Sendable {
    /// The piece as `TextWalker` (or `RichWalker`) measured it.
    var layout: LayoutPiece
    /// Sum of `leadingKern + content + whitespace` over the pieces before this one, summed in
    /// order: where the piece starts when every piece before it shares its line, up to rounding
    /// (an estimate).
    var offset: Double
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

    /// The summary of `piece`, which starts at `offset` along the text (`PreparedPiece.offset`).
    @inline(__always)
    init(_ piece: LayoutPiece, offset: Double, pango: Bool) {
        let counted = piece.countedWhitespace(pango: pango)
        fittingEnd = offset + piece.leadingKern + piece.content + counted
        fittingWidth = piece.content + counted
        fontMask = piece.fontMask
        flags = (piece.isMandatoryBreak ? 1 : 0) | (piece.breaksWhenOverlong(pango: pango) ? 2 : 0)
            | (piece.isTab ? 4 : 0) | (piece.isBreakable ? 8 : 0)
    }

    var isMandatoryBreak: Bool { flags & 1 != 0 }
    /// See `LayoutPiece.breaksWhenOverlong(pango:)`.
    var breaksWhenOverlong: Bool { flags & 2 != 0 }
    var isTab: Bool { flags & 4 != 0 }
    /// See `LayoutPiece.isBreakable`.
    var isBreakable: Bool { flags & 8 != 0 }
}
