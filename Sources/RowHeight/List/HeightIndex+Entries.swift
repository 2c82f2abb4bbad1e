// The entry-level core of `HeightIndex` that `ListHeightCore` works with: rows as `UInt32`
// entries (height quanta | exact flag), offsets as `Int64` quanta.
extension HeightIndex {
    /// The block holding `row` (0 ..< rowCount) and the row's index inside it. O(log blocks).
    @inline(__always)
    func locate(_ row: Int) -> (block: Int, local: Int) {
        let (block, local) = counts.descend(row)
        return (block, local)
    }

    /// The entry of `row` (0 ..< rowCount). O(log n).
    @inline(__always)
    func entry(ofRow row: Int) -> UInt32 {
        let (block, local) = locate(row)
        return blocks[block].entry(at: local)
    }

    /// The height of `row` in quanta. O(log n).
    @inline(__always)
    func heightQuanta(ofRow row: Int) -> Int64 {
        Int64(entry(ofRow: row) & FixedPointHeight.maxRowQuanta)
    }

    /// The offset of `row` (0 ... rowCount) in quanta. O(log n).
    func offsetQuanta(ofRow row: Int) -> Int64 {
        if row >= rowCount { return totalQuanta }
        let (block, local) = locate(row)
        return sums.prefixSum(block) &+ blocks[block].localOffset(of: local)
    }

    /// The largest k in 0 ... rowCount whose offset is ≤ `quanta` (which must be ≥ 0). For
    /// `quanta` < content height that is the row containing the offset. O(log n).
    @inline(__always)
    func lastRow(withOffsetAtMost quanta: Int64) -> Int {
        if quanta >= totalQuanta { return rowCount }
        let (block, remainder) = sums.descend(quanta)
        return counts.prefixSum(block) + blocks[block].localRow(atMost: remainder)
    }

    /// The first row whose bottom is below `quanta`: 0 for negative offsets, rowCount past the end.
    func firstRow(endingAfter quanta: Int64) -> Int {
        quanta < 0 ? 0 : lastRow(withOffsetAtMost: quanta)
    }

    /// The first row whose top is at or after `quanta` (rowCount when none is).
    func firstRow(startingAtOrAfter quanta: Int64) -> Int {
        if quanta <= 0 { return 0 }
        if quanta > totalQuanta { return rowCount }
        return lastRow(withOffsetAtMost: quanta - 1) + 1
    }

    // MARK: Setting entries

    /// Sets the entry of `row` (0 ..< rowCount). O(log n + 128), O(4096) to materialize a block.
    mutating func setEntry(_ entry: UInt32, ofRow row: Int) {
        let (block, local) = locate(row)
        let old = blocks[block].entry(at: local)
        guard old != entry else { return }
        let delta = blocks[block].set(entry, at: local)
        exactRowCount += Block.exactDelta(old: old, new: entry)
        if delta != 0 {
            sums.add(delta, at: block)
            totalQuanta &+= delta
        }
    }

    /// Sets the entries of `rows` (strictly ascending, each in 0 ..< rowCount), one block at a time.
    /// O(k log n + touched blocks × 4096).
    mutating func setEntries(rows: UnsafeBufferPointer<Int>, entries: UnsafeBufferPointer<UInt32>) {
        var i = 0
        while i < rows.count {
            let (block, local) = locate(rows[i])
            let start = rows[i] - local
            let end = start + blocks[block].count
            let oldSum = blocks[block].sum
            var exactDelta = 0
            var firstGroup = Int.max
            while i < rows.count, rows[i] < end {
                let k = rows[i] - start
                let old = blocks[block].entry(at: k)
                let new = entries[i]
                if old != new {
                    blocks[block].materialize()
                    blocks[block].entries[k] = new
                    exactDelta += Block.exactDelta(old: old, new: new)
                    firstGroup = Swift.min(firstGroup, k >> Block.groupShift)
                }
                i += 1
            }
            guard firstGroup != Int.max else { continue }
            blocks[block].exactCount += exactDelta
            blocks[block].recomputeGroups(from: firstGroup)
            let delta = blocks[block].sum - oldSum
            exactRowCount += exactDelta
            if delta != 0 {
                sums.add(delta, at: block)
                totalQuanta &+= delta
            }
        }
    }

    /// Replaces the entry of every row that is not exact with what `fill` writes for it (`fill`
    /// gets a block's rows and writes one entry per row; entries of exact rows are ignored). With a
    /// `uniformEntry` (every estimate the same), blocks without exact rows are replaced whole.
    /// O(n) plus the cost of `fill`; O(n / 4096 + rows in blocks with exact rows) with `uniformEntry`.
    mutating func replaceEstimates(
        uniformEntry: UInt32? = nil, fill: (_ rows: Range<Int>, _ buffer: UnsafeMutableBufferPointer<UInt32>) -> Void
    ) {
        let scratch = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: Block.maxCount)
        defer { scratch.deallocate() }
        var start = 0
        for b in blocks.indices {
            let count = blocks[b].count
            defer { start += count }
            guard blocks[b].exactCount < count else { continue }
            if let uniformEntry, blocks[b].exactCount == 0 {
                blocks[b] = Block(count: count, uniform: uniformEntry)
                continue
            }
            let buffer = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            fill(start..<(start + count), buffer)
            if blocks[b].exactCount == 0 {
                blocks[b] = Block(UnsafeBufferPointer(buffer))
            } else {
                blocks[b].materialize()
                for k in 0..<count where blocks[b].entries[k] & FixedPointHeight.exactFlag == 0 {
                    blocks[b].entries[k] = buffer[k] & ~FixedPointHeight.exactFlag
                }
                blocks[b].recomputeGroups(from: 0)
            }
        }
        rebuildTrees()
    }

    // MARK: Structure

    /// Inserts `newEntries` before `row` (0 ... rowCount). O(log n + 4096 + new), plus
    /// O(n / 4096) when a block splits.
    mutating func insertEntries(_ newEntries: some Collection<UInt32>, at row: Int) {
        guard !newEntries.isEmpty else { return }
        if blocks.isEmpty {
            self = HeightIndex(blocks: Block(materialized: Array(newEntries)).split())
            return
        }
        let (block, local) = row == rowCount ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(row)
        let oldSum = blocks[block].sum
        let oldExact = blocks[block].exactCount
        blocks[block].insert(newEntries, at: local)
        let sumDelta = blocks[block].sum - oldSum
        rowCount += newEntries.count
        totalQuanta &+= sumDelta
        exactRowCount += blocks[block].exactCount - oldExact
        if blocks[block].count > Block.maxCount {
            blocks.replaceSubrange(block...block, with: blocks[block].split())
            rebuildTrees()
        } else {
            counts.add(newEntries.count, at: block)
            if sumDelta != 0 { sums.add(sumDelta, at: block) }
        }
    }

    /// Removes the rows in `range` (within 0 ..< rowCount). O(log n + touched blocks × 4096),
    /// plus O(n / 4096) when blocks vanish or merge.
    mutating func removeEntries(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let (firstBlock, firstLocal) = locate(range.lowerBound)
        var block = firstBlock
        var local = firstLocal
        var remaining = range.count
        var emptied = 0..<0
        var touched: [(block: Int, count: Int, sum: Int64)] = []
        while remaining > 0 {
            let take = Swift.min(blocks[block].count - local, remaining)
            let oldSum = blocks[block].sum
            let oldExact = blocks[block].exactCount
            if local == 0, take == blocks[block].count {
                emptied = emptied.isEmpty ? block..<(block + 1) : emptied.lowerBound..<(block + 1)
                totalQuanta &-= oldSum
                exactRowCount -= oldExact
            } else {
                blocks[block].remove(local..<(local + take))
                totalQuanta &+= blocks[block].sum - oldSum
                exactRowCount += blocks[block].exactCount - oldExact
                touched.append((block, -take, blocks[block].sum - oldSum))
            }
            rowCount -= take
            remaining -= take
            block += 1
            local = 0
        }
        var structureChanged = !emptied.isEmpty
        blocks.removeSubrange(emptied)
        // Merge a small block at the cut with a neighbour (the cut leaves at most two small blocks).
        for candidate in [firstBlock + 1, firstBlock] where candidate < blocks.count {
            guard blocks[candidate].count < Block.minCount else { continue }
            if candidate + 1 < blocks.count, blocks[candidate].count + blocks[candidate + 1].count <= Block.maxCount {
                let next = blocks.remove(at: candidate + 1)
                blocks[candidate].append(next)
                structureChanged = true
            } else if candidate > 0, blocks[candidate - 1].count + blocks[candidate].count <= Block.maxCount {
                let current = blocks.remove(at: candidate)
                blocks[candidate - 1].append(current)
                structureChanged = true
            }
        }
        if structureChanged {
            rebuildTrees()
        } else {
            for change in touched {
                counts.add(change.count, at: change.block)
                if change.sum != 0 { sums.add(change.sum, at: change.block) }
            }
        }
    }

    /// Rebuilds both block trees and the totals from the blocks. O(n / 4096).
    mutating func rebuildTrees() {
        counts = FenwickTree(blocks.lazy.map(\.count))
        sums = FenwickTree(blocks.lazy.map(\.sum))
        rowCount = 0
        totalQuanta = 0
        exactRowCount = 0
        for block in blocks {
            rowCount += block.count
            totalQuanta &+= block.sum
            exactRowCount += block.exactCount
        }
    }

    // MARK: Scanning

    /// Appends to `rows` the rows from `start` on whose height is an estimate, until `rows` holds
    /// `limit` rows or the list ends; returns the row after the last one scanned. Blocks whose rows
    /// are all exact are skipped whole. O(log n + rows scanned).
    func appendEstimatedRows(from start: Int, limit: Int, to rows: inout [Int]) -> Int {
        guard start < rowCount else { return rowCount }
        var (block, local) = locate(start)
        var row = start
        while block < blocks.count {
            let current = blocks[block]
            if current.exactCount == current.count {
                row += current.count - local
            } else if current.isUniform {
                // Uniform and not all exact: every row is an estimate.
                let take = Swift.min(current.count - local, limit - rows.count)
                rows.append(contentsOf: row..<(row + take))
                row += take
                if rows.count == limit { return row }
            } else {
                for k in local..<current.count {
                    if current.entries[k] & FixedPointHeight.exactFlag == 0 {
                        rows.append(row)
                        if rows.count == limit { return row + 1 }
                    }
                    row += 1
                }
            }
            block += 1
            local = 0
        }
        return row
    }
}
