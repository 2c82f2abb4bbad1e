#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ListHeightModel {
    /// Measures every row without an exact height at the current width, on up to `maxConcurrency`
    /// tasks at once (a task group over chunks of `chunkSize` rows), while the model stays usable:
    /// workers measure without the lock and take it only to store a chunk.
    ///
    /// Heights are stored at the width they were measured at: after a width change, chunks in flight
    /// still go to the old width's cache (if kept) and the scan starts over at the new width. A batch
    /// update discards chunks in flight (their indices no longer name the same rows) and starts the
    /// scan over. Rows the scan has passed are not revisited, so rows inserted after the last chunk was
    /// handed out stay estimated until shown or a new precompute.
    ///
    /// Cancel the calling task to stop; chunks stored so far stay.
    ///
    /// - Parameter progress: called after each stored chunk, from the worker tasks.
    /// - Returns: the progress at the end.
    /// - Throws: `CancellationError` when cancelled, `ListHeightError.measurementFailed` or
    ///   `.invalidHeight` when the measurer fails.
    /// - Complexity: O(n) measurements spread over the workers, plus O(n log n / chunkSize) locking.
    @discardableResult
    public func precompute(
        chunkSize: Int = 1024,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: @escaping @Sendable (PrecomputeProgress) -> Void = { _ in }
    ) async throws -> PrecomputeProgress {
        let chunkSize = Swift.max(1, chunkSize)
        withCore { $0.restartPrecompute() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Swift.max(1, maxConcurrency) {
                group.addTask { try await self.runPrecomputeWorker(chunkSize: chunkSize, progress: progress) }
            }
            try await group.waitForAll()
        }
        try Task.checkCancellation()
        return withCore { $0.precomputeProgress }
    }

    /// `precompute` as a stream of progress, ending when every row is exact (or with the error).
    /// The work starts at once; ending the iteration (or dropping the stream) cancels it. The stream
    /// keeps only the newest progress when the consumer is slower than the workers.
    public func precomputeProgress(
        chunkSize: Int = 1024, maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> AsyncThrowingStream<PrecomputeProgress, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: PrecomputeProgress.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                let last = try await self.precompute(chunkSize: chunkSize, maxConcurrency: maxConcurrency) {
                    continuation.yield($0)
                }
                continuation.yield(last)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// One worker: takes chunks of estimated rows, measures them outside the lock, stores them, and
    /// yields between chunks so that other tasks on the same executor keep running.
    private func runPrecomputeWorker(
        chunkSize: Int, progress: @Sendable (PrecomputeProgress) -> Void
    ) async throws {
        let learns = withCore { $0.estimator.learns }
        let features = withCore { $0.featureProvider }
        var entries: [UInt32] = []
        entries.reserveCapacity(chunkSize)
        while true {
            try Task.checkCancellation()
            guard let job = withCore({ $0.nextPrecomputeJob(limit: chunkSize) }) else { return }
            entries.removeAll(keepingCapacity: true)
            var samples = HeightEstimator.Samples()
            for (i, row) in job.rows.enumerated() {
                if i & 63 == 63 { try Task.checkCancellation() }
                let entry = try ListHeightCore.measureEntry(measurer, row: row, width: job.width)
                entries.append(entry)
                if learns {
                    samples.add(
                        height: FixedPointHeight.points(entry & FixedPointHeight.maxRowQuanta),
                        features: features?.features(ofRow: row) ?? RowFeatures(), width: job.width)
                }
            }
            let (stored, snapshot) = withCore { core in
                (core.applyPrecomputed(job, entries: entries, samples: samples), core.precomputeProgress)
            }
            if stored { progress(snapshot) }
            await Task.yield()
        }
    }
}
