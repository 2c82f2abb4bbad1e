/// A prepared text's piece widths as exact fixed-point prefix sums, from which its lines at any
/// width follow by integer comparisons alone: the fast path of `PreparedText.measure(width:)`.
///
/// Widths in the bundled fonts are exact binary fractions: an advance is `units × size / upem`
/// with a power-of-two `upem` (2,048 for DejaVu Sans and IPAexGothic), so at a size such as 17 pt
/// every advance and kerning value is a multiple of 2⁻¹¹ pt, and in the `.pango` profile widths are
/// whole Pango units. When every width of a text is a multiple of `2^-fractionBits` and the sum of
/// their magnitudes stays below 2³¹ such units, every sum `LineFitter` forms in floating point
/// is exact, so the fitter's comparisons are those of the integers here, whatever the order of
/// summation. A line starting at piece `s` then holds the pieces `j` after it while
/// `fitEnds[j] − contentStarts[s] ≤ maxWidth` (in units), and its width is
/// `contentEnds[last] − contentStarts[s]` — no tolerance and no summing along the line.
///
/// Texts whose widths are not such fractions (another size or font) or too long for 32 bits
/// have no exact sums and wrap with `PreparedWrapper`.
///
/// The value lives at the front of a prepared text's storage object and holds everything else
/// wrapping reads (the style's numbers, the line heights), so that re-wrapping a list of prepared
/// texts touches one allocation per text: its first cache lines, then the arrays.
struct ExactPieceSums {
    // Small fields first: with the object's header, the fields fit its first two cache lines.
    /// The number of pieces.
    let count: Int32
    /// The number of pieces that end with a mandatory break.
    let mandatoryBreakCount: Int32
    /// The number of pieces whose clusters are kept (`longPieces`).
    let longPieceCount: Int32
    /// `numberOfLines`, 0 for none (capped at `Int32.max`: no text has as many lines).
    let lineLimit: Int32
    /// The union of the pieces' font masks.
    let fontMask: UInt32
    /// Where `contentEnds` starts in `values`: `2 × count`, or 0 when every piece's counted
    /// white space is 0 (always in `.uikit`) and content ends are fit ends.
    let contentEndsOffset: Int32
    /// The fixed point's fraction bits (0…`maxFractionBits`).
    let fractionBits: UInt8
    /// The profile is `.pango` (widths in Pango units, compared without tolerance).
    let pango: Bool
    /// The arrays (valid while the prepared text lives).
    let values: UnsafePointer<Int32>
    /// The pieces' font masks and flags (read at a line start whose piece is wider than the line,
    /// and for the masks of texts drawn by more than the primary font).
    let summaries: UnsafePointer<PreparedPieceSummary>
    /// Per font: line height in points (`StyleTableView.lineHeights`; the prepared text keeps the
    /// tables alive).
    let lineHeights: UnsafeBufferPointer<Double>
    /// The style's numbers that rounding reads (see `TextStyle`).
    let lineHeightMultiple: Double
    let lineSpacing: Double
    let scale: Double

    // At `values`, as `Int32`, in units of `2^-fractionBits` width units, with
    // `offset` the sum of `leadingKern + content + whitespace` over the pieces before a piece:
    // - `fitEnds[count]`: where the width that counts for fitting ends,
    //   `offset + leadingKern + content + countedWhitespace`;
    // - `contentStarts[count]`: where the content starts after the kerning, `offset + leadingKern`
    //   (the origin of a line that starts with the piece: a line start drops the kerning);
    // - `contentEnds[count]`: where the content ends, `offset + leadingKern + content` (absent
    //   when every counted white space is 0: then they are the fit ends);
    // - `mandatoryBreaks[mandatoryBreakCount]`: the indices of the pieces that end with a
    //   mandatory break, in order (a line's scan stops at the next one without reading flags);
    // - `longPieces[longPieceCount]`: the indices of the breakable pieces wider than
    //   `longPieceWidth`, in order, and `clusterStarts[longPieceCount + 1]`: where each one's
    //   clusters start in `clusters` (then `ExactCluster`s): a line narrower than such a piece
    //   breaks it between clusters without measuring them again.

    /// One grapheme cluster of a long piece (see `LayoutCluster`), widths in fixed point.
    struct ExactCluster {
        var leadingKern: Int32
        var width: Int32
        var fontMask: UInt32
        /// UTF-8 offset just past the cluster: where a line after it starts (`LineBaselines`).
        var end: Int32
    }

    /// Breakable pieces at least this wide (points) keep their clusters: narrower lines than this
    /// may find a piece that must be broken and no clusters for it, and wrap with
    /// `PreparedWrapper`. (In `.pango`, not a piece whose white space counts: a line may end
    /// between its white-space characters, see `LayoutCluster.Role`.)
    static var longPieceWidth: Double { 160 }

    /// The most fraction bits tried: finer widths than 2⁻²⁰ width units are not exact here.
    static var maxFractionBits: Int { 20 }

    /// What writing the sums of a text needs, found before its memory is allocated.
    struct Plan {
        var fractionBits: Int
        var mandatoryBreakCount: Int
        var fontMask: UInt32
        /// Some piece has counted white space (so content ends are kept apart from fit ends).
        var hasCountedWhitespace = false
        var longPieces: [Int32] = []
        /// `clusters` index where each long piece's clusters start, and the end (empty when
        /// there are no long pieces).
        var clusterStarts: [Int32] = []
        var clusters: [LayoutCluster] = []

        /// The arrays' `Int32`s before the clusters.
        func int32Count(pieces count: Int) -> Int {
            (hasCountedWhitespace ? 3 : 2) * count + mandatoryBreakCount + longPieces.count + clusterStarts.count
        }

        /// Bytes the arrays take, rounded up to 16.
        func byteCount(pieces count: Int) -> Int {
            let int32s = int32Count(pieces: count)
            return (int32s * MemoryLayout<Int32>.stride + clusters.count * MemoryLayout<ExactCluster>.stride + 15) & ~15
        }
    }

    /// The plan for the pieces of `list` (`text`: their UTF-8, for the clusters of long pieces),
    /// or `nil` when their widths have no exact fixed point: some width is not a multiple of
    /// `2^-maxFractionBits`, or the sum of their magnitudes reaches 2³¹ units; or when a piece
    /// needs `LineFitter` (`PreparedText.needsLineFitter`).
    ///
    /// - Complexity: O(1), or O(pieces + long pieces' bytes) when some piece is long: `list`
    ///   gathered the rest as its pieces were appended.
    static func plan(
        list: borrowing PreparedPieceList, text: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer
    ) -> Plan? {
        let pieces = list.pieceBuffer
        let summaries = list.summaryBuffer
        guard pieces.count < Int(Int32.max) / 4, list.isExact, !list.needsLineFitter else { return nil }  // indices are `Int32`s
        var plan = Plan(
            fractionBits: 0, mandatoryBreakCount: list.mandatoryBreakCount, fontMask: list.fontMask,
            hasCountedWhitespace: list.hasCountedWhitespace)
        var bits = list.exactBits
        var exact = true
        var total = list.magnitude
        if list.longPieceCount > 0 {
            // The long pieces' arrays allocated once (a cluster has at least one byte).
            let longWidth = list.longPieceWidth
            plan.longPieces.reserveCapacity(list.longPieceCount)
            plan.clusterStarts.reserveCapacity(list.longPieceCount + 1)
            plan.clusters.reserveCapacity(list.longPieceBytes)
            plan.clusterStarts.append(0)
            let walker = TextWalker(tables: measurer.tables, bytes: text)
            let pango = measurer.style.profile == .pango
            for i in summaries.indices
            where PreparedPieceList.isLong(pieces[i], summaries[i], longPieceWidth: longWidth, pango: pango) {
                plan.longPieces.append(Int32(i))
                // The content's clusters: the white space after them hangs as a whole, on the
                // last cluster's line, whose fonts it adds to in `.pango` (as `TextWalker.forEachSpace`).
                var stepper = GlyphStepper()
                let first = plan.clusters.count
                walker.forEachCluster(from: pieces[i].layout.start, to: pieces[i].layout.contentEnd, stepper: &stepper) {
                    plan.clusters.append($0)
                }
                if pango, plan.clusters.count > first {
                    plan.clusters[plan.clusters.count - 1].fontMask |= walker.whitespaceMask(of: pieces[i].layout, after: stepper)
                }
                plan.clusterStarts.append(Int32(plan.clusters.count))
            }
        }
        // As `PreparedPieceList.noteExactness`, for the clusters.
        let scale = Double(1 << maxFractionBits)
        @inline(__always) func add(_ value: Double) {
            let scaled = (value * scale).magnitude
            let shifted = scaled + 0x1p52
            exact = exact && scaled < 0x1p52 && shifted - 0x1p52 == scaled
            bits |= shifted.bitPattern
        }
        for cluster in plan.clusters {
            add(cluster.leadingKern)
            add(cluster.width)
            total += cluster.leadingKern.magnitude + cluster.width.magnitude
        }
        guard exact else { return nil }
        bits &= (1 << 52) - 1
        plan.fractionBits = bits == 0 ? 0 : max(0, maxFractionBits - bits.trailingZeroBitCount)
        // Every sum the fitter forms is then below 2³¹ units, and exact in a `Double`.
        guard total * Double(1 << plan.fractionBits) < 0x1p31 else { return nil }
        return plan
    }

    /// Writes the arrays of `pieces` as `plan` says to `memory` (`plan.byteCount(pieces:)`
    /// bytes, 4-byte aligned) and returns the sums reading them.
    static func write(
        _ pieces: UnsafeBufferPointer<PreparedPiece>, summaries: UnsafePointer<PreparedPieceSummary>, plan: Plan,
        measurer: TextMeasurer, to memory: UnsafeMutableRawPointer
    ) -> ExactPieceSums {
        let count = pieces.count
        let values = memory.bindMemory(to: Int32.self, capacity: plan.int32Count(pieces: count))
        let contentEnds = plan.hasCountedWhitespace ? 2 * count : 0
        let scale = Double(1 << plan.fractionBits)
        // `value × scale` is an integer of magnitude below 2³¹: adding 1.5 × 2⁵² puts it, exactly,
        // in the significand bits (no conversion with its range checks).
        let magic = 0x1.8p52
        let magicBits = Int64(bitPattern: magic.bitPattern)
        @inline(__always) func fixed(_ value: Double) -> Int64 {
            Int64(bitPattern: (value * scale + magic).bitPattern) &- magicBits
        }
        var offset: Int64 = 0
        var breaks = (plan.hasCountedWhitespace ? 3 : 2) * count
        let pango = measurer.style.profile == .pango
        for (i, prepared) in pieces.enumerated() {
            let piece = prepared.layout
            let start = offset + fixed(piece.leadingKern)
            let end = start + fixed(piece.content)
            values[i] = Int32(truncatingIfNeeded: end + fixed(piece.countedWhitespace(pango: pango)))
            values[count + i] = Int32(truncatingIfNeeded: start)
            if plan.hasCountedWhitespace { values[contentEnds + i] = Int32(truncatingIfNeeded: end) }
            offset = end + fixed(piece.whitespace)
            if summaries[i].isMandatoryBreak {
                values[breaks] = Int32(i)
                breaks += 1
            }
        }
        var next = breaks
        for index in plan.longPieces {
            values[next] = index
            next += 1
        }
        for start in plan.clusterStarts {
            values[next] = start
            next += 1
        }
        let clusters = UnsafeMutableRawPointer(values + next).bindMemory(to: ExactCluster.self, capacity: plan.clusters.count)
        for (i, cluster) in plan.clusters.enumerated() {
            clusters[i] = ExactCluster(
                leadingKern: Int32(truncatingIfNeeded: fixed(cluster.leadingKern)),
                width: Int32(truncatingIfNeeded: fixed(cluster.width)),
                fontMask: cluster.fontMask, end: Int32(truncatingIfNeeded: cluster.end))
        }
        let style = measurer.style
        return ExactPieceSums(
            count: Int32(count), mandatoryBreakCount: Int32(plan.mandatoryBreakCount),
            longPieceCount: Int32(plan.longPieces.count), lineLimit: Int32(clamping: style.numberOfLines),
            fontMask: plan.fontMask, contentEndsOffset: Int32(contentEnds), fractionBits: UInt8(plan.fractionBits),
            pango: pango, values: UnsafePointer(values), summaries: summaries,
            lineHeights: measurer.tables.lineHeights, lineHeightMultiple: style.lineHeightMultiple,
            lineSpacing: style.lineSpacing, scale: style.scale)
    }

    /// `1 / (2^fractionBits × unitsPerPoint)`: from fixed point to points. A power of two, so
    /// multiplying by it is exact, as dividing by its inverse is.
    private var pointsPerFixed: Double {
        Double(sign: .plus, exponent: -(Int(fractionBits) + (pango ? 10 : 0)), significand: 1)
    }

    /// Measures the text at `width` points (finite, > 0) as `LineFitter` does, height only;
    /// `nil` when a line would start with a breakable piece wider than the line whose clusters
    /// are not kept (see `longPieceWidth`): `PreparedWrapper` then measures it.
    ///
    /// - Complexity: O(number of pieces), one integer comparison per piece (per cluster of a
    ///   piece broken between lines).
    ///
    /// - Parameter baselines: For a text whose lines of several fonts align their runs on the
    ///   first run's baseline (`PreparedText.Storage.alignsBaselines`): the rule with the text,
    ///   and the pieces (whose starts are where lines start); `nil` otherwise. Such a text is
    ///   left to `LineFitter` (`nil`) where a line starts inside a piece broken across lines.
    @inline(__always)
    func measure(width: Double, baselines: (LineBaselines, UnsafeBufferPointer<PreparedPiece>)?) -> TextMeasurement? {
        guard let (rule, pieces) = baselines else { return measure(width: width, heights: PlainLineHeights()) }
        return measure(width: width, heights: AlignedLineHeights(baselines: rule, pieces: pieces))
    }

    /// `measure(width:baselines:)` with the line-height rule `heights` (specialized for each).
    private func measure<Heights: ExactLineHeights>(width: Double, heights rule: Heights) -> TextMeasurement? {
        let count = Int(self.count)
        let breakCount = Int(mandatoryBreakCount)
        let widthUnits = TextMeasurer.widthUnits(ofValid: width, pango: pango)
        let fitEnds = values
        let contentStarts = values + count
        let contentEnds = values + Int(contentEndsOffset)
        let mandatoryBreaks = values + (contentEndsOffset == 0 ? 2 : 3) * count
        let comparedWidth = LineFitter.comparedWidth(widthUnits, pango: pango)
        // Sums are integers: a sum fits under the width iff it fits under its floor (a conversion
        // truncates, which is the floor of a positive width). Any width beyond every sum fits
        // everything: clamp it far from overflowing.
        let scaled = comparedWidth * Double(1 << fractionBits)
        let fixedWidth = scaled < 0x1p40 ? Int64(scaled) : 1 << 40
        // A text drawn by the primary font alone has lines of one height.
        let uniform = fontMask <= 1
        var lines = LineTally<Int64>(numberOfLines: Int(lineLimit))
        // A line's pieces are at most those up to the next mandatory break (`stop` is past it).
        // Lines never run past one, so each is reached in turn.
        var nextBreak = 0
        var stop = breakCount > 0 ? Int(mandatoryBreaks[0]) + 1 : count
        var nextLong = 0
        var k = 0
        while k < count {
            if k == stop {
                nextBreak += 1
                stop = nextBreak < breakCount ? Int(mandatoryBreaks[nextBreak]) + 1 : count
            }
            // Positions are along the text: the line's origin (`start`) is added to both sides
            // of `OpenLine`'s comparisons, so a piece's reach is its fit end.
            var start = Int64(contentStarts[k])
            var mask = uniform ? 0 : summaries[k].fontMask
            var lineStart = rule.lineStart(piece: k)
            if !OpenLine.fitsWhole(
                extent: Int64(fitEnds[k]) - start, maxWidth: fixedWidth,
                breaksWhenOverlong: summaries[k].breaksWhenOverlong)
            {
                // Overlong: broken between its clusters, its last part starting the line that
                // the pieces after it continue.
                guard let line = breakLongPiece(
                    k, width: fixedWidth, nextLong: &nextLong, lines: &lines, lineStart: &lineStart, heights: rule)
                else { return nil }
                if lines.isFull { break }
                // Its last cluster alone is wider than the line: in `.pango` the white space
                // after it may start the next line (`LayoutCluster.Role.hangingSpace`), which only
                // `LineFitter` decides.
                if pango && line.endsBefore(cluster: .hangingSpace, kern: 0, width: 0, maxWidth: fixedWidth) { return nil }
                start = Int64(contentEnds[k]) - line.pen
                mask = uniform ? 0 : line.mask
            }
            k += 1
            // `OpenLine.fits` with the origin added: reach = fit end − start ≤ width.
            let limit = start + fixedWidth
            if uniform {
                while k < stop && Int64(fitEnds[k]) <= limit { k += 1 }
            } else {
                while k < stop && Int64(fitEnds[k]) <= limit {
                    mask |= summaries[k].fontMask
                    k += 1
                }
            }
            lines.end(
                width: Int64(contentEnds[k - 1]) - start,
                height: rule.height(mask: mask, heights: lineHeights, lineStart: lineStart),
                mandatory: k == stop && nextBreak < breakCount)
            if lines.isFull { break }
        }
        // After a final mandatory break there is one more (empty) line; an empty text has one
        // in `.pango` only (every line this loop opens it ends).
        if lines.endsLineAtEndOfText(hasOpenLine: false, pango: pango) {
            lines.end(width: 0, height: StyleTables.lineHeight(mask: 0, heights: lineHeights), mandatory: false)
        }
        return lines.measurement(
            maxLineWidth: Double(lines.widest) * pointsPerFixed, lineHeightMultiple: lineHeightMultiple,
            lineSpacing: lineSpacing, scale: scale, lines: nil)
    }

    /// Places the long piece `k` at a line start cluster by cluster (`OpenLine.endsBefore`,
    /// `OpenLine.place(cluster:kern:width:mask:)`, as `LineFitter.placeCluster`), ending the lines
    /// it fills; returns the line its last part is on (fixed point), or `nil` when its clusters
    /// are not kept. `nextLong` is where the search for it starts; `lineStart`, the UTF-8 offset
    /// where the open line starts (the piece's), becomes that of the line its last part starts.
    @inline(never)
    private func breakLongPiece<Heights: ExactLineHeights>(
        _ k: Int, width: Int64, nextLong: inout Int, lines: inout LineTally<Int64>, lineStart: inout Int,
        heights rule: Heights
    ) -> OpenLine<Int64>? {
        let longCount = Int(longPieceCount)
        let longPieces = values + (contentEndsOffset == 0 ? 2 : 3) * Int(count)
            + Int(mandatoryBreakCount)
        let clusterStarts = longPieces + longCount
        let clusters = UnsafeRawPointer(clusterStarts + longCount + 1).assumingMemoryBound(to: ExactCluster.self)
        while nextLong < longCount && Int(longPieces[nextLong]) < k { nextLong += 1 }
        guard nextLong < longCount && Int(longPieces[nextLong]) == k else { return nil }
        let range = Int(clusterStarts[nextLong])..<Int(clusterStarts[nextLong + 1])
        // A text drawn by the primary font alone has lines of one height.
        let uniform = fontMask <= 1
        var line = OpenLine<Int64>()
        for i in range {
            let cluster = clusters[i]
            let kern = Int64(cluster.leadingKern)
            let clusterWidth = Int64(cluster.width)
            if line.endsBefore(cluster: .content, kern: kern, width: clusterWidth, maxWidth: width) {
                lines.end(
                    width: line.content,
                    height: rule.height(mask: uniform ? 0 : line.mask, heights: lineHeights, lineStart: lineStart),
                    mandatory: false)
                if lines.isFull { return line }
                line.reset()
                lineStart = rule.lineStart(after: clusters[i - 1])
            }
            line.place(cluster: .content, kern: kern, width: clusterWidth, mask: cluster.fontMask)
        }
        return line
    }
}
