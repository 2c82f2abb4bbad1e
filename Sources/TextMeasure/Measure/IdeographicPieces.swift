import LineBreak

/// The pieces of an ideographic run (`TextWalker.fitIdeographicRun`), in order, measured from the
/// entries: the walker's state while it places the run (with its glyph stepper, kept apart).
///
/// After an ideograph, the text breaks before each ideographic scalar (`StyleTables.Entry.isIdeographic`)
/// and before each scalar that opens one (`opensIdeograph`) followed by one, and nowhere between
/// an ideograph and the scalars that close it (`closesIdeograph`, then `closesClosedIdeograph`),
/// with no white space (`LineSegmentIterator.continuesIdeographicRun`, `closesIdeograph`,
/// `closesClosedIdeograph`, `opensIdeograph`): each piece is a lead — an ideograph, or an
/// opening scalar and an ideograph — and any closing scalars, while such a lead follows, or
/// the text ends after it (`endsText`: its last piece) (`read(checkingKerning:)`, the rule in
/// one place).
///
/// `peekCommon()` and `next()` give the common pieces only — those whose fonts have no kerning —
/// and no call is made for them, so that a loop over them keeps everything in registers
/// (`LineFitter.appendCommonWhileFitting`); `nextSegment()` gives an ideograph alone or with one
/// closing scalar, with kerning. Where `next()` gives none because the run has ended
/// (`hasEnded`), neither does `nextSegment()`.
struct IdeographicPieces: IteratorProtocol {
    /// The text.
    let base: UnsafePointer<UInt8>
    /// The text's length in bytes.
    let count: Int
    /// `count - 3`: the last offset where a scalar of three bytes may start.
    let lastScalarStart: Int
    /// The style's tables.
    let tables: StyleTableView
    /// `tables.entries`.
    let entries: UnsafePointer<StyleTables.Entry>
    /// `StyleTables.commonFonts(of: entries)`.
    let commonFonts: UnsafePointer<UInt8>
    /// The mask bits (`StyleTables.maskBit(font:)`) of the fonts that have pair kerning
    /// (`StyleTableView.kerningFonts`): a piece whose mask has none of them has no kerning —
    /// or every bit when the style has more than 32 fonts, whose `bit(font:)` is not always
    /// their mask bit (then `next()` gives no piece).
    let kerningFonts: UInt32
    /// Where the next piece starts: its lead, an ideograph of three bytes or a scalar that opens
    /// one (`StyleTables.Entry.opensIdeograph`) and the ideograph.
    private(set) var start: Int
    /// Where the lead of the piece at `start` ends: `start + 3`, or `start + 6` after a scalar
    /// that opens the ideograph. The line-breaking automaton, having read the lead, is in the
    /// state after an ideograph (`LineSegmentIterator.resume(afterIdeographAt:end:)`).
    private(set) var leadEnd: Int
    /// The content of the lead at `start`: the ideograph's advance (its entry's: the rest of it
    /// is read again where needed, which keeps the loop over `next()` in registers), or the
    /// opening scalar's and the ideograph's (`closedContent`, as `TextWalker.measure` sums them).
    private var advance: Double
    /// The mask bits (`bit(font:)`: their `StyleTables.maskBit(font:)` but where
    /// `kerningFonts` has every bit) of the fonts of the lead at `start`.
    private var fontMask: UInt32
    /// Where the glyph stepper stands: it has stepped through the scalars before this offset.
    /// Behind `start` once `next()` has given pieces (it has not stepped through their last
    /// scalar, the three bytes before `start`, yet): `catchUp`.
    private var steppedTo: Int
    /// Whether `next()` returned `nil` because the run ended (`nextSegment` would return `nil`
    /// too), not because the piece needs the stepper.
    private(set) var hasEnded = false

    /// The pieces from the lead at `start`: an ideograph (an entry that `isIdeographic`), or a
    /// scalar that `opensIdeograph` and an ideograph (`leadEnd`).
    @inline(__always)
    init(text: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, start: Int, tables: StyleTableView) {
        self.base = base
        count = text.count
        lastScalarStart = text.count &- 3
        self.tables = tables
        entries = tables.entries
        commonFonts = StyleTables.commonFonts(of: tables.entries)
        kerningFonts = tables.fontCount > 32 ? ~0 : tables.kerningFonts
        self.start = start
        steppedTo = start
        let entry = entries[Int(TextWalker.decodeThreeBytes(base, at: start))]
        if entry.isIdeographic {
            leadEnd = start &+ 3
            advance = entry.advance
            fontMask = IdeographicPieces.bit(font: entry.font)
        } else {
            let ideograph = entries[Int(TextWalker.decodeThreeBytes(base, at: start &+ 3))]
            leadEnd = start &+ 6
            (advance, fontMask) = IdeographicPieces.openedLead(opening: entry, ideograph: ideograph)
        }
    }

    /// The content and mask bits (`bit(font:)`) of a lead of an opening scalar (`opening`, an
    /// entry that `opensIdeograph`) and an ideograph (`ideograph`): the two advances summed as
    /// `closedContent` sums them (no adjustment: the fonts of common pieces do not kern).
    @inline(__always)
    static func openedLead(opening: StyleTables.Entry, ideograph: StyleTables.Entry) -> (content: Double, mask: UInt32) {
        (
            closedContent(advance: opening.advance, closingAdjustment: 0, closingAdvance: ideograph.advance),
            bit(font: opening.font) | bit(font: ideograph.font)
        )
    }

    /// Whether `start..<end` of the text (`start` a lead byte of three) is a piece's lead as
    /// `IdeographicPieces` reads one: an ideograph (`isIdeographic`), or a scalar that
    /// `opensIdeograph` and an ideograph. What `init` needs at `start`.
    @inline(__always)
    static func isLead(
        start: Int, end: Int, base: UnsafePointer<UInt8>, entries: UnsafePointer<StyleTables.Entry>
    ) -> Bool {
        let entry = entries[Int(TextWalker.decodeThreeBytes(base, at: start))]
        if end == start &+ 3 { return entry.isIdeographic }
        return end == start &+ 6 && entry.opensIdeograph && base[start &+ 3] & 0xF0 == 0xE0
            && entries[Int(TextWalker.decodeThreeBytes(base, at: start &+ 3))].isIdeographic
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
        /// The piece's content: its lead's, and the closing scalars' (`closedContent`, one by
        /// one).
        let content: Double
        /// The piece's font mask (`bit(font:)` of its scalars).
        let mask: UInt32
        /// The content of the lead at `end` (`advance`): the ideograph's advance, or the opening
        /// scalar's and the ideograph's.
        let followingAdvance: Double
        /// The mask bits (`bit(font:)`) of the lead at `end`.
        let followingMask: UInt32
        /// Where the lead at `end` ends (`leadEnd`).
        let followingLeadEnd: Int
    }

    /// The next piece if its fonts have no kerning — so that its adjustments are 0 whatever
    /// glyph comes before — and the run goes on after it, without taking it (`take(_:)` does);
    /// `nil` otherwise, nothing changed but `hasEnded`. Calls nothing and needs no stepper:
    /// `catchUp` steps it through the last scalar of these pieces, which leaves it as stepping
    /// through each would (`GlyphStepper.stepIdeograph` keeps nothing of the scalars before the
    /// last). (`takeCommon(while:)` accepting none.)
    @inline(__always)
    mutating func peekCommon() -> CommonPiece? {
        takeCommon { _, _, _, _ in false }
    }

    /// Takes the common pieces (`peekCommon()`) one by one for as long as `accept`, called with
    /// each one's content, mask, start (`start`) and end before it is taken, accepts it: the
    /// loop over a run's common pieces (`LineFitter.appendCommonWhileFitting`), each kind of
    /// piece accepted and taken where it is measured (no values merged between the two before
    /// `accept`).
    ///
    /// - Returns: The first piece not accepted, not taken; `nil` where `peekCommon()` gives none.
    @inline(__always)
    mutating func takeCommon(
        while accept: (_ content: Double, _ mask: UInt32, _ start: Int, _ end: Int) -> Bool
    ) -> CommonPiece? {
        pieces: while true {
            // `read(checkingKerning: true)`, with the pieces before an ideograph accepted in a
            // loop of their own, which keeps its registers.
            var end = leadEnd
            guard startsThreeBytes(at: end) else {
                if endsText(end) {
                    // The lead alone, the text's last piece.
                    guard fontMask & kerningFonts == 0 else { return nil }
                    let last = lastPiece(at: end, content: advance, mask: fontMask)
                    guard accept(last.content, last.mask, start, last.end) else { return last }
                    take(last)
                }
                hasEnded = true
                return nil
            }
            guard fontMask & kerningFonts == 0 else { return nil }
            var entry = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
            // The lead at `start` has no kerning (tested above, or as the entry before); so has
            // an ideograph after it that `isCommonIdeograph`, which needs no test as a lead then.
            while entry.isCommonIdeograph {
                let font = entry.font
                let piece = piece(before: entry, at: end, content: advance, mask: fontMask)
                guard accept(piece.content, piece.mask, start, piece.end) else { return piece }
                take(piece)
                end = leadEnd
                guard startsThreeBytes(at: end) else { continue pieces }  // (the run's end, above)
                // The lead is one ideograph now, of font `font`, which has no kerning. While the
                // pieces are of that font alone, each one's mask is the lead's: the pieces of
                // this loop's general form below, with a mask the loop need not work out again.
                // A piece of font `font` alone (`StyleTables.commonFonts(of:)`, one byte per
                // code point): its lead, before a common ideograph of the font
                // (`piece(before:at:content:mask:)`, whose `bit(font: entry.font)` is `fontMask`
                // here); or its lead and one closing scalar of the font, before such an
                // ideograph (`closedPiece(closingEntry:at:checkingKerning:)`'s first step and
                // end, whose closing mask is `fontMask`, of a font without kerning).
                let closing = font | StyleTables.commonClosing
                var code = Int(TextWalker.decodeThreeBytes(base, at: end))
                while true {
                    // (A loop of its own: the pieces between closing scalars, the most of all.)
                    if commonFonts[code] == font {
                        // In locals: the lead's content, and `end`, where the next lead starts
                        // (the lead, one ideograph, starts 3 bytes before). The pieces are taken
                        // (`take(_:)`) as the loop leaves: it carries only these two from piece to
                        // piece, in registers that need no copying.
                        var content = advance
                        repeat {
                            guard accept(content, fontMask, end &- 3, end) else {
                                take(leadPiece(before: end, content: content))
                                return CommonPiece(
                                    end: end, content: content, mask: fontMask,
                                    followingAdvance: StyleTables.entryAdvance(of: code, commonFonts: commonFonts),
                                    followingMask: fontMask, followingLeadEnd: end &+ 3)
                            }
                            content = StyleTables.entryAdvance(of: code, commonFonts: commonFonts)
                            end &+= 3
                            guard startsThreeBytes(at: end) else {
                                take(leadPiece(before: end, content: content))
                                continue pieces
                            }
                            code = Int(TextWalker.decodeThreeBytes(base, at: end))
                        } while commonFonts[code] == font
                        take(leadPiece(before: end, content: content))
                    }
                    guard commonFonts[code] == closing, startsThreeBytes(at: end &+ 3) else { break }
                    let followingCode = Int(TextWalker.decodeThreeBytes(base, at: end &+ 3))
                    guard commonFonts[followingCode] == font else { break }
                    let closingAdvance = StyleTables.entryAdvance(of: code, commonFonts: commonFonts)
                    let piece = CommonPiece(
                        end: end &+ 3,
                        content: IdeographicPieces.closedContent(
                            advance: advance, closingAdjustment: 0, closingAdvance: closingAdvance),
                        mask: fontMask,
                        followingAdvance: StyleTables.entryAdvance(of: followingCode, commonFonts: commonFonts),
                        followingMask: fontMask, followingLeadEnd: end &+ 6)
                    // The code point after the next lead, read before the piece is accepted (a
                    // different tail from the loop above: the compiler keeps that loop apart).
                    let next =
                        startsThreeBytes(at: end &+ 6) ? Int(TextWalker.decodeThreeBytes(base, at: end &+ 6)) : -1
                    guard accept(piece.content, piece.mask, start, piece.end) else { return piece }
                    take(piece)
                    end = leadEnd
                    guard next >= 0 else { continue pieces }
                    code = next
                }
                // The lead's next scalar, not of a piece of font `font` alone.
                entry = entries[code]
            }
            if entry.isIdeographic {
                // One whose font kerns: the piece before it, then (as a lead) no common piece.
                let piece = piece(before: entry, at: end, content: advance, mask: fontMask)
                guard accept(piece.content, piece.mask, start, piece.end) else { return piece }
                take(piece)
                continue
            }
            switch closedPiece(closingEntry: entry, at: end, checkingKerning: true) {
            case .piece(let piece):
                guard accept(piece.content, piece.mask, start, piece.end) else { return piece }
                take(piece)
            case .ended:
                hasEnded = true
                return nil
            case .kerning:
                return nil
            }
        }
    }

    /// Whether the piece at `start`, which ends at `end` before no scalar of three bytes, is the
    /// text's last piece, which `read` gives too (`lastPiece`): `end` is the end of the text
    /// (and after `start`: no piece was taken there yet), and the text's last segment then
    /// has no mandatory break (`LineSegmentIterator.ideographicRunEndsPlainly`), like the
    /// pieces before it.
    @inline(__always)
    private func endsText(_ end: Int) -> Bool {
        end == count && end > start && tables.ideographicRunEndsPlainly
    }

    /// The text's last piece (`endsText`), of `content` and `mask`: no lead follows it, and once
    /// it is taken the run has ended (`leadEnd` is the end of the text too).
    @inline(__always)
    private func lastPiece(at end: Int, content: Double, mask: UInt32) -> CommonPiece {
        CommonPiece(end: end, content: content, mask: mask, followingAdvance: 0, followingMask: 0, followingLeadEnd: end)
    }

    /// What `read(checkingKerning:)` finds at `start`.
    enum Read {
        /// The piece at `start`, the run going on after it (or the text's last, `endsText`).
        case piece(CommonPiece)
        /// The run ends at `start`: `nextSegment` gives no piece either.
        case ended
        /// A font of the piece has kerning (`kerningFonts`): not a common piece.
        case kerning
    }

    /// The piece at `start` — its lead (`leadEnd`), then the scalars that close it, if any (one
    /// that `closesIdeograph`, or several that all `closesClosedIdeograph` too) — if the run
    /// goes on after it, with a lead: an ideograph (`isIdeographic`), or a scalar that
    /// `opensIdeograph` and an ideograph (after no closing scalar or several such). The rule
    /// of the run, in one place (with `piece(before:at:content:mask:)` and
    /// `closedPiece(closingEntry:at:checkingKerning:)`, which `takeCommon` calls as this does):
    /// the text breaks there (`LineSegmentIterator.continuesIdeographicRun`, `closesIdeograph`,
    /// `closesClosedIdeograph`, `opensIdeograph`: the line-breaking automaton's) and nowhere
    /// inside, and the automaton, having read the next lead, is in the state after an ideograph.
    /// The content is summed with no adjustments (`closedContent`): what `TextWalker.measure`
    /// sums for a common piece, whose fonts have no kerning.
    ///
    /// - Parameter checkingKerning: Whether to return `.kerning` for a piece with a font that
    ///   kerns, as soon as one is seen (else its content is without the adjustments: where only
    ///   its end and lead matter).
    @inline(__always)
    func read(checkingKerning: Bool) -> Read {
        let end = leadEnd
        guard startsThreeBytes(at: end) else {
            guard endsText(end) else { return .ended }
            if checkingKerning && fontMask & kerningFonts != 0 { return .kerning }
            return .piece(lastPiece(at: end, content: advance, mask: fontMask))
        }
        if checkingKerning && fontMask & kerningFonts != 0 { return .kerning }
        let entry = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
        if entry.isIdeographic { return .piece(piece(before: entry, at: end, content: advance, mask: fontMask)) }
        return closedPiece(closingEntry: entry, at: end, checkingKerning: checkingKerning)
    }

    /// Whether a scalar of three bytes starts at `offset` (at most `lastScalarStart`).
    @inline(__always)
    private func startsThreeBytes(at offset: Int) -> Bool {
        offset <= lastScalarStart && base[offset] & 0xF0 == 0xE0
    }

    /// The piece of the lead at `start` (`content`, `mask`), ending at `end` before an
    /// ideograph (`entry`, which `isIdeographic`), the next lead.
    @inline(__always)
    private func piece(before entry: StyleTables.Entry, at end: Int, content: Double, mask: UInt32) -> CommonPiece {
        CommonPiece(
            end: end, content: content, mask: mask, followingAdvance: entry.advance,
            followingMask: IdeographicPieces.bit(font: entry.font), followingLeadEnd: end &+ 3)
    }

    /// `read(checkingKerning:)` where the scalar after the lead, at `leadEnd` (`entry`), is not
    /// ideographic: the scalars that close the lead, then the next lead.
    @inline(__always)
    private func closedPiece(closingEntry first: StyleTables.Entry, at leadEnd: Int, checkingKerning: Bool) -> Read {
        var end = leadEnd
        var entry = first
        var content = advance
        var mask = fontMask
        // Whether every closing scalar so far `closesClosedIdeograph`: then more may follow,
        // and an opening scalar.
        var chained = true
        if entry.closesIdeograph {
            repeat {
                let closingMask = IdeographicPieces.bit(font: entry.font)
                if checkingKerning && closingMask & kerningFonts != 0 { return .kerning }
                chained = chained && entry.closesClosedIdeograph
                content = IdeographicPieces.closedContent(
                    advance: content, closingAdjustment: 0, closingAdvance: entry.advance)
                mask |= closingMask
                end &+= 3
                guard startsThreeBytes(at: end) else {
                    return endsText(end) ? .piece(lastPiece(at: end, content: content, mask: mask)) : .ended
                }
                entry = entries[Int(TextWalker.decodeThreeBytes(base, at: end))]
            } while chained && !entry.isIdeographic && entry.closesClosedIdeograph
            if entry.isIdeographic { return .piece(piece(before: entry, at: end, content: content, mask: mask)) }
        }
        guard chained, entry.opensIdeograph, startsThreeBytes(at: end &+ 3) else { return .ended }
        let ideograph = entries[Int(TextWalker.decodeThreeBytes(base, at: end &+ 3))]
        guard ideograph.isIdeographic else { return .ended }
        let lead = IdeographicPieces.openedLead(opening: entry, ideograph: ideograph)
        return .piece(CommonPiece(
            end: end, content: content, mask: mask, followingAdvance: lead.content, followingMask: lead.mask,
            followingLeadEnd: end &+ 6))
    }

    /// The piece at `start` and what follows it before the run goes on (`continuation()`).
    struct Continuation {
        /// The piece's lead and closing scalars (`start..<whitespaceStart`), then its white space,
        /// if any.
        let segment: LineSegment
        /// The content: the lead's (`advance`) and the closing scalars' advances, summed as
        /// `closedContent` sums them (without adjustments: what the piece measures where its
        /// fonts do not kern, `mask` has none of `kerningFonts`).
        let content: Double
        /// The mask bits (`bit(font:)`) of the content's scalars.
        let mask: UInt32
        /// The content's last scalar and its entry: the stepper's state after the content
        /// (`GlyphStepper.passIdeograph`), and the font white space after it keeps.
        let last: (value: UInt32, entry: StyleTables.Entry)
        /// The white space measured in the font of `last` (`StyleTableView.runWhitespaceAdvance`),
        /// as `StyleTables.measureWhitespace` sums it: the total and the last non-zero advance.
        let whitespace: (total: Double, last: Double)
        /// The font of the ideograph after the white space, where the run goes on; `Int.max`
        /// after a line feed, where no text follows in the paragraph (`whitespaceFont` looks at
        /// none: the white space keeps its font, `StyleTables.keepsWhitespaceFont`), and where
        /// the piece has no white space.
        let followingFont: Int
        /// Where the run goes on: `segment.end`, or the end of the word of ASCII letters and
        /// digits after the piece (`segment.end..<wordEnd`, a segment of its own).
        let wordEnd: Int
    }

    /// Where the run ends after the piece at `start` (`hasEnded`, or a piece with kerning that
    /// `nextSegment` does not give), what it goes on after: the piece at `start` — its
    /// lead, any scalars that close it (as `closedPiece` reads them: one that `closesIdeograph`,
    /// or several that all `closesClosedIdeograph` too) — then
    /// - one or more scalars that are `isIdeographicRunWhitespace` (U+0020, U+3000), all of one
    ///   kind, or a line feed after none or several; or
    /// - a word of ASCII letters and digits, where the piece is a lead alone
    ///   (`LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords`) or with one closing scalar
    ///   that `closesBeforeASCIIWords`,
    ///
    /// then an ideograph (`isIdeographic`). The automaton breaks before that ideograph (a
    /// mandatory break after a line feed; and before the word) and nowhere else from `start`
    /// to it, and is in the state after an ideograph once it has read it
    /// (`LineSegmentIterator.isIdeographicRunWhitespace`, `ideographicRunGoesOnAfterLineFeed`,
    /// `ideographicRunGoesOnAfterASCIIWords`), so the run goes on there. `nil` otherwise (the
    /// automaton resumes after the lead).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func continuation() -> Continuation? {
        guard leadEnd < count else { return nil }
        return readContinuation()
    }

    /// Whether ASCII byte `b` is a letter or a digit (of the words `continuation()` reads).
    @inline(__always)
    static func isWordByte(_ b: UInt8) -> Bool {
        (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10
    }

    /// `continuation()` past its first test, into the caller (`TextWalker.fitIdeographs`, out
    /// of line itself: a call and the struct returned through memory cost as much as the read).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func readContinuation() -> Continuation? {
        var end = leadEnd
        var content = advance
        var mask = fontMask
        let leadLast = TextWalker.decodeThreeBytes(base, at: leadEnd &- 3)
        var last = (value: leadLast, entry: entries[Int(leadLast)])
        var closing = 0
        if startsThreeBytes(at: end) {
            var value = TextWalker.decodeThreeBytes(base, at: end)
            var entry = entries[Int(value)]
            if entry.closesIdeograph {
                var chained = true
                repeat {
                    chained = chained && entry.closesClosedIdeograph
                    content = IdeographicPieces.closedContent(advance: content, closingAdjustment: 0, closingAdvance: entry.advance)
                    mask |= IdeographicPieces.bit(font: entry.font)
                    last = (value, entry)
                    closing &+= 1
                    end &+= 3
                    guard startsThreeBytes(at: end) else { break }
                    value = TextWalker.decodeThreeBytes(base, at: end)
                    entry = entries[Int(value)]
                } while chained && !entry.isIdeographic && entry.closesClosedIdeograph
            }
        }
        let whitespaceStart = end
        guard end < count else { return nil }
        let first = base[end]
        if first < 0x80 && IdeographicPieces.isWordByte(first) {
            guard closing == 0 ? tables.ideographicRunGoesOnAfterASCIIWords
                : closing == 1 && last.entry.closesBeforeASCIIWords
            else { return nil }
            var wordEnd = end &+ 1
            while wordEnd < count && base[wordEnd] < 0x80 && IdeographicPieces.isWordByte(base[wordEnd]) { wordEnd &+= 1 }
            guard startsThreeBytes(at: wordEnd), entries[Int(TextWalker.decodeThreeBytes(base, at: wordEnd))].isIdeographic
            else { return nil }
            return Continuation(
                segment: LineSegment(start: start, end: end, whitespaceStart: end, isMandatoryBreak: false),
                content: content, mask: mask, last: last, whitespace: (0, 0), followingFont: .max, wordEnd: wordEnd)
        }
        // The kind of white space (`StyleTables.runWhitespaceScalars`): 0 for spaces, 1 for
        // U+3000, the same throughout.
        let kind = first == 0x20 ? 0 : 1
        let font = Int(last.entry.font)
        var whitespace = (total: 0.0, last: 0.0)
        while end < count {
            if kind == 0 && base[end] == 0x20 {
                guard entries[0x20].isIdeographicRunWhitespace else { return nil }
                end &+= 1
            } else {
                if base[end] == 0x0A {
                    // A line feed ends the white space, and the paragraph.
                    end &+= 1
                    guard tables.ideographicRunGoesOnAfterLineFeed, startsThreeBytes(at: end),
                        entries[Int(TextWalker.decodeThreeBytes(base, at: end))].isIdeographic
                    else { return nil }
                    return Continuation(
                        segment: LineSegment(start: start, end: end, whitespaceStart: whitespaceStart, isMandatoryBreak: true),
                        content: content, mask: mask, last: last, whitespace: whitespace, followingFont: .max, wordEnd: end)
                }
                guard startsThreeBytes(at: end) else { return nil }
                let value = TextWalker.decodeThreeBytes(base, at: end)
                let entry = entries[Int(value)]
                if entry.isIdeographic {
                    guard end != whitespaceStart else { return nil }
                    return Continuation(
                        segment: LineSegment(start: start, end: end, whitespaceStart: whitespaceStart, isMandatoryBreak: false),
                        content: content, mask: mask, last: last, whitespace: whitespace, followingFont: Int(entry.font),
                        wordEnd: end)
                }
                guard kind == 1 && value == 0x3000 && entry.isIdeographicRunWhitespace else { return nil }
                end &+= 3
            }
            let advance = tables.runWhitespaceAdvance(font: font, scalar: kind)
            if advance != 0 {
                whitespace.total += advance
                whitespace.last = advance
            }
        }
        return nil
    }

    /// The piece whose taking (`take(_:)`) leaves the lead at one ideograph of the font of
    /// `fontMask` that ends at `end` (the next lead's start), of content `content`: what the
    /// same-font loop of `takeCommon(while:)`, which carries only these two, has taken.
    @inline(__always)
    private func leadPiece(before end: Int, content: Double) -> CommonPiece {
        CommonPiece(
            end: end &- 3, content: 0, mask: fontMask, followingAdvance: content, followingMask: fontMask,
            followingLeadEnd: end)
    }

    /// Takes `piece`, which `peekCommon()` gave (nothing changed since): the next piece starts
    /// after it.
    @inline(__always)
    mutating func take(_ piece: CommonPiece) {
        start = piece.end
        leadEnd = piece.followingLeadEnd
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

    /// Steps `stepper`, which has stepped through the pieces given before those of `next()`
    /// since the last call, through the last scalar of these.
    @inline(__always)
    mutating func catchUp(_ stepper: inout GlyphStepper) {
        guard steppedTo != start else { return }
        let value = TextWalker.decodeThreeBytes(base, at: start &- 3)
        stepper.passIdeograph(value, entry: entries[Int(value)])
        steppedTo = start
    }

    /// The next piece, `stepper` stepped through it (`catchUp` first), where it is an ideograph
    /// alone or with one scalar that closes it; `nil` for another piece (with kerning, it is
    /// left to the general path: `TextWalker.measure` splits a piece whose first scalar has no
    /// script where its fonts kern, `continuedScriptRun`) and at the end of the run, nothing
    /// changed.
    mutating func nextSegment(stepper: inout GlyphStepper) -> LayoutPiece? {
        guard case .piece(let found) = read(checkingKerning: false), leadEnd == start &+ 3,
            found.end &- leadEnd <= 3
        else { return nil }
        let end = found.end
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
            var closingAdjustment = stepper.stepIdeograph(closing, entry: closingEntry, tables: tables)
            // Not kerned where the closing scalar's opener is in another script's run, as
            // `GlyphStepper.step` asks (`PangoScriptRuns.closingStartsRun`).
            if _slowPath(closingAdjustment != 0)
                && PangoScriptRuns.closingStartsRun(closing, at: start &+ 3, in: UnsafeBufferPointer(start: base, count: count))
            {
                closingAdjustment = 0
            }
            piece = closed(
                by: closingEntry.advance, mask: mask | StyleTables.maskBit(font: Int(closingEntry.font)),
                adjustment: adjustment, closingAdjustment: closingAdjustment)
        }
        steppedTo = end
        take(found)
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

    /// Where the piece starting at `start` ends if the run goes on after it (`read`); `nil`
    /// otherwise.
    @inline(__always)
    func segmentEnd() -> Int? {
        guard case .piece(let piece) = read(checkingKerning: false) else { return nil }
        return piece.end
    }
}
