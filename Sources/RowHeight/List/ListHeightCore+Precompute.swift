extension ListHeightCore {
    /// Where the background precompute continues: the next row to scan, valid for one width and one
    /// arrangement of rows (a width change or a batch update starts the scan over).
    struct PrecomputeCursor: Sendable {
        var width: Double = .nan
        var structureVersion: UInt64 = 0
        var row = 0
    }

    /// A chunk of estimated rows for a precompute worker to measure outside the lock.
    struct PrecomputeJob: Sendable {
        let width: Double
        let structureVersion: UInt64
        let rows: [Int]
    }

    /// Starts the precompute scan over from the first row.
    mutating func restartPrecompute() {
        precomputeCursor = PrecomputeCursor()
    }

    /// The next up-to-`limit` rows without an exact height at the current width, or nil when the
    /// scan reached the end. O(log n + rows scanned).
    mutating func nextPrecomputeJob(limit: Int) -> PrecomputeJob? {
        let width = self.width
        if precomputeCursor.width != width || precomputeCursor.structureVersion != structureVersion {
            precomputeCursor = PrecomputeCursor(width: width, structureVersion: structureVersion, row: 0)
        }
        var rows: [Int] = []
        rows.reserveCapacity(limit)
        precomputeCursor.row = cache.current.appendEstimatedRows(from: precomputeCursor.row, limit: limit, to: &rows)
        return rows.isEmpty ? nil : PrecomputeJob(width: width, structureVersion: structureVersion, rows: rows)
    }

    /// Stores the exact entries a worker measured for `job` — at the width they were measured at,
    /// which need not be current any more; dropped when that width was evicted or rows were inserted,
    /// deleted, moved or reloaded since (the indices no longer mean the same rows). Returns whether
    /// they were stored. O(k log n + touched blocks × 4096).
    @discardableResult
    mutating func applyPrecomputed(_ job: PrecomputeJob, entries: [UInt32], samples: HeightEstimator.Samples) -> Bool {
        guard job.structureVersion == structureVersion, let slot = cache.slot(of: job.width) else { return false }
        job.rows.withUnsafeBufferPointer { rows in
            entries.withUnsafeBufferPointer { entries in
                cache.withIndex(inSlot: slot) { $0.setEntries(rows: rows, entries: entries) }
            }
        }
        learn(samples)
        if slot == cache.currentSlot { layoutVersion += 1 }
        return true
    }

    /// The precompute's progress at the current width.
    var precomputeProgress: PrecomputeProgress {
        PrecomputeProgress(width: width, measuredRows: exactRowCount, rowCount: rowCount)
    }
}
