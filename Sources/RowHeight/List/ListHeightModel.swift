import Synchronization

/// The height model of a long list — UIKit's `estimatedRowHeight` + `automaticDimension`
/// machinery as a thread-safe object: every row always has a height (exact at the current width
/// when measured, else an estimate), content height, row offsets and the row at an offset come from
/// one prefix-sum index in O(log n), showing a viewport measures exactly its unmeasured rows and
/// anchors the scroll offset so nothing on screen moves, exact heights are kept per width, batch
/// updates keep every untouched row's heights, and `precompute` measures every row on all cores
/// in the background while the model stays usable.
///
/// All state lives in a `ListHeightCore` value behind a `Mutex`; every method takes the lock for
/// its own duration. `show(_:)` measures while holding it, so the measurer must not call back into
/// the model. Offsets and heights are points.
public final class ListHeightModel: Sendable {
    private let core: Mutex<ListHeightCore>
    let measurer: any RowMeasuring

    /// A list of `rowCount` rows at `width` points, every row estimated.
    ///
    /// - Parameters:
    ///   - measurer: measures rows exactly (thread-safe; called from several tasks during a
    ///     precompute); conform to `RowFeatureProviding` to feed the learning estimator.
    ///   - estimator: how unmeasured rows are estimated; by default learned, starting at 44 pt.
    ///   - widthCacheCapacity: how many widths keep their heights (≥ 1).
    /// - Throws: `ListHeightError.invalidRowCount`, `.invalidWidth`, `.invalidCacheCapacity`.
    /// - Complexity: O(rowCount / 4096) when the estimate does not depend on the row, else
    ///   O(rowCount) estimates.
    public init(
        rowCount: Int, width: Double, measurer: some RowMeasuring,
        estimator: HeightEstimator = .learned(), widthCacheCapacity: Int = 4
    ) throws(ListHeightError) {
        let core = try ListHeightCore(
            rowCount: rowCount, width: width, measurer: measurer, estimator: estimator,
            widthCacheCapacity: widthCacheCapacity)
        self.measurer = core.measurer
        self.core = Mutex(core)
    }

    /// A list whose rows are measured by `height(row, width)` (points).
    ///
    /// - Throws: as `init(rowCount:width:measurer:estimator:widthCacheCapacity:)`.
    public convenience init(
        rowCount: Int, width: Double, estimator: HeightEstimator = .learned(), widthCacheCapacity: Int = 4,
        height: @escaping @Sendable (_ row: Int, _ width: Double) throws -> Double
    ) throws(ListHeightError) {
        try self.init(
            rowCount: rowCount, width: width, measurer: RowMeasurer(height: height), estimator: estimator,
            widthCacheCapacity: widthCacheCapacity)
    }

    /// Runs `body` with the core while holding the lock.
    func withCore<R: Sendable, E: Error>(_ body: (inout ListHeightCore) throws(E) -> R) throws(E) -> R {
        try core.withLock { (core: inout ListHeightCore) throws(E) -> R in try body(&core) }
    }

    // MARK: Queries

    /// A copy of the whole state (O(1), copy-on-write), for many queries without taking the lock each time.
    public var snapshot: ListHeightCore { withCore { $0 } }
    /// Number of rows.
    public var rowCount: Int { withCore { $0.rowCount } }
    /// The current width in points.
    public var width: Double { withCore { $0.width } }
    /// The content height at the current width, in points. O(1).
    public var contentHeight: Double { withCore { $0.contentHeight } }
    /// Rows whose height is exact at the current width.
    public var exactRowCount: Int { withCore { $0.exactRowCount } }
    /// The widths whose heights are kept, most recently used first.
    public var cachedWidths: [Double] { withCore { $0.cachedWidths } }
    /// The estimator, with what it learned so far.
    public var estimator: HeightEstimator { withCore { $0.estimator } }
    /// The current layout version.
    public var version: LayoutVersion { withCore { $0.version } }
    /// Bytes of memory held by the heights of all cached widths. O(n / 4096).
    public var allocatedBytes: Int { withCore { $0.allocatedBytes } }

    /// The height of `row` (exact if measured, else its estimate), in points. O(log n).
    ///
    /// - Throws: `ListHeightError.rowOutOfRange`.
    public func height(ofRow row: Int) throws(ListHeightError) -> Double {
        try withCore { (core: inout ListHeightCore) throws(ListHeightError) in try core.height(ofRow: row) }
    }

    /// Whether `row` has an exact height at the current width. O(log n).
    ///
    /// - Throws: `ListHeightError.rowOutOfRange`.
    public func isExact(row: Int) throws(ListHeightError) -> Bool {
        try withCore { (core: inout ListHeightCore) throws(ListHeightError) in try core.isExact(row: row) }
    }

    /// The offset of the top of `row` (0 ... rowCount), in points. O(log n).
    ///
    /// - Throws: `ListHeightError.rowOutOfRange`.
    public func offset(ofRow row: Int) throws(ListHeightError) -> Double {
        try withCore { (core: inout ListHeightCore) throws(ListHeightError) in try core.offset(ofRow: row) }
    }

    /// The row containing `offset` (points), or nil outside the content. O(log n).
    public func row(atOffset offset: Double) -> Int? { withCore { $0.row(atOffset: offset) } }

    /// The rows intersecting `range` (points). O(log n).
    public func rows(in range: Range<Double>) -> Range<Int> { withCore { $0.rows(in: range) } }

    // MARK: Changes

    /// Shows `viewport`: measures its rows (and overscan) that are still estimated, and returns the
    /// scroll offset that keeps the first visible row where it was on screen. See
    /// `ListHeightCore.show(_:)`.
    ///
    /// - Throws: `ListHeightError.invalidViewport`, `.measurementFailed`, `.invalidHeight`.
    /// - Complexity: O((k + v) log n) for v prepared rows of which k get measured, plus measuring.
    public func show(_ viewport: Viewport) throws(ListHeightError) -> ViewportLayout {
        try withCore { (core: inout ListHeightCore) throws(ListHeightError) in try core.show(viewport) }
    }

    /// Switches to `width`, reusing the exact heights kept for it. See `ListHeightCore.setWidth(_:)`.
    ///
    /// - Throws: `ListHeightError.invalidWidth`.
    /// - Complexity: O(1) for a cached width; for a new one O(n / 4096) or O(n) estimates.
    public func setWidth(_ width: Double) throws(ListHeightError) -> ScrollPosition {
        try withCore { (core: inout ListHeightCore) throws(ListHeightError) in try core.setWidth(width) }
    }

    /// Applies a batch update at every cached width; see `ListHeightCore.performBatchUpdates(_:)`.
    ///
    /// `updatingData` runs inside the lock just before the update: change the measurer's data there,
    /// so that a running precompute cannot store a height measured from the new data under an old
    /// index.
    ///
    /// - Throws: `ListHeightError.invalidUpdate` (then `updatingData` is not run).
    /// - Complexity: O(k log k + k × (log n + 4096) × widths) for k changed rows.
    public func performBatchUpdates(
        _ update: ListUpdate, updatingData: () -> Void = {}
    ) throws(ListHeightError) -> ScrollPosition {
        try core.withLock { (core: inout ListHeightCore) throws(ListHeightError) -> ScrollPosition in
            _ = try BatchPlan(update, rowCount: core.rowCount)
            updatingData()
            return try core.performBatchUpdates(update)
        }
    }

    /// Applies the batch update that turns the row identities `old` into `new`, rows keeping their
    /// heights by identity; see `ListHeightCore.performBatchUpdates(from:to:reloading:)`.
    /// `updatingData` runs inside the lock just before the update (see above).
    ///
    /// - Throws: `ListHeightError.invalidUpdate` (then `updatingData` is not run).
    public func performBatchUpdates<ID: Hashable>(
        from old: [ID], to new: [ID], reloading: Set<ID> = [], updatingData: () -> Void = {}
    ) throws(ListHeightError) -> ScrollPosition {
        let update = ListUpdate.difference(from: old, to: new, reloading: reloading)
        return try core.withLock { (core: inout ListHeightCore) throws(ListHeightError) -> ScrollPosition in
            guard old.count == core.rowCount else {
                throw .invalidUpdate(reason: "the old identities are \(old.count), the list has \(core.rowCount) rows")
            }
            _ = try BatchPlan(update, rowCount: core.rowCount)
            updatingData()
            return try core.performBatchUpdates(update)
        }
    }

    /// Re-estimates every unmeasured row from what the estimator learned. See
    /// `ListHeightCore.reestimate()`.
    ///
    /// - Complexity: O(n / 4096) plus blocks holding exact rows when estimates do not depend on the
    ///   row, else O(n) estimates.
    public func reestimate() -> ScrollPosition { withCore { $0.reestimate() } }

    /// The scroll offset that keeps the anchor row where it was on screen after changes made since
    /// the last viewport (e.g. by a precompute). O(log n).
    public func scrollPosition() -> ScrollPosition { withCore { $0.scrollPosition() } }
}
