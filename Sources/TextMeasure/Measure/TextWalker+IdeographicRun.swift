import LineBreak

/// The ideographic fast path of `TextWalker.fitWords`: runs of ideographs placed without the
/// line-breaking automaton.
extension TextWalker {
    /// How `fitIdeographs` ended.
    enum IdeographicRunEnd {
        /// No ideographic segment follows `pending`: nothing was placed.
        case none
        /// The run was placed; the scalar `start..<end` was read after it (the automaton
        /// resumes there, `LineSegmentIterator.resume(afterIdeographAt:end:)`), or it went on to
        /// the end of the text (both `start` and `end` are the text's end).
        case resume(start: Int, end: Int)
        /// `fitter` became full after the piece ending at `walkedTo`.
        case full(walkedTo: Int)
    }

    /// The ideographic fast path of `fitWords`: the scalar after the `pending` segment, which
    /// `segments` has read, left line breaking in the state after an ideograph. From there, while
    /// the text is made of pieces `IdeographicPieces` reads — an ideograph
    /// (`StyleTables.Entry.isIdeographic`), or an opening scalar and one (`opensIdeograph`),
    /// with the scalars that close it (`closesIdeograph`, `closesClosedIdeograph`), before the
    /// next such lead — the text breaks between the pieces and nowhere else, with no white space
    /// (`LineSegmentIterator.continuesIdeographicRun` and the others): each piece is placed
    /// here, measured from the entries, without the line-breaking automaton. The run goes on
    /// after white space, a line feed or a word of ASCII letters and digits followed by an
    /// ideograph, where the automaton says it would (`IdeographicPieces.continuation()`): the
    /// piece before them, with its white space, is measured as `measure` would measure it
    /// (`endPiece`), the word by `measure`. Places `pending` first, then the run, and reads the
    /// segment after the run into `pending`; leaves everything as it was when there is no such
    /// segment.
    ///
    /// Inlined into `fitWords` (where `segments` stays in registers); the run itself is placed
    /// out of line (`fitIdeographs`), with registers of its own.
    ///
    /// - Returns: `false` once `fitter` is full; `walkedTo` is then the end of the last piece
    ///   measured.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func fitIdeographicRun(
        into fitter: inout LineFitter, segments: inout LineSegmentIterator, pending: inout LineSegment?,
        stepper: inout GlyphStepper, walkedTo: inout Int
    ) -> Bool {
        guard let next = pending else { return true }
        switch fitIdeographs(after: next, readTo: segments.readOffset, into: &fitter, stepper: &stepper) {
        case .none:
            return true
        case .resume(let start, let end):
            segments.resume(afterIdeographAt: start, end: end)
            pending = segments.next()
            return true
        case .full(let end):
            walkedTo = end
            return false
        }
    }

    /// Places `next` and the ideographic run after it (see `fitIdeographicRun`), `readTo` being
    /// the end of the scalar read after `next`: the common pieces with the open line in
    /// registers, from line to line (`LineFitter.appendCommonWhileFitting`), those it returns
    /// (a run's first where the line has no piece, an overlong one) and the others one at a
    /// time, and at the run's end what it goes on after
    /// (`IdeographicPieces.continuation()`). `next` is the run's first piece when it is one
    /// (mostly an ideograph, `ideographicRun(startingWith:base:)`), else measured and placed
    /// first.
    ///
    /// - Complexity: O(n) in the run's length, a few tens of instructions per ideograph.
    @inline(never)
    func fitIdeographs(
        after next: LineSegment, readTo: Int, into fitter: inout LineFitter, stepper: inout GlyphStepper
    ) -> IdeographicRunEnd {
        // (`next` is placed as it is: not one that `nextSegment` would cut at a tab.)
        guard let base = bytes.baseAddress, !holdsTab(next) else { return .none }
        // The scalar read (`next.end..<readTo`) must be ideographic.
        guard readTo == next.end &+ 3, stepper.acceptsSimpleASCII,
            tables.entries[Int(TextWalker.decodeThreeBytes(base, at: next.end))].isIdeographic
        else { return .none }
        // `next` is final: the scalar after it is no extender.
        var pieces: IdeographicPieces
        // A segment to place before the pieces, measured on the general path: `next`, or a word
        // the run goes on after (`IdeographicPieces.continuation()`).
        var leading: LineSegment?
        if let run = ideographicRun(startingWith: next, base: base) {
            // The run's first piece, as `measure` would measure it (and where it is the whole
            // run, the walk resumes after it as it would).
            pieces = run
        } else {
            pieces = IdeographicPieces(text: bytes, base: base, start: next.end, tables: tables)
            guard pieces.segmentEnd() != nil else { return .none }
            leading = next
        }
        while true {
            if let segment = leading {
                place(segment, into: &fitter, stepper: &stepper)
                if fitter.isFull { return .full(walkedTo: segment.end) }
                guard stepper.acceptsSimpleASCII else { return .resume(start: segment.end, end: segment.end &+ 3) }
                leading = nil
            }
            if let end = placeCommon(&pieces, into: &fitter) {
                pieces.catchUp(&stepper)
                return .full(walkedTo: end)
            }
            if !pieces.hasEnded, let piece = pieces.nextSegment(stepper: &stepper) {
                place(piece, into: &fitter)
                if fitter.isFull {
                    pieces.catchUp(&stepper)
                    return .full(walkedTo: piece.end)
                }
                continue
            }
            // The run's end (or a piece with kerning there, which `nextSegment` does not give):
            // it goes on after white space or a word, or the automaton resumes.
            guard let run = pieces.continuation() else { break }
            pieces.catchUp(&stepper)
            let segment = run.segment
            if let piece = endPiece(run, kerningFonts: pieces.kerningFonts) {
                stepper.passIdeograph(run.last.value, entry: run.last.entry)
                place(piece, into: &fitter)
                if fitter.isFull { return .full(walkedTo: segment.end) }
            } else {
                // Measured on the general path (out of line).
                if let end = placeParts(of: segment, into: &fitter, stepper: &stepper) { return .full(walkedTo: end) }
            }
            if run.wordEnd != segment.end {
                leading = LineSegment(start: segment.end, end: run.wordEnd, whitespaceStart: run.wordEnd, isMandatoryBreak: false)
            } else {
                guard stepper.acceptsSimpleASCII else { return .resume(start: segment.end, end: segment.end &+ 3) }
            }
            pieces = IdeographicPieces(text: bytes, base: base, start: run.wordEnd, tables: tables)
        }
        pieces.catchUp(&stepper)
        // (Once the text's last piece is taken, `IdeographicPieces.endsText`, both are the end of
        // the text: the automaton then gives no segment.)
        return .resume(start: pieces.start, end: pieces.leadEnd)
    }

    /// The pieces from the start of `segment`, which an ideographic scalar follows, where
    /// `segment` is the first of them as `IdeographicPieces` reads it (`segmentEnd()`, no white
    /// space) and as `measure` measures it: its lead an ideograph with a script (one without may
    /// continue the script run before it, `continuedScriptRun`), or an opening scalar and an
    /// ideograph (`IdeographicPieces.isLead`; in the common pieces, whose fonts do not kern,
    /// `measure` does not split them at the ideograph, `mayJoinInTables`, and `nextSegment`
    /// gives none); else `nil`.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func ideographicRun(startingWith segment: LineSegment, base: UnsafePointer<UInt8>) -> IdeographicPieces? {
        let start = segment.start
        guard segment.whitespaceStart == segment.end, base[start] & 0xF0 == 0xE0 else { return nil }
        let entry = tables.entries[Int(TextWalker.decodeThreeBytes(base, at: start))]
        if entry.isIdeographic {
            guard !entry.hasNoScript else { return nil }
        } else {
            guard segment.end &- start >= 6,
                IdeographicPieces.isLead(start: start, end: start &+ 6, base: base, entries: tables.entries)
            else { return nil }
        }
        let pieces = IdeographicPieces(text: bytes, base: base, start: start, tables: tables)
        guard pieces.segmentEnd() == segment.end else { return nil }
        return pieces
    }

    /// The piece `measure` makes of `run`'s segment (the piece at the run's end, with its white
    /// space), where it takes no call: no levels, fonts with no kerning (none of
    /// `kerningFonts`), and white space, if any, that keeps the font of the content's last
    /// scalar (`StyleTables.keepsWhitespaceFont`, as `whitespaceFont` finds it after content in a
    /// font other than the primary one); `nil` otherwise. The stepper then stands after the
    /// content (`GlyphStepper.passIdeograph` of its last scalar), as after `measure`.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func endPiece(_ run: IdeographicPieces.Continuation, kerningFonts: UInt32) -> LayoutPiece? {
        guard !hasLevels, run.mask & kerningFonts == 0 else { return nil }
        let segment = run.segment
        var mask = run.mask
        if segment.whitespaceStart != segment.end {
            let font = Int(run.last.entry.font)
            guard font > 0, StyleTables.keepsWhitespaceFont(font, after: run.last.value, followingFont: run.followingFont)
            else { return nil }
            mask |= StyleTables.maskBit(font: font)
        }
        return LayoutPiece(
            start: segment.start, contentEnd: segment.whitespaceStart, end: segment.end, leadingKern: 0,
            content: run.content, whitespace: run.whitespace.total, lastSpace: run.whitespace.last,
            fontMask: mask, isMandatoryBreak: segment.isMandatoryBreak,
            isBreakable: segment.whitespaceStart &- segment.start > 3)
    }

    /// Places the common pieces of `pieces` (`IdeographicPieces.peekCommon()`) until it gives
    /// none: `LineFitter.appendCommonWhileFitting` from line to line, and each piece it returns
    /// (the first, where the line has no piece yet, or one broken when overlong) as
    /// `fitIdeographs` places any piece. Out of line, a loop that calls nothing but at a line's
    /// end, with registers of its own; `pieces` is copied in and out once (not once a line).
    ///
    /// - Returns: Where the last piece placed ends once `fitter` is full, else `nil`.
    @inline(never)
    func placeCommon(_ pieces: inout IdeographicPieces, into fitter: inout LineFitter) -> Int? {
        var local = pieces  // in registers, written back once
        defer { pieces = local }
        while let common = fitter.appendCommonWhileFitting(&local) {
            if fitter.isFull {
                // `appendCommonWhileFitting` ended the last line before `common` (as `tryPlace`
                // ends it, which then places nothing).
                local.take(common)
                return common.end
            }
            let isBreakable = common.end != local.start &+ 3
            if fitter.tryPlace(commonContent: common.content, mask: common.mask, end: common.end, isBreakable: isBreakable) {
                local.take(common)
            } else {
                place(local.take(asPiece: common), into: &fitter)
            }
            if fitter.isFull { return common.end }
        }
        return nil
    }
}
