/// The pieces of an ideographic run (`TextWalker.fitIdeographicRun`), in order, measured from the
/// entries: the walker's state while it places the run (with its glyph stepper, kept apart).
///
/// After an ideograph, while the scalar after it is ideographic (`StyleTables.Entry.isIdeographic`),
/// or closes it (`closesIdeograph`) and an ideographic one follows, the text breaks before the
/// next ideographic scalar and nowhere else, with no white space
/// (`LineSegmentIterator.continuesIdeographicRun`, `closesIdeograph`): each such segment is a
/// piece with no white space, an ideograph alone (not breakable) or with the scalar that
/// closes it.
///
/// `peekCommon()` and `next()` give the common pieces only — those whose fonts have no kerning —
/// and no call is made for them, so that a loop over them keeps everything in registers
/// (`LineFitter.appendCommonWhileFitting`); `nextSegment()` gives any piece. Where `next()` gives none
/// because the run has ended (`hasEnded`), neither does `nextSegment()`.
struct IdeographicPieces: IteratorProtocol {
    /// The text.
    let base: UnsafePointer<UInt8>
    /// The text's length in bytes.
    let count: Int
    /// `count - 6`: the last `start` with a scalar of three bytes after the ideograph there.
    let lastStart: Int
    /// The style's tables.
    let tables: StyleTableView
    /// `tables.entries`.
    let entries: UnsafePointer<StyleTables.Entry>
    /// The mask bits (`StyleTables.maskBit(font:)`) of the fonts that have pair kerning
    /// (`StyleTableView.kerningFonts`): a piece whose mask has none of them has no kerning —
    /// or every bit when the style has more than 32 fonts, whose `bit(font:)` is not always
    /// their mask bit (then `next()` gives no piece).
    let kerningFonts: UInt32
    /// Where the next piece starts: an ideograph of three bytes.
    private(set) var start: Int
    /// The advance of the ideograph at `start` (its entry's: the rest of it is read again
    /// where needed, which keeps the loop over `next()` in registers).
    private var advance: Double
    /// The mask bit of the font of the ideograph at `start` (`bit(font:)`: its
    /// `StyleTables.maskBit(font:)` but where `kerningFonts` has every bit).
    private var fontMask: UInt32
    /// Where the glyph stepper stands: it has stepped through the scalars before this offset.
    /// Behind `start` once `next()` has given pieces (it has not stepped through their last
    /// scalar, the three bytes before `start`, yet): `catchUp`.
    private var steppedTo: Int
    /// Whether `next()` returned `nil` because the run ended (`nextSegment` would return `nil`
    /// too), not because the piece needs the stepper.
    private(set) var hasEnded = false

    /// The pieces from the ideograph at `start` (which must have an entry that
    /// `isIdeographic`).
    @inline(__always)
    init(text: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, start: Int, tables: StyleTableView) {
        self.base = base
        count = text.count
        lastStart = text.count &- 6
        self.tables = tables
        entries = tables.entries
        kerningFonts = tables.fontCount > 32 ? ~0 : tables.kerningFonts
        self.start = start
        steppedTo = start
        let entry = entries[Int(TextWalker.decodeThreeBytes(base, at: start))]
        advance = entry.advance
        fontMask = IdeographicPieces.bit(font: entry.font)
    }

    /// `StyleTables.maskBit(font:)` for a style of at most 32 fonts (fonts 0–31, `kerningFonts`
    /// says where it is not): one shift, without `maskBit`'s clamp at 31 (whose font has bit 31
    /// either way). Past 32 fonts the shift wraps, and `kerningFonts` then has every bit.
    @inline(__always)
    static func bit(font: UInt8) -> UInt32 {
        1 &<< UInt32(font)
    }

    /// A common piece (`peekCommon()`) measured but not taken yet (`take(_:)`): where it ends,
    /// its content and fonts, and what the walk needs of the ideograph after it, where the next
    /// piece starts. Such a piece is plain (`LayoutPiece.isPlain(pango:)`): no kerning, no white
    /// space, no paragraph end, not a tab, and a content above 0 (the advances of entries that
    /// are `isIdeographic` or `closesIdeograph` are positive).
    struct CommonPiece {
        /// Where the piece ends (and the next one starts).
        let end: Int
        /// The piece's content: the ideograph's advance, or that and the closing scalar's
        /// (`closedContent`).
        let content: Double
        /// The piece's font mask (`bit(font:)` of its scalars).
        let mask: UInt32
        /// The advance of the ideograph at `end`.
        let followingAdvance: Double
        /// The mask bit (`bit(font:)`) of the ideograph at `end`.
        let followingMask: UInt32
    }

    /// The next piece if its fonts have no kerning — so that its adjustments are 0 whatever
    /// glyph comes before — and the run goes on after it, without taking it (`take(_:)` does);
    /// `nil` otherwise, nothing changed but `hasEnded`. Calls nothing and needs no stepper:
    /// `catchUp` steps it through the last scalar of these pieces, which leaves it as stepping
    /// through each would (`GlyphStepper.stepIdeograph` keeps nothing of the scalars before the
    /// last). (`takeCommon(while:)` accepting none.)
    @inline(__always)
    mutating func peekCommon() -> CommonPiece? {
        takeCommon { _ in false }
    }

    /// Takes the common pieces (`peekCommon()`) one by one for as long as `accept`, called with
    /// each before it is taken, accepts it: the loop over a run's common pieces
    /// (`LineFitter.appendCommonWhileFitting`), each kind of piece accepted and taken where it
    /// is measured (no values merged between the two before `accept`).
    ///
    /// - Returns: The first piece not accepted, not taken; `nil` where `peekCommon()` gives none.
    @inline(__always)
    mutating func takeCommon(while accept: (CommonPiece) -> Bool) -> CommonPiece? {
        while true {
            // (Where `segmentEnd()` would be `nil`, `hasEnded`.)
            let end = start &+ 3
            guard start <= lastStart, base[end] & 0xF0 == 0xE0 else { return ended() }
            guard fontMask & kerningFonts == 0 else { return nil }
            let nextEntry = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
            if nextEntry.isIdeographic {
                let piece = CommonPiece(
                    end: end, content: advance, mask: fontMask, followingAdvance: nextEntry.advance,
                    followingMask: IdeographicPieces.bit(font: nextEntry.font))
                guard accept(piece) else { return piece }
                take(piece)
                continue
            }
            guard nextEntry.closesIdeograph else { return ended() }
            let closingMask = IdeographicPieces.bit(font: nextEntry.font)
            guard closingMask & kerningFonts == 0 else { return nil }
            guard end <= lastStart, base[end &+ 3] & 0xF0 == 0xE0 else { return ended() }
            let followingEntry = entries[Int(TextWalker.decodeThreeBytes(base, at: end &+ 3))]
            guard followingEntry.isIdeographic else { return ended() }
            let piece = CommonPiece(
                end: end &+ 3,
                content: IdeographicPieces.closedContent(
                    advance: advance, closingAdjustment: 0, closingAdvance: nextEntry.advance),
                mask: fontMask | closingMask, followingAdvance: followingEntry.advance,
                followingMask: IdeographicPieces.bit(font: followingEntry.font))
            guard accept(piece) else { return piece }
            take(piece)
        }
    }

    /// Takes `piece`, which `peekCommon()` gave (nothing changed since): the next piece starts
    /// after it.
    @inline(__always)
    mutating func take(_ piece: CommonPiece) {
        start = piece.end
        advance = piece.followingAdvance
        fontMask = piece.followingMask
    }

    /// Takes `common`, which `peekCommon()` gave (nothing changed since), as a layout piece.
    @inline(__always)
    mutating func take(asPiece common: CommonPiece) -> LayoutPiece {
        let piece = LayoutPiece(
            start: start, contentEnd: common.end, end: common.end, leadingKern: 0, content: common.content,
            whitespace: 0, lastSpace: 0, fontMask: common.mask, isMandatoryBreak: false,
            isBreakable: common.end != start &+ 3)
        take(common)
        return piece
    }

    /// The next common piece (`peekCommon()`) as a layout piece, taken; `nil` where
    /// `peekCommon()` gives none.
    @inline(__always)
    mutating func next() -> LayoutPiece? {
        guard let common = peekCommon() else { return nil }
        return take(asPiece: common)
    }

    /// `peekCommon()`'s `nil` at the end of the run.
    @inline(__always)
    private mutating func ended() -> CommonPiece? {
        hasEnded = true
        return nil
    }

    /// Steps `stepper`, which has stepped through the pieces given before those of `next()`
    /// since the last call, through the last scalar of these.
    @inline(__always)
    mutating func catchUp(_ stepper: inout GlyphStepper) {
        guard steppedTo != start else { return }
        let value = TextWalker.decodeThreeBytes(base, at: start &- 3)
        _ = stepper.stepIdeograph(value, entry: entries[Int(value)], tables: tables)
        steppedTo = start
    }

    /// The next piece, whatever it is, `stepper` stepped through it (`catchUp` first); `nil` at
    /// the end of the run, nothing changed.
    mutating func nextSegment(stepper: inout GlyphStepper) -> LayoutPiece? {
        guard let end = segmentEnd() else { return nil }
        catchUp(&stepper)
        let value = TextWalker.decodeThreeBytes(base, at: start)
        let entry = entries[Int(value)]
        let mask = StyleTables.maskBit(font: Int(entry.font))
        let piece: LayoutPiece
        if end == start &+ 3 {
            piece = alone(adjustment: stepper.stepIdeograph(value, entry: entry, tables: tables), mask: mask)
        } else {
            let closing = TextWalker.decodeThreeBytes(base, at: start &+ 3)
            let closingEntry = entries[Int(closing)]
            let adjustment = stepper.stepIdeograph(value, entry: entry, tables: tables)
            piece = closed(
                by: closingEntry.advance, mask: mask | StyleTables.maskBit(font: Int(closingEntry.font)),
                adjustment: adjustment,
                closingAdjustment: stepper.stepIdeograph(closing, entry: closingEntry, tables: tables))
        }
        start = end
        steppedTo = end
        let following = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
        advance = following.advance
        fontMask = IdeographicPieces.bit(font: following.font)
        return piece
    }

    /// The ideograph at `start` as a piece of its own, `adjustment` before it, of font mask
    /// `mask`. Never overlong: a piece of one scalar is not breakable.
    @inline(__always)
    private func alone(adjustment: Double, mask: UInt32) -> LayoutPiece {
        LayoutPiece(
            start: start, contentEnd: start &+ 3, end: start &+ 3, leadingKern: adjustment, content: advance,
            whitespace: 0, lastSpace: 0, fontMask: mask, isMandatoryBreak: false, isBreakable: false)
    }

    /// The ideograph at `start` with the scalar after it, which closes it (of advance
    /// `closingAdvance`), as a piece of font mask `mask`: `adjustment` before the
    /// ideograph, `closingAdjustment` between the two, summed as `TextWalker.measure` sums a
    /// piece's later scalars.
    @inline(__always)
    private func closed(
        by closingAdvance: Double, mask: UInt32, adjustment: Double, closingAdjustment: Double
    ) -> LayoutPiece {
        let content = IdeographicPieces.closedContent(
            advance: advance, closingAdjustment: closingAdjustment, closingAdvance: closingAdvance)
        return LayoutPiece(
            start: start, contentEnd: start &+ 6, end: start &+ 6, leadingKern: adjustment, content: content,
            whitespace: 0, lastSpace: 0, fontMask: mask,
            isMandatoryBreak: false, isBreakable: true)
    }

    /// The content of an ideograph of advance `advance` with the scalar after it, which closes it
    /// (of advance `closingAdvance`), `closingAdjustment` between the two: summed as
    /// `TextWalker.measure` sums a piece's later scalars.
    @inline(__always)
    static func closedContent(advance: Double, closingAdjustment: Double, closingAdvance: Double) -> Double {
        var content = advance
        content += closingAdjustment
        content += closingAdvance
        return content
    }

    /// Where the piece starting at `start` ends if the run goes on: after the ideograph if the
    /// next scalar is ideographic, after the next if that closes it and an ideographic one
    /// follows; `nil` otherwise.
    @inline(__always)
    func segmentEnd() -> Int? {
        let end = start &+ 3
        guard end &+ 3 <= count, base[end] & 0xF0 == 0xE0 else { return nil }
        let nextEntry = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
        if nextEntry.isIdeographic { return end }
        guard nextEntry.closesIdeograph, end &+ 6 <= count, base[end &+ 3] & 0xF0 == 0xE0,
            entries[Int(TextWalker.decodeThreeBytes(base, at: end &+ 3))].isIdeographic
        else { return nil }
        return end &+ 3
    }
}
