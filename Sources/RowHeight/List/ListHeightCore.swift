import Synchronization

/// The list height model as a value type: every row's height at the current width (exact when
/// measured, else estimated), per-width caches of exact heights, viewport measuring with scroll
/// anchoring, batch updates and re-estimation. Use it from one thread (or behind your own lock);
/// `ListHeightModel` wraps it in a lock and adds the background precompute.
///
/// All offsets and heights are points; row queries are O(log n) over one `HeightIndex`.
public struct ListHeightCore: Sendable {
    /// The row the last shown viewport started with, and how far (points) the scroll offset was
    /// below its top edge. Every change that moves rows keeps this row's top edge where it was on
    /// screen.
    struct Anchor: Sendable, Equatable {
        var row: Int
        var shift: Double
    }

    let measurer: any RowMeasuring
    /// The measurer, when it describes rows for the learning estimator.
    let featureProvider: (any RowFeatureProviding)?
    /// How unmeasured rows are estimated (and, by default, what it learned so far).
    public private(set) var estimator: HeightEstimator
    /// The rows' kinds and mean lengths, for estimating a new width in one go (empty unless the
    /// learning estimator reads row features).
    var lengths = RowLengthStatistics()
    var cache: WidthCache
    /// Bumped whenever a row's offset at the current width may change.
    var layoutVersion: UInt64 = 0
    /// Bumped whenever rows are inserted, deleted, moved or reloaded (indices change meaning).
    var structureVersion: UInt64 = 0
    var anchor: Anchor?
    /// The scroll offset the caller was last given, and at which layout version.
    var reported: (version: UInt64, offset: Double)?
    /// Where the background precompute continues.
    var precomputeCursor = PrecomputeCursor()

    /// A list of `rowCount` rows at `width` points, every row estimated.
    ///
    /// - Parameters:
    ///   - measurer: measures rows exactly; conform to `RowFeatureProviding` to feed the learning
    ///     estimator row features.
    ///   - estimator: how unmeasured rows are estimated; by default learned, starting at 44 pt.
    ///   - widthCacheCapacity: how many widths keep their heights (≥ 1).
    /// - Throws: `ListHeightError.invalidRowCount`, `.invalidWidth`, `.invalidCacheCapacity`.
    /// - Complexity: O(rowCount / 4096) when the estimate does not depend on the row (a constant,
    ///   or the learning estimator without row features), else O(rowCount) estimates (with row
    ///   features the build also counts the rows' kinds and mean lengths, which later width changes
    ///   estimate from without reading the rows again).
    public init(
        rowCount: Int, width: Double, measurer: some RowMeasuring,
        estimator: HeightEstimator = .learned(), widthCacheCapacity: Int = 4
    ) throws(ListHeightError) {
        guard rowCount >= 0 else { throw .invalidRowCount(rowCount) }
        try Self.checkWidth(width)
        guard widthCacheCapacity >= 1 else { throw .invalidCacheCapacity(widthCacheCapacity) }
        self.measurer = measurer
        if let closures = measurer as? RowMeasurer {
            featureProvider = closures.providesFeatures ? closures : nil
        } else {
            featureProvider = measurer as? any RowFeatureProviding
        }
        self.estimator = estimator
        let table = HeightEstimator.Table(estimator, width: width, rowsHaveFeatures: featureProvider != nil)
        let (index, lengths) = Self.estimatedIndex(rowCount: rowCount, table: table, features: featureProvider)
        cache = WidthCache(width: width, index: index, capacity: widthCacheCapacity)
        self.lengths = lengths
    }

    // MARK: Queries

    /// Number of rows.
    public var rowCount: Int { cache.current.rowCount }
    /// The current width in points.
    public var width: Double { cache.currentWidth }
    /// The content height at the current width, in points. O(1).
    public var contentHeight: Double { cache.current.contentHeight }
    /// Rows whose height is exact at the current width.
    public var exactRowCount: Int { cache.current.exactRowCount }
    /// The widths whose heights are kept, most recently used first.
    public var cachedWidths: [Double] { cache.widths }
    /// The height index at the current width (a copy; O(1) copy-on-write).
    public var index: HeightIndex { cache.current }
    /// The current layout version.
    public var version: LayoutVersion { LayoutVersion(rawValue: layoutVersion) }
    /// Bytes of memory held by the heights of all cached widths.
    public var allocatedBytes: Int { cache.allocatedBytes }

    /// The height of `row` at the current width (exact if measured, else its estimate). O(log n).
    public func height(ofRow row: Int) throws(ListHeightError) -> Double { try cache.current.height(ofRow: row) }
    /// Whether `row` has an exact height at the current width. O(log n).
    public func isExact(row: Int) throws(ListHeightError) -> Bool { try cache.current.isExact(row: row) }
    /// The offset of the top of `row` (0 ... rowCount) at the current width. O(log n).
    public func offset(ofRow row: Int) throws(ListHeightError) -> Double { try cache.current.offset(ofRow: row) }
    /// The row containing `offset`, or nil outside the content. O(log n).
    public func row(atOffset offset: Double) -> Int? { cache.current.row(atOffset: offset) }
    /// The rows intersecting `range` (points). O(log n).
    public func rows(in range: Range<Double>) -> Range<Int> { cache.current.rows(in: range) }

    // MARK: Scroll position

    /// The scroll offset that keeps the anchor row where it was on screen (0 before any viewport
    /// was shown). Reading it hands it to the caller, so a following `Viewport` with its `version`
    /// is carried along later changes. O(log n).
    public mutating func scrollPosition() -> ScrollPosition {
        let offset = anchoredOffset()
        reported = (layoutVersion, offset)
        return ScrollPosition(offset: offset, version: version, contentHeight: contentHeight, anchorRow: anchor?.row)
    }

    /// The scroll offset the anchor asks for now.
    func anchoredOffset() -> Double {
        guard let anchor, anchor.row < rowCount else { return reported?.offset ?? 0 }
        return FixedPointHeight.points(cache.current.offsetQuanta(ofRow: anchor.row)) + anchor.shift
    }

    // MARK: Width

    /// Switches to `width`. Exact heights measured at a cached width are reused; at a new width every
    /// row starts estimated (the next `show(_:)` makes the first screen exact). The anchor row (the
    /// first visible row) is measured at the new width if needed, keeps its top edge on screen, and
    /// the same fraction of it stays scrolled past.
    ///
    /// At a new width every row gets the same estimate, as in UIKit: a constant estimator's
    /// constant, or the learned estimate of the rows' mean length (the share-weighted mean over row
    /// kinds when the measurer provides `RowFeatures`), so the content height at once follows what
    /// was learned while the rows are not read one by one. Rows then become exact as they are shown,
    /// and `reestimate()` gives every unmeasured row its own learned estimate from its features.
    /// Only a `.perRow` estimator is still asked about every row.
    ///
    /// - Throws: `ListHeightError.invalidWidth`, or the measurer's failure on the anchor row
    ///   (`.measurementFailed`, `.invalidHeight`); the width is switched either way.
    /// - Complexity: O(log n) for a cached width; O(n / 4096) for a new width (O(n) estimates with a
    ///   `.perRow` estimator).
    public mutating func setWidth(_ width: Double) throws(ListHeightError) -> ScrollPosition {
        try Self.checkWidth(width)
        guard width != self.width else { return scrollPosition() }
        var fraction: Double?
        if let anchor, anchor.row < rowCount {
            let height = FixedPointHeight.points(cache.current.heightQuanta(ofRow: anchor.row))
            if height > 0, anchor.shift >= 0, anchor.shift < height { fraction = anchor.shift / height }
        }
        let rowCount = self.rowCount
        let table = estimateTable(width: width)
        let features = featureProvider
        var uniformEntry = table.uniformEntry
        if uniformEntry == nil, estimator.learns {
            uniformEntry = FixedPointHeight.quanta(ofEstimate: estimator.meanEstimate(over: lengths, width: width))
        }
        cache.select(width: width) {
            if let uniformEntry { return HeightIndex(rowCount: rowCount, uniformEntry: uniformEntry) }
            return Self.estimatedIndex(rowCount: rowCount, table: table, features: features).index
        }
        layoutVersion += 1
        if let fraction, let row = anchor?.row {
            if cache.current.entry(ofRow: row) & FixedPointHeight.exactFlag == 0 {
                let entry = try Self.measureEntry(measurer, row: row, width: width)
                cache.withCurrent { $0.setEntry(entry, ofRow: row) }
                learn(rows: [row], entries: [entry], width: width)
            }
            anchor?.shift = fraction * FixedPointHeight.points(cache.current.heightQuanta(ofRow: row))
        }
        return scrollPosition()
    }

    /// Re-estimates every row without an exact height at the current width from what the estimator
    /// has learned so far, each from its own `RowFeatures` when the measurer provides them.
    /// Estimates are otherwise fixed when a row gets one (so rows never move on their own); call this
    /// e.g. after the first screen was measured, after a width change, or now and then while
    /// scrolling, to make the content height (the scroll bar) follow what was learned. The anchor
    /// row stays put.
    ///
    /// - Complexity: O(n / 4096 + rows in blocks holding exact rows) when the estimate does not depend
    ///   on the row (a constant, or the learning estimator without row features), else O(n) estimates.
    public mutating func reestimate() -> ScrollPosition {
        let table = estimateTable(width: width)
        let features = featureProvider
        cache.withCurrent { index in
            index.replaceEstimates(uniformEntry: table.uniformEntry) { rows, buffer in
                table.fill(rows, features: features, into: buffer)
            }
        }
        layoutVersion += 1
        return scrollPosition()
    }

    // MARK: Helpers

    static func checkWidth(_ width: Double) throws(ListHeightError) {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
    }

    func estimateTable(width: Double) -> HeightEstimator.Table {
        HeightEstimator.Table(estimator, width: width, rowsHaveFeatures: featureProvider != nil)
    }

    /// An index of `rowCount` rows estimated by `table`, and the statistics of the row features it
    /// read (empty when it read none).
    static func estimatedIndex(
        rowCount: Int, table: HeightEstimator.Table, features: (any RowFeatureProviding)?
    ) -> (index: HeightIndex, lengths: RowLengthStatistics) {
        if let entry = table.uniformEntry { return (HeightIndex(rowCount: rowCount, uniformEntry: entry), .init()) }
        if rowCount >= 1 << 18 {
            let gathered = Mutex(RowLengthStatistics())
            let index = HeightIndex(
                rowCount: rowCount,
                concurrentFill: { @Sendable (rows: Range<Int>, buffer: UnsafeMutableBufferPointer<UInt32>) in
                    withLengthTally { tally in
                        table.fill(rows, features: features, into: buffer, lengthTally: tally)
                        gathered.withLock { $0.add(tally: UnsafeBufferPointer(tally)) }
                    }
                })
            return (index, gathered.withLock { $0 })
        }
        return withLengthTally { tally in
            let index = HeightIndex(
                rowCount: rowCount,
                fill: { rows, buffer in table.fill(rows, features: features, into: buffer, lengthTally: tally) })
            var lengths = RowLengthStatistics()
            lengths.add(tally: UnsafeBufferPointer(tally))
            return (index, lengths)
        }
    }

    /// Runs `body` with a zeroed tally of `RowLengthStatistics.tallyCount` values on the stack.
    private static func withLengthTally<R>(_ body: (UnsafeMutableBufferPointer<Double>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: RowLengthStatistics.tallyCount) { tally in
            tally.initialize(repeating: 0)
            return body(tally)
        }
    }

    /// Learns from measured rows (when the estimator learns).
    mutating func learn(rows: [Int], entries: [UInt32], width: Double) {
        guard estimator.learns, !rows.isEmpty else { return }
        var samples = HeightEstimator.Samples()
        for (row, entry) in zip(rows, entries) {
            samples.add(
                height: FixedPointHeight.points(entry & FixedPointHeight.maxRowQuanta),
                features: featureProvider?.features(ofRow: row) ?? RowFeatures(), width: width)
        }
        estimator.learn(samples)
    }

    /// Learns gathered samples (when the estimator learns).
    mutating func learn(_ samples: HeightEstimator.Samples) { estimator.learn(samples) }
}
