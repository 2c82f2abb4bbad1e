extension ListHeightCore {
    /// Shows `viewport`: measures exactly the rows in it (and in its overscan) that only have an
    /// estimate at the current width, and returns the scroll offset that keeps the first visible row
    /// exactly where it was on screen (scroll anchoring).
    ///
    /// The first visible row (the anchor) is measured first and its top edge stays fixed. Rows below
    /// it are then laid out from its top, measured one after the other until they cover the bottom of
    /// the viewport (plus overscan) — as measured rows shrink, more rows come into view and are
    /// measured in the same pass, so when this returns every row in `preparedRows` is exact. Rows
    /// above it are measured upwards until they cover the overscan above; they grow or shrink upwards,
    /// so replacing estimates above never moves what the user sees. The measurer is called only for
    /// rows that had no exact height (and always for the anchor if it had none).
    ///
    /// - Throws: `ListHeightError.invalidViewport`, or the measurer's failure
    ///   (`.measurementFailed`, `.invalidHeight`); nothing changes then.
    /// - Complexity: O((k + v) log n) for v prepared rows of which k get measured, plus the measuring.
    public mutating func show(_ viewport: Viewport) throws(ListHeightError) -> ViewportLayout {
        guard viewport.offset.isFinite, viewport.height.isFinite, viewport.height >= 0,
            viewport.overscan.isFinite, viewport.overscan >= 0
        else {
            throw .invalidViewport(offset: viewport.offset, height: viewport.height, overscan: viewport.overscan)
        }
        var offset = viewport.offset
        if let version = viewport.version, version.rawValue != layoutVersion, let reported,
            reported.version == version.rawValue, anchor != nil
        {
            offset = anchoredOffset() + (viewport.offset - reported.offset)
        }
        guard rowCount > 0 else {
            anchor = nil
            reported = (layoutVersion, offset)
            return ViewportLayout(
                offset: offset, version: version, contentHeight: 0, visibleRows: 0..<0, preparedRows: 0..<0,
                anchorRow: nil, measuredRowCount: 0, estimateError: 0)
        }

        let width = self.width
        let measurer = self.measurer
        let walk = try Self.walk(cache.current, offset: offset, viewport: viewport) { row throws(ListHeightError) in
            try Self.measureEntry(measurer, row: row, width: width)
        }
        if !walk.rows.isEmpty {
            walk.rows.withUnsafeBufferPointer { rows in
                walk.entries.withUnsafeBufferPointer { entries in
                    cache.withCurrent { $0.setEntries(rows: rows, entries: entries) }
                }
            }
            learn(rows: walk.rows, entries: walk.entries, width: width)
            layoutVersion += 1
        }

        let index = cache.current
        let anchorTop = index.offsetQuanta(ofRow: walk.anchorRow)
        let newOffset = offset + FixedPointHeight.points(anchorTop - walk.anchorTop)
        let visibleRows = Self.rows(index, anchorTop: anchorTop, from: walk.visibleTop, to: walk.visibleBottom)
        let preparedRows = Self.rows(index, anchorTop: anchorTop, from: walk.preparedTop, to: walk.preparedBottom)
        // Later changes keep the first visible row in place (the anchor, unless it shrank out of view).
        let firstVisible = visibleRows.isEmpty ? walk.anchorRow : visibleRows.lowerBound
        anchor = Anchor(
            row: firstVisible, shift: newOffset - FixedPointHeight.points(index.offsetQuanta(ofRow: firstVisible)))
        reported = (layoutVersion, newOffset)
        return ViewportLayout(
            offset: newOffset, version: version, contentHeight: index.contentHeight, visibleRows: visibleRows,
            preparedRows: preparedRows, anchorRow: walk.anchorRow, measuredRowCount: walk.rows.count,
            estimateError: FixedPointHeight.points(walk.estimateErrorQuanta))
    }

    /// The result of laying out a viewport around its anchor row. Bounds are in quanta relative to
    /// the anchor row's top edge (which does not move).
    struct ViewportWalk {
        var anchorRow: Int
        /// The anchor row's top before measuring, in quanta.
        var anchorTop: Int64
        var visibleTop: Int64
        var visibleBottom: Int64
        var preparedTop: Int64
        var preparedBottom: Int64
        /// The rows measured, ascending, and their exact entries.
        var rows: [Int] = []
        var entries: [UInt32] = []
        /// Σ |estimate − exact| over the measured rows, in quanta.
        var estimateErrorQuanta: Int64 = 0

        mutating func addEstimateError(estimate: UInt32, exact: UInt32) {
            estimateErrorQuanta += abs(
                Int64(estimate & FixedPointHeight.maxRowQuanta) - Int64(exact & FixedPointHeight.maxRowQuanta))
        }
    }

    /// Finds the anchor row of `viewport` at `offset` and measures, through `measure`, the estimated
    /// rows around it that the viewport (with overscan) covers once they are exact.
    static func walk(
        _ index: HeightIndex, offset: Double, viewport: Viewport,
        measure: (Int) throws(ListHeightError) -> UInt32
    ) throws(ListHeightError) -> ViewportWalk {
        let rowCount = index.rowCount
        let scaledOffset = FixedPointHeight.scaled(offset)
        let floorOffset = FixedPointHeight.floorQuanta(offset)
        let anchorRow =
            floorOffset < 0
            ? 0 : floorOffset >= index.totalQuanta ? rowCount - 1 : index.lastRow(withOffsetAtMost: floorOffset)
        let anchorTop = index.offsetQuanta(ofRow: anchorRow)
        let shift = scaledOffset - Double(anchorTop)
        let height = viewport.height * FixedPointHeight.quantaPerPoint
        let overscan = viewport.overscan * FixedPointHeight.quantaPerPoint
        var walk = ViewportWalk(
            anchorRow: anchorRow, anchorTop: anchorTop,
            visibleTop: clamped(shift.rounded(.down)),
            visibleBottom: height > 0 ? clamped((shift + height).rounded(.up)) : clamped(shift.rounded(.down)),
            preparedTop: clamped((shift - overscan).rounded(.down)),
            preparedBottom: height + overscan > 0
                ? clamped((shift + height + overscan).rounded(.up)) : clamped((shift - overscan).rounded(.down)))

        // Upwards from the row above the anchor: each row's bottom is where the row below starts.
        var above: [(row: Int, entry: UInt32)] = []
        var bottom: Int64 = 0
        var row = anchorRow - 1
        while row >= 0, bottom > walk.preparedTop {
            var entry = index.entry(ofRow: row)
            if entry & FixedPointHeight.exactFlag == 0 {
                let estimate = entry
                entry = try measure(row)
                walk.addEstimateError(estimate: estimate, exact: entry)
                above.append((row, entry))
            }
            bottom -= Int64(entry & FixedPointHeight.maxRowQuanta)
            row -= 1
        }
        for measured in above.reversed() {
            walk.rows.append(measured.row)
            walk.entries.append(measured.entry)
        }
        // Downwards from the anchor (always measured): rows start where the row above ends.
        var top: Int64 = 0
        row = anchorRow
        while row < rowCount, row == anchorRow || top < walk.preparedBottom {
            var entry = index.entry(ofRow: row)
            if entry & FixedPointHeight.exactFlag == 0 {
                let estimate = entry
                entry = try measure(row)
                walk.addEstimateError(estimate: estimate, exact: entry)
                walk.rows.append(row)
                walk.entries.append(entry)
            }
            top += Int64(entry & FixedPointHeight.maxRowQuanta)
            row += 1
        }
        return walk
    }

    /// The rows between two bounds relative to the anchor top.
    static func rows(_ index: HeightIndex, anchorTop: Int64, from top: Int64, to bottom: Int64) -> Range<Int> {
        let lower = index.firstRow(endingAfter: anchorTop &+ top)
        if top >= bottom { return lower..<lower }
        let upper = index.firstRow(startingAtOrAfter: anchorTop &+ bottom)
        return lower..<Swift.max(lower, upper)
    }

    /// Quanta as `Int64`, clamped to ±2⁶¹ so sums with offsets cannot overflow.
    static func clamped(_ quanta: Double) -> Int64 {
        if quanta >= 0x1p61 { return 1 << 61 }
        if quanta <= -0x1p61 { return -(1 << 61) }
        return Int64(quanta)
    }

    /// Measures `row` at `width` with `measurer` and returns its exact entry.
    static func measureEntry(_ measurer: any RowMeasuring, row: Int, width: Double) throws(ListHeightError) -> UInt32 {
        let height: Double
        do {
            height = try measurer.height(ofRow: row, width: width)
        } catch {
            throw .measurementFailed(row: row, width: width, underlying: error)
        }
        guard let quanta = FixedPointHeight.quanta(ofHeight: height) else {
            throw .invalidHeight(row: row, width: width, height: height)
        }
        return quanta | FixedPointHeight.exactFlag
    }
}
