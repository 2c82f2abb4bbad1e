extension PreparedText {
    /// Height-only wrapping at `widthUnits`: exactly the lines, heights and widest line that
    /// `LineFitter` finds, without most of its chain of dependent additions.
    ///
    /// `LineFitter` sums a line's widths piece by piece, each addition waiting for the one
    /// before. Here whether a piece fits is first judged from prefix sums
    /// (`PreparedPieceSummary.fittingEnd`), which differ from the fitter's sums by less than a
    /// tolerance derived from the number and size of the values summed; only a judgement closer
    /// than that to the limit, and the width of the line that may be the widest, are summed the
    /// fitter's way, in the fitter's order.
    ///
    /// - Returns: `nil` when a line must break a piece between its clusters, or the text has a
    ///   piece only `LineFitter` places or lines whose runs align on their first run's baseline
    ///   (wrap with it then: `PreparedText.fittedMeasurement`).
    func wrappedHeight(widthUnits: Double) -> TextMeasurement? {
        // Reading through `storage` (no local copy of the measurer) spares retains, which cost as
        // much as wrapping a short text.
        let storage = self.storage
        guard !storage.needsLineFitter, !storage.alignsBaselines else { return nil }
        let tables = storage.measurer.tables
        let tally: LineTally<Double>? = withExtendedLifetime(storage) {
            var wrapper = PreparedWrapper(
                pieces: storage.pieces, summaries: storage.summaries,
                lineHeights: storage.lineHeights, pango: tables.profile == .pango, widthUnits: widthUnits,
                magnitude: storage.magnitude, lineLimit: storage.measurer.style.numberOfLines)
            guard wrapper.run() else { return nil }
            return wrapper.lines
        }
        guard let tally else { return nil }
        return tally.measurement(
            maxLineWidth: tally.widest / tables.unitsPerPoint, style: storage.measurer.style, lines: nil)
    }
}

/// The state of `PreparedText.wrappedHeight`: `LineFitter`'s, with the open line's pen known
/// exactly only up to an anchor piece. The rule is `OpenLine`'s: a piece fits when its estimated
/// reach is clearly within the width, and near the limit when `OpenLine.fits` says so on the line
/// summed exactly up to it; the lines' tally and the end of the text are `LineTally`'s.
struct PreparedWrapper {
    let pieces: UnsafeBufferPointer<PreparedPiece>
    let summaries: UnsafeBufferPointer<PreparedPieceSummary>
    /// `StyleTableView.lineHeights`.
    let lineHeights: UnsafeBufferPointer<Double>
    let maxWidth: Double
    /// A bound on the difference between a prefix-sum estimate and the fitter's sum.
    let tolerance: Double
    let pango: Bool

    /// The lines ended (the widest complete after `run()`).
    private(set) var lines: LineTally<Double>
    private var hasPiece = false
    private var mask: UInt32 = 0
    /// The open line: where the fitter's sums are known exactly. The pieces from `anchor.index`
    /// on that are on the line too are placed by estimate.
    private var anchor: Anchor
    /// Estimated pen position on the open line = `base` + a position along the text.
    private var base = 0.0
    /// The ended line with the widest estimate whose exact width is not known yet.
    private var candidate: (anchor: Anchor, end: Int, estimate: Double)?

    /// The fitter's open line after `pieces[..<index]`: given, or (for a line that starts with
    /// an ordinary piece) that after that piece, summed when needed.
    struct Anchor {
        /// The line with the pieces before `index` placed (empty at a line start).
        var line: OpenLine<Double>
        var index: Int
        var isLineStart: Bool

        init(line: OpenLine<Double>, index: Int) {
            self.line = line
            self.index = index
            isLineStart = false
        }

        init(lineStart: Int) {
            line = OpenLine()
            index = lineStart + 1
            isLineStart = true
        }
    }

    init(
        pieces: UnsafeBufferPointer<PreparedPiece>,
        summaries: UnsafeBufferPointer<PreparedPieceSummary>, lineHeights: UnsafeBufferPointer<Double>, pango: Bool,
        widthUnits: Double, magnitude: Double, lineLimit: Int
    ) {
        self.pieces = pieces
        self.summaries = summaries
        self.lineHeights = lineHeights
        self.pango = pango
        let maxWidth = LineFitter.comparedWidth(widthUnits, pango: pango)
        self.maxWidth = maxWidth
        lines = LineTally(numberOfLines: lineLimit)
        anchor = Anchor(lineStart: -1)
        // Each sum involved (a prefix sum, the fitter's line sum, the few sums of an estimate)
        // has fewer terms than there are values plus 8, each rounding off at most half an ulp of
        // a partial sum bounded by `magnitude` (and the width).
        let values = Double(pieces.count)
        self.tolerance = (4 * values + 32) * Double.ulpOfOne * (magnitude + maxWidth.magnitude)
    }

    /// The fitter's open line after `pieces[..<end]` on a line anchored at `anchor`, summed as
    /// `LineFitter` sums it (`OpenLine.append`).
    private func exactLine(from anchor: Anchor, through end: Int) -> OpenLine<Double> {
        var line = anchor.line
        if anchor.isLineStart {
            // A line start drops the kerning.
            let first = pieces[anchor.index - 1].layout
            line.append(kern: 0, content: first.content, whitespace: first.whitespace, mask: 0)
        }
        var j = anchor.index
        while j < end {
            let piece = pieces[j].layout
            line.append(kern: piece.leadingKern, content: piece.content, whitespace: piece.whitespace, mask: 0)
            j += 1
        }
        return line
    }

    /// Fits the text; `false` when a line must break a piece between its clusters.
    mutating func run() -> Bool {
        guard fit() else { return false }
        if let candidate { lines.widen(to: exactLine(from: candidate.anchor, through: candidate.end).content) }
        return true
    }

    /// The lines, until the text ends or `numberOfLines` lines are complete; `false` at a piece
    /// that must be broken.
    private mutating func fit() -> Bool {
        let n = pieces.count
        var k = 0
        while k < n {
            if !hasPiece {
                let summary = summaries[k]
                guard OpenLine.fitsWhole(
                    extent: summary.fittingWidth, maxWidth: maxWidth, breaksWhenOverlong: summary.breaksWhenOverlong)
                else { return false }
                anchor = Anchor(lineStart: k)
                base = summary.fittingWidth - summary.fittingEnd
                mask = summary.fontMask
                hasPiece = true
                k += 1
                if summary.isMandatoryBreak {
                    endLine(placedBefore: k, mandatory: true)
                    if lines.isFull { return true }
                }
                continue
            }
            // Pieces fit while their estimated end is below this (an estimate within the
            // tolerance of the limit is decided exactly).
            var limit = maxWidth - tolerance - base
            while k < n {
                let summary = summaries[k]
                if summary.fittingEnd > limit {
                    guard summary.fittingEnd <= limit + 2 * tolerance else {
                        endLine(placedBefore: k, mandatory: false)
                        break
                    }
                    // Too close to call: sum the fitter's way and go on from there.
                    let piece = pieces[k].layout
                    let exact = exactLine(from: anchor, through: k)
                    anchor = Anchor(line: exact, index: k)
                    base = exact.pen - pieces[k].offset
                    limit = maxWidth - tolerance - base
                    // (A piece of no width after another is left to `LineFitter`: `needsLineFitter`.)
                    guard exact.fits(
                        kern: piece.leadingKern, content: piece.content, counted: piece.countedWhitespace(pango: pango),
                        maxWidth: maxWidth, takesNoWidth: false)
                    else {
                        endLine(placedBefore: k, mandatory: false)
                        break
                    }
                }
                mask |= summary.fontMask
                k += 1
                if summary.isMandatoryBreak {
                    endLine(placedBefore: k, mandatory: true)
                    break
                }
            }
            if lines.isFull { return true }
        }
        if lines.endsLineAtEndOfText(hasOpenLine: hasPiece, pango: pango) {
            if !hasPiece { anchor = Anchor(line: OpenLine(), index: n) }
            endLine(placedBefore: n, mandatory: false)
        }
        return true
    }

    /// Ends the open line, whose last piece is `pieces[last - 1]`.
    private mutating func endLine(placedBefore last: Int, mandatory: Bool) {
        lines.end(height: StyleTables.lineHeight(mask: mask, heights: lineHeights), mandatory: mandatory)
        if last > anchor.index || anchor.isLineStart {
            // Only the line with the widest estimate needs its exact width, unless estimates
            // are too close to tell lines apart.
            // Where the last piece's content ends: its counted white space counts in `.pango` only.
            var estimate = base + summaries[last - 1].fittingEnd
            if pango { estimate -= pieces[last - 1].layout.countedWhitespace(pango: true) }
            if let current = candidate {
                if estimate > current.estimate + 2 * tolerance {
                    candidate = (anchor, last, estimate)
                } else if estimate >= current.estimate - 2 * tolerance {
                    lines.widen(to: exactLine(from: current.anchor, through: current.end).content)
                    lines.widen(to: exactLine(from: anchor, through: last).content)
                    candidate = nil
                }
            } else if estimate + tolerance >= lines.widest {
                candidate = (anchor, last, estimate)
            }
        } else {
            lines.widen(to: anchor.line.content)
        }
        hasPiece = false
        mask = 0
    }
}
