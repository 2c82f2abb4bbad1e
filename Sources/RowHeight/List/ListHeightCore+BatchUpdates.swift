extension ListHeightCore {
    /// Applies a batch of insertions, deletions, moves and reloads (see `ListUpdate` for index
    /// semantics) at every cached width. Untouched rows keep their exact heights and their positions
    /// relative to each other; moved rows take their heights at every cached width along; inserted
    /// and reloaded rows get estimates (each its own, from its `RowFeatures` when the measurer
    /// provides them; they also join the statistics a new width is estimated from). The anchor row —
    /// or, if it was deleted or moved, the first row after it that stays (else the last one before
    /// it) — keeps its top edge on screen.
    ///
    /// Call it after the measurer's data reflects the new rows (its `height(ofRow:width:)` answers
    /// for the new indices).
    ///
    /// - Throws: `ListHeightError.invalidUpdate` when indices are out of range or used twice;
    ///   nothing changes then.
    /// - Complexity: O(k log k + k × (log n + 4096) × widths) for k changed rows, plus
    ///   O(n / 4096) per block split or merge.
    public mutating func performBatchUpdates(_ update: ListUpdate) throws(ListHeightError) -> ScrollPosition {
        let plan = try BatchPlan(update, rowCount: rowCount)
        guard !update.isEmpty else { return scrollPosition() }

        // The row that will hold the screen in place: the anchor if it stays, else the nearest stayer.
        var newAnchor: Anchor?
        if let anchor, anchor.row < rowCount, let stayer = plan.nearestStayer(to: anchor.row) {
            let current = cache.current
            let moved = current.offsetQuanta(ofRow: stayer) - current.offsetQuanta(ofRow: anchor.row)
            newAnchor = Anchor(
                row: plan.newIndex(ofStayer: stayer), shift: anchor.shift - FixedPointHeight.points(moved))
        }

        let features = featureProvider
        let tables = cache.entries.map { estimateTable(width: $0.width) }
        for slot in cache.entries.indices {
            let table = tables[slot]
            cache.withIndex(inSlot: slot) { index in
                let movedEntries = plan.moves.map { index.entry(ofRow: $0.source) }
                // Removals, from the last run to the first so earlier indices stay valid.
                for run in plan.removalRuns.reversed() { index.removeEntries(run) }
                // Placements in ascending final position, run by run.
                var entries: [UInt32] = []
                for run in plan.placementRuns {
                    entries.removeAll(keepingCapacity: true)
                    for placement in plan.placements[run] {
                        if let move = placement.move {
                            entries.append(movedEntries[move])
                        } else {
                            entries.append(table.entry(ofRow: placement.destination, features: features))
                        }
                    }
                    index.insertEntries(entries, at: plan.placements[run.lowerBound].destination)
                }
                for row in plan.reloadedRows {
                    index.setEntry(table.entry(ofRow: row, features: features), ofRow: row)
                }
            }
        }
        if let features, estimator.learns {
            // New rows join the statistics later widths are estimated from (see `RowLengthStatistics`).
            lengths.add(rows: plan.placements.lazy.filter { $0.move == nil }.map(\.destination), of: features)
            lengths.add(rows: plan.reloadedRows, of: features)
        }
        structureVersion += 1
        layoutVersion += 1
        anchor = newAnchor
        return scrollPosition()
    }
}

extension ListHeightCore {
    /// Applies the batch update that turns the row identities `old` into `new` (see
    /// `ListUpdate.difference(from:to:reloading:)`): rows keep their heights by identity.
    ///
    /// - Throws: `ListHeightError.invalidUpdate` when `old` does not have `rowCount` identities.
    /// - Complexity: that of the difference plus that of `performBatchUpdates(_:)`.
    public mutating func performBatchUpdates<ID: Hashable>(
        from old: [ID], to new: [ID], reloading: Set<ID> = []
    ) throws(ListHeightError) -> ScrollPosition {
        guard old.count == rowCount else {
            throw .invalidUpdate(reason: "the old identities are \(old.count), the list has \(rowCount) rows")
        }
        return try performBatchUpdates(ListUpdate.difference(from: old, to: new, reloading: reloading))
    }
}

/// A validated `ListUpdate`, sorted and grouped into runs for applying.
struct BatchPlan {
    struct Placement {
        /// The new index.
        var destination: Int
        /// The index in `moves`, or nil for an insertion.
        var move: Int?
    }

    let moves: [ListUpdate.Move]
    /// Old indices leaving their place (deletions and move sources), ascending.
    let removals: [Int]
    /// `removals` as maximal runs of consecutive indices.
    let removalRuns: [Range<Int>]
    /// Insertions and move destinations, by ascending new index.
    let placements: [Placement]
    /// Index ranges into `placements` of consecutive destinations.
    let placementRuns: [Range<Int>]
    /// `placements[j].destination − j`, non-decreasing: for mapping stayers to new indices.
    private let placementShifts: [Int]
    /// New indices of the reloaded rows.
    let reloadedRows: [Int]

    /// Rows in the list before the update.
    let oldRowCount: Int

    init(_ update: ListUpdate, rowCount: Int) throws(ListHeightError) {
        oldRowCount = rowCount
        let newCount = rowCount - update.deletions.count + update.insertions.count
        for row in update.deletions + update.moves.map(\.source) + update.reloads where row < 0 || row >= rowCount {
            throw .invalidUpdate(reason: "old index \(row) is out of range 0..<\(rowCount)")
        }
        for row in update.insertions + update.moves.map(\.destination) where row < 0 || row >= newCount {
            throw .invalidUpdate(reason: "new index \(row) is out of range 0..<\(newCount) (the list after the update)")
        }
        moves = update.moves
        removals = (update.deletions + update.moves.map(\.source)).sorted()
        if let duplicate = Self.firstDuplicate(in: (removals + update.reloads).sorted()) {
            throw .invalidUpdate(reason: "old index \(duplicate) is deleted, moved or reloaded more than once")
        }
        var placements = update.insertions.map { Placement(destination: $0, move: nil) }
        placements += update.moves.enumerated().map { Placement(destination: $1.destination, move: $0) }
        placements.sort { $0.destination < $1.destination }
        if let duplicate = Self.firstDuplicate(in: placements.map(\.destination)) {
            throw .invalidUpdate(reason: "new index \(duplicate) is inserted or moved to more than once")
        }
        self.placements = placements
        removalRuns = Self.runs(of: removals)
        var placementRuns: [Range<Int>] = []
        for j in placements.indices {
            if let last = placementRuns.last, placements[j].destination == placements[j - 1].destination + 1 {
                placementRuns[placementRuns.count - 1] = last.lowerBound..<(j + 1)
            } else {
                placementRuns.append(j..<(j + 1))
            }
        }
        self.placementRuns = placementRuns
        let shifts = placements.enumerated().map { $1.destination - $0 }
        placementShifts = shifts
        let removed = removals
        reloadedRows = update.reloads.map { row in
            Self.newIndex(ofStayer: row, removals: removed, placementShifts: shifts)
        }
    }

    /// The new index of an old row that stays (not deleted or moved). O(log k).
    func newIndex(ofStayer row: Int) -> Int {
        Self.newIndex(ofStayer: row, removals: removals, placementShifts: placementShifts)
    }

    private static func newIndex(ofStayer row: Int, removals: [Int], placementShifts: [Int]) -> Int {
        // Its position once removals are gone…
        let afterRemovals = row - countLess(than: row, in: removals)
        // …then every placement at or before its final position pushes it down by one.
        return afterRemovals + countLess(than: afterRemovals + 1, in: placementShifts)
    }

    /// The first old row at or after `row` that stays, else the last one before it; nil if none stays.
    func nearestStayer(to row: Int) -> Int? {
        let removed = Set(removals)
        var candidate = row
        while removed.contains(candidate) { candidate += 1 }
        if candidate < oldRowCount { return candidate }
        candidate = row - 1
        while candidate >= 0, removed.contains(candidate) { candidate -= 1 }
        return candidate >= 0 ? candidate : nil
    }

    /// Number of elements of ascending `values` that are < `bound`.
    static func countLess(than bound: Int, in values: [Int]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Maximal runs of consecutive integers in ascending, duplicate-free `values`.
    static func runs(of values: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for value in values {
            if let last = runs.last, last.upperBound == value {
                runs[runs.count - 1] = last.lowerBound..<(value + 1)
            } else {
                runs.append(value..<(value + 1))
            }
        }
        return runs
    }

    static func firstDuplicate(in sorted: [Int]) -> Int? {
        for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] { return sorted[i] }
        return nil
    }
}
