import LineBreak

/// Walks an attributed text once, producing `LayoutPiece`s for `LineFitter`: the rich
/// counterpart of `TextWalker`, built on it.
///
/// Break opportunities are those of the whole string (a run boundary inside a word is none).
/// A segment crossing run boundaries is measured part by part, each part with its run's tables
/// and nothing kerning or forming a ligature across parts (Pango shapes each item on its own,
/// and items split at attribute changes), and the parts summed into one piece. Piece and
/// cluster font masks are renumbered into `LineHeightSlots`; a run's letter spacing is added
/// after each of its grapheme clusters.
struct RichWalker: ~Copyable {
    /// The whole text's UTF-8.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The base style's tables (break opportunities, the empty line).
    let base: StyleTableView
    /// Per run: its style.
    let styles: UnsafeBufferPointer<RunStyle>
    /// Per run: the UTF-8 offset where it ends (increasing, the last = `bytes.count`).
    let ends: UnsafeBufferPointer<Int>
    /// The whole text's embedding levels (`BidiLevels`), shared by the runs' walkers.
    let levels: BidiLevels?

    /// A walker over the runs `styles` (ending at `ends`) of `bytes`; resolves the text's
    /// embedding levels once (one scan of the bytes when nothing is right to left).
    init(
        bytes: UnsafeBufferPointer<UInt8>, base: StyleTableView, styles: UnsafeBufferPointer<RunStyle>,
        ends: UnsafeBufferPointer<Int>
    ) {
        self.bytes = bytes
        self.base = base
        self.styles = styles
        self.ends = ends
        levels = BidiLevels(bytes)
    }

    /// Calls `body` with each piece in order, as `TextWalker.forEachPiece` does for plain
    /// text, with its font mask in `slots`, until `body` returns `false`.
    func forEachPiece(
        charMode: Bool, slots: inout LineHeightSlots, _ body: (LayoutPiece, LineHeightSlots) -> Bool
    ) {
        guard !ends.isEmpty else { return }
        var run = 0
        var stepper = GlyphStepper()
        var clusters: [LayoutCluster] = []
        // Whether the segment starts a line for sure (the text's start, or after a mandatory break).
        var startsLine = true
        // The walker of the run `run`, made again only when the run changes (each copies the levels).
        var walker = TextWalker(tables: styles[0].tables, bytes: bytes, levels: levels)
        TextWalker(tables: base, bytes: bytes, levels: levels).forEachSegment { segment in
            defer { startsLine = segment.isMandatoryBreak }
            var whole: LayoutPiece? = nil
            var start = segment.start
            while start < segment.end {
                if ends[run] <= start {
                    while ends[run] <= start { run += 1 }
                    stepper = GlyphStepper()  // nothing kerns across runs
                    walker = TextWalker(tables: styles[run].tables, bytes: bytes, levels: levels)
                }
                let end = min(segment.end, ends[run])
                let part = LineSegment(
                    start: start, end: end, whitespaceStart: min(max(segment.whitespaceStart, start), end),
                    isMandatoryBreak: end == segment.end && segment.isMandatoryBreak)
                let style = styles[run]
                if charMode {
                    let going = walker.forEachCharPiece(of: part, stepper: &stepper, clusters: &clusters) { piece in
                        let adjusted = adjusted(
                            piece, style: style, emptyLine: startsLine && piece.start == segment.start, slots: &slots)
                        return body(adjusted, slots)
                    }
                    if !going { return false }
                } else {
                    let piece = adjusted(
                        walker.measuredPart(part, stepper: &stepper), style: style,
                        emptyLine: startsLine && start == segment.start, slots: &slots)
                    whole = whole.map { RichWalker.joined($0, piece) } ?? piece
                }
                start = end
            }
            guard let whole else { return true }
            return body(whole, slots)
        }
    }

    /// Calls `body` with the clusters of an overlong piece's content, each measured in its
    /// run (kerning context: none before the piece, which starts a line, nor across runs), and
    /// in `.pango` of its white space (`TextWalker.forEachSpace`).
    func forEachCluster(of piece: LayoutPiece, slots: LineHeightSlots, _ body: (LayoutCluster) -> Void) {
        var run = runIndex(containing: piece.start)
        var start = piece.start
        let end = base.profile == .pango ? piece.end : piece.contentEnd
        while start < end, run < ends.count {
            let partEnd = min(end, ends[run])
            let style = styles[run]
            var stepper = GlyphStepper()
            let walker = TextWalker(tables: style.tables, bytes: bytes, levels: levels)
            let adjusted = { (cluster: LayoutCluster) in
                var cluster = cluster
                cluster.fontMask = slots.existingMask(cluster.fontMask, of: style.tables)
                if style.letterSpacing != 0 { cluster.width += style.letterSpacing }
                body(cluster)
            }
            let contentEnd = min(partEnd, piece.contentEnd)
            if start < contentEnd { walker.forEachCluster(from: start, to: contentEnd, stepper: &stepper, adjusted) }
            let spaceStart = max(start, piece.contentEnd)
            if spaceStart < partEnd {
                walker.forEachSpace(
                    from: spaceStart, to: partEnd, of: piece, uniformWidth: nil, contentMask: 0, spaceMask: 0, stepper: &stepper,
                    adjusted)
            }
            start = partEnd
            run += 1
        }
    }

    /// The index of the run holding UTF-8 offset `offset` (binary search).
    private func runIndex(containing offset: Int) -> Int {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A piece measured in its run: font mask in slots, letter spacing added. A piece that
    /// draws nothing at the start of a line that a mandatory break started (`emptyLine`: a
    /// mandatory break right after another) is as tall as its run's primary font: Pango gives
    /// an empty line the font of the attributes where it starts (not so the break character
    /// ending a line with text, which adds no height).
    @inline(__always)
    private func adjusted(
        _ piece: LayoutPiece, style: RunStyle, emptyLine: Bool, slots: inout LineHeightSlots
    ) -> LayoutPiece {
        var piece = piece
        piece.fontMask = slots.mask(emptyLine && piece.fontMask == 0 ? 1 : piece.fontMask, of: style.tables)
        if style.letterSpacing != 0 { letterSpace(&piece, by: style.letterSpacing, pango: base.profile == .pango) }
        return piece
    }

    /// Adds `spacing` after every grapheme cluster of the piece: each cluster of its content
    /// and each white-space scalar (a mandatory break takes none).
    private func letterSpace(_ piece: inout LayoutPiece, by spacing: Double, pango: Bool) {
        var clusters = 0
        GraphemeBoundaries.forEach(in: bytes, from: piece.start, to: piece.contentEnd, pango: pango) {
            _ in clusters += 1
        }
        piece.content += Double(clusters) * spacing
        var i = piece.contentEnd
        while i < piece.end {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if !TextWalker.isMandatoryBreak(value) { piece.whitespace += spacing }
            i += length
        }
        if piece.lastSpace != 0 { piece.lastSpace += spacing }
    }

    /// Two consecutive parts of one segment as one piece (`first` ends where `second` starts;
    /// only the last part may hold the segment's trailing white space or its content's end).
    static func joined(_ first: LayoutPiece, _ second: LayoutPiece) -> LayoutPiece {
        var piece = first
        if second.contentEnd > second.start {
            // `first` is content only: the segment's content goes on.
            piece.content += second.leadingKern + second.content
            piece.whitespace = second.whitespace
            piece.lastSpace = second.lastSpace
            piece.isBreakable = true
        } else {
            piece.whitespace += second.whitespace
            if second.lastSpace != 0 { piece.lastSpace = second.lastSpace }
        }
        if second.contentEnd > second.start { piece.contentEnd = second.contentEnd }
        piece.end = second.end
        piece.fontMask |= second.fontMask
        piece.isMandatoryBreak = second.isMandatoryBreak
        return piece
    }
}
