/// The prefix-sum index of a list's row heights: every row has a height, marked exact (measured)
/// or estimated, and the index answers the content height, the offset of a row, the row at an
/// offset and the rows in a range in O(log n) however many rows there are.
///
/// Heights are stored in fixed point (whole multiples of 1/192 pt, see `FixedPointHeight`): a
/// row takes 4 bytes plus 1/8 byte of group sums, and sums are exact integers, so offsets never
/// drift. Rows live in blocks of a few thousand (split and merged as rows come and go) under two
/// small Fenwick trees over the blocks' row counts and height sums; a block whose rows all share one
/// height (a fresh list of constant estimates) stores no per-row data, so building an index of
/// ten million estimated rows costs O(n / 4096).
///
/// A value type, usable from one thread without locks; `ListHeightModel` wraps it for sharing.
///
/// Offsets are in points from the top of the content. Row `r` spans
/// `offset(ofRow: r) ..< offset(ofRow: r + 1)`; a zero-height row spans nothing and is never
/// the row at an offset.
public struct HeightIndex: Sendable {
    var blocks: [Block]
    /// Row counts of the blocks.
    var counts: FenwickTree<Int>
    /// Height sums of the blocks, in quanta.
    var sums: FenwickTree<Int64>
    /// Number of rows.
    public internal(set) var rowCount: Int
    /// Sum of all heights, in quanta.
    var totalQuanta: Int64
    /// Number of rows whose height is exact.
    public internal(set) var exactRowCount: Int

    /// An empty index.
    public init() {
        self.init(blocks: [])
    }

    init(blocks: [Block]) {
        self.blocks = blocks
        self.counts = FenwickTree(blocks.lazy.map(\.count))
        self.sums = FenwickTree(blocks.lazy.map(\.sum))
        self.rowCount = blocks.reduce(0) { $0 + $1.count }
        self.totalQuanta = blocks.reduce(0) { $0 + $1.sum }
        self.exactRowCount = blocks.reduce(0) { $0 + $1.exactCount }
    }

    /// `rowCount` rows of the same `height` (points).
    ///
    /// - Throws: `ListHeightError.invalidRowCount` for a negative count,
    ///   `.invalidHeight` for a height that is not finite, negative or above ~11.18 million pt.
    /// - Complexity: O(rowCount / 4096).
    public init(rowCount: Int, height: Double, isExact: Bool = false) throws(ListHeightError) {
        guard rowCount >= 0 else { throw .invalidRowCount(rowCount) }
        guard let quanta = FixedPointHeight.quanta(ofHeight: height) else {
            throw .invalidHeight(row: nil, width: nil, height: height)
        }
        self.init(rowCount: rowCount, uniformEntry: quanta | (isExact ? FixedPointHeight.exactFlag : 0))
    }

    /// One row per height (points).
    ///
    /// - Throws: `ListHeightError.invalidHeight` (with the row) for a height that is not finite,
    ///   negative or above ~11.18 million pt.
    /// - Complexity: O(n).
    public init(heights: some Sequence<Double>, isExact: Bool = true) throws(ListHeightError) {
        let flag = isExact ? FixedPointHeight.exactFlag : 0
        var entries: [UInt32] = []
        entries.reserveCapacity(heights.underestimatedCount)
        for height in heights {
            guard let quanta = FixedPointHeight.quanta(ofHeight: height) else {
                throw .invalidHeight(row: entries.count, width: nil, height: height)
            }
            entries.append(quanta | flag)
        }
        self.init(entries: entries)
    }

    /// `rowCount` rows with the same entry. O(rowCount / 4096).
    init(rowCount: Int, uniformEntry: UInt32) {
        var blocks: [Block] = []
        blocks.reserveCapacity((rowCount + Block.targetCount - 1) / Block.targetCount)
        var start = 0
        while start < rowCount {
            let end = Swift.min(start + Block.targetCount, rowCount)
            blocks.append(Block(count: end - start, uniform: uniformEntry))
            start = end
        }
        self.init(blocks: blocks)
    }

    /// An index over `entries`. O(n).
    init(entries: [UInt32]) {
        self.init(rowCount: entries.count) { rows, buffer in
            for i in rows { buffer[i - rows.lowerBound] = entries[i] }
        }
    }

    /// An index of `rowCount` rows whose entries `fill` writes, one block of rows at a time
    /// (`buffer[i]` is the entry of row `rows.lowerBound + i`). Blocks whose entries are all equal
    /// are stored without per-row data. O(n) plus the cost of `fill`.
    init<E: Error>(
        rowCount: Int, fill: (_ rows: Range<Int>, _ buffer: UnsafeMutableBufferPointer<UInt32>) throws(E) -> Void
    ) throws(E) {
        var blocks: [Block] = []
        blocks.reserveCapacity((rowCount + Block.targetCount - 1) / Block.targetCount)
        let scratch = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: Block.targetCount)
        defer { scratch.deallocate() }
        var start = 0
        while start < rowCount {
            let end = Swift.min(start + Block.targetCount, rowCount)
            let buffer = UnsafeMutableBufferPointer(rebasing: scratch[0..<(end - start)])
            try fill(start..<end, buffer)
            blocks.append(Block(UnsafeBufferPointer(buffer)))
            start = end
        }
        self.init(blocks: blocks)
    }

    // MARK: Queries

    /// The sum of all row heights, in points. O(1).
    public var contentHeight: Double { FixedPointHeight.points(totalQuanta) }

    /// The height of `row` in points: exact when measured, else its estimate.
    ///
    /// - Throws: `ListHeightError.rowOutOfRange` unless `0 ≤ row < rowCount`.
    /// - Complexity: O(log n).
    public func height(ofRow row: Int) throws(ListHeightError) -> Double {
        try checkRow(row)
        return FixedPointHeight.points(entry(ofRow: row) & FixedPointHeight.maxRowQuanta)
    }

    /// Whether the height of `row` is exact (measured) rather than an estimate.
    ///
    /// - Throws: `ListHeightError.rowOutOfRange` unless `0 ≤ row < rowCount`.
    /// - Complexity: O(log n).
    public func isExact(row: Int) throws(ListHeightError) -> Bool {
        try checkRow(row)
        return entry(ofRow: row) & FixedPointHeight.exactFlag != 0
    }

    /// The offset of the top of `row` in points: the sum of the heights of the rows before it.
    /// `offset(ofRow: rowCount)` is the content height.
    ///
    /// - Throws: `ListHeightError.rowOutOfRange` unless `0 ≤ row ≤ rowCount`.
    /// - Complexity: O(log n).
    public func offset(ofRow row: Int) throws(ListHeightError) -> Double {
        guard row >= 0, row <= rowCount else { throw .rowOutOfRange(row: row, rowCount: rowCount) }
        return FixedPointHeight.points(offsetQuanta(ofRow: row))
    }

    /// The row that contains `offset` (points): the row r with
    /// `offset(ofRow: r) ≤ offset < offset(ofRow: r + 1)`, or nil when the offset is negative or
    /// at or beyond the content height. Zero-height rows are never returned.
    ///
    /// - Complexity: O(log n): a descent of the block tree, a binary search over at most 128
    ///   group sums and a scan of at most 64 rows.
    public func row(atOffset offset: Double) -> Int? {
        guard !offset.isNaN else { return nil }
        let quanta = FixedPointHeight.floorQuanta(offset)
        guard quanta >= 0, quanta < totalQuanta else { return nil }
        return lastRow(withOffsetAtMost: quanta)
    }

    /// The rows that intersect `range` (points): from the row containing `range.lowerBound` up to,
    /// not including, the first row that starts at or after `range.upperBound`. Zero-height rows
    /// inside the range are included. An empty range has no rows.
    ///
    /// - Complexity: O(log n).
    public func rows(in range: Range<Double>) -> Range<Int> {
        let lower = firstRow(endingAfter: FixedPointHeight.floorQuanta(range.lowerBound))
        if range.isEmpty { return lower..<lower }
        let upper = firstRow(startingAtOrAfter: FixedPointHeight.ceilQuanta(range.upperBound))
        return lower..<Swift.max(lower, upper)
    }

    /// Bytes of memory the index holds (its blocks, per-row entries, group sums and trees).
    ///
    /// - Complexity: O(n / 4096).
    public var allocatedBytes: Int {
        blocks.reduce(blocks.capacity * MemoryLayout<Block>.stride) {
            $0 + $1.allocatedBytes - MemoryLayout<Block>.stride
        } + counts.allocatedBytes + sums.allocatedBytes
    }

    // MARK: Updates

    /// Sets the height (points) of `row` and whether it is exact.
    ///
    /// - Throws: `ListHeightError.rowOutOfRange`, or `.invalidHeight` for a height that is not
    ///   finite, negative or above ~11.18 million pt.
    /// - Complexity: O(log n + 128) — O(4096) when the row's block first needs per-row storage.
    public mutating func setHeight(_ height: Double, ofRow row: Int, isExact: Bool = true) throws(ListHeightError) {
        try checkRow(row)
        guard let quanta = FixedPointHeight.quanta(ofHeight: height) else {
            throw .invalidHeight(row: row, width: nil, height: height)
        }
        setEntry(quanta | (isExact ? FixedPointHeight.exactFlag : 0), ofRow: row)
    }

    /// Inserts `count` rows of the same height (points) before `row` (0 ... rowCount).
    ///
    /// - Throws: `ListHeightError.rowOutOfRange`, `.invalidRowCount` for a negative count, or
    ///   `.invalidHeight`.
    /// - Complexity: O(log n + 4096 + count), plus O(n / 4096) when blocks split.
    public mutating func insertRows(
        at row: Int, count: Int, height: Double, isExact: Bool = false
    ) throws(ListHeightError) {
        guard row >= 0, row <= rowCount else { throw .rowOutOfRange(row: row, rowCount: rowCount) }
        guard count >= 0 else { throw .invalidRowCount(count) }
        guard let quanta = FixedPointHeight.quanta(ofHeight: height) else {
            throw .invalidHeight(row: row, width: nil, height: height)
        }
        insertEntries(repeatElement(quanta | (isExact ? FixedPointHeight.exactFlag : 0), count: count), at: row)
    }

    /// Removes the rows in `range`.
    ///
    /// - Throws: `ListHeightError.rangeOutOfBounds` unless the range lies in `0 ..< rowCount`.
    /// - Complexity: O(log n + 4096 + range.count), plus O(n / 4096) when blocks merge or vanish.
    public mutating func removeRows(_ range: Range<Int>) throws(ListHeightError) {
        guard range.lowerBound >= 0, range.upperBound <= rowCount else {
            throw .rangeOutOfBounds(range, rowCount: rowCount)
        }
        removeEntries(range)
    }

    /// Moves one row, with its height and exactness, so that it ends up at index `destination`.
    ///
    /// - Throws: `ListHeightError.rowOutOfRange` unless both indices are in `0 ..< rowCount`.
    /// - Complexity: O(log n + 4096).
    public mutating func moveRow(from source: Int, to destination: Int) throws(ListHeightError) {
        try checkRow(source)
        try checkRow(destination)
        let entry = entry(ofRow: source)
        removeEntries(source..<(source + 1))
        insertEntries(CollectionOfOne(entry), at: destination)
    }

    @inline(__always)
    private func checkRow(_ row: Int) throws(ListHeightError) {
        guard row >= 0, row < rowCount else { throw .rowOutOfRange(row: row, rowCount: rowCount) }
    }
}
