import Synchronization
import Testing

@testable import RowHeight

/// Expects every row of `model` to be exact at `width` with the height the data says.
private func expectAllExact(
    _ model: ListHeightModel, rows: TestRows, width: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let snapshot = model.snapshot
    let index = try #require(snapshot.cache.entries.first { $0.width == width }?.index, sourceLocation: sourceLocation)
    let data = rows.rows
    #expect(index.exactRowCount == data.count, sourceLocation: sourceLocation)
    var wrong = 0
    for (row, item) in data.enumerated() {
        let entry = index.entry(ofRow: row)
        let expected = FixedPointHeight.quanta(ofHeight: testHeight(id: item.id, version: item.version, width: width))!
        if entry != expected | FixedPointHeight.exactFlag { wrong += 1 }
    }
    #expect(wrong == 0, sourceLocation: sourceLocation)
}

/// Exact heights stored at `width` all match the data (rows may also be estimated).
private func expectExactRowsCorrect(
    _ model: ListHeightModel, rows: TestRows, width: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let snapshot = model.snapshot
    guard let index = snapshot.cache.entries.first(where: { $0.width == width })?.index else { return }
    var wrong = 0
    for (row, item) in rows.rows.enumerated() {
        let entry = index.entry(ofRow: row)
        guard entry & FixedPointHeight.exactFlag != 0 else { continue }
        let expected = FixedPointHeight.quanta(ofHeight: testHeight(id: item.id, version: item.version, width: width))!
        if entry & FixedPointHeight.maxRowQuanta != expected { wrong += 1 }
    }
    #expect(wrong == 0, sourceLocation: sourceLocation)
}

/// Waits until `condition` holds (polling), at most about 20 s.
private func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<4000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
}

@Suite(.serialized) struct PrecomputeTests {
    @Test func precomputeMeasuresEveryRowOnSeveralTasks() async throws {
        let rows = TestRows(count: 50_000)
        let model = try ListHeightModel(rowCount: 50_000, width: 320, measurer: rows)
        let reports = Mutex<[PrecomputeProgress]>([])
        let final = try await model.precompute(chunkSize: 700, maxConcurrency: 4) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(final.isComplete)
        #expect(final.fractionCompleted == 1)
        #expect(rows.measuredCount == 50_000)  // every row once
        try expectAllExact(model, rows: rows, width: 320)
        let seen = reports.withLock { $0 }
        #expect(seen.count == (50_000 + 699) / 700)
        #expect(seen.map(\.measuredRows).max() == 50_000)
        let expectedHeight = rows.rows.reduce(0.0) { $0 + testHeight(id: $1.id, version: $1.version, width: 320) }
        #expect(abs(model.contentHeight - expectedHeight) < 1e-6)
        // The learning estimator learned from every row.
        #expect(model.estimator.sampleCount == 50_000)
    }

    @Test func theModelStaysUsableWhileItRuns() async throws {
        let rows = TestRows(count: 20_000, delay: .microseconds(20))
        let model = try ListHeightModel(rowCount: 20_000, width: 320, measurer: rows, estimator: .constant(44))
        let work = Task { try await model.precompute(chunkSize: 200, maxConcurrency: 2) }
        var layout = try model.show(Viewport(offset: 200_000, height: 800))
        var shows = 0
        while model.exactRowCount < 20_000, shows < 2000 {
            // Where the first visible row is on screen, read from one consistent snapshot.
            let anchor = try #require(layout.visibleRows.first)
            var before = model.snapshot
            let screenTop = try before.offset(ofRow: anchor) - before.scrollPosition().offset
            // Scroll 10 pt from the last position: background measurements never move what is on screen.
            let position = model.scrollPosition()
            layout = try model.show(Viewport(offset: position.offset + 10, height: 800, version: position.version))
            var after = model.snapshot
            let now = after.scrollPosition()
            #expect(abs((try after.offset(ofRow: anchor) - now.offset) - (screenTop - 10)) < 1e-6)
            shows += 1
            try await Task.sleep(for: .milliseconds(1))
        }
        _ = try await work.value
        #expect(shows > 5)
        try expectAllExact(model, rows: rows, width: 320)
    }

    @Test func cancellingStopsAndKeepsWhatWasMeasured() async throws {
        let rows = TestRows(count: 100_000, delay: .microseconds(20))
        let model = try ListHeightModel(rowCount: 100_000, width: 320, measurer: rows, estimator: .constant(44))
        let work = Task { try await model.precompute(chunkSize: 256, maxConcurrency: 2) }
        try await waitUntil { model.exactRowCount >= 1024 }
        work.cancel()
        await #expect(throws: CancellationError.self) { try await work.value }
        let measured = model.exactRowCount
        #expect(measured >= 1024)
        #expect(measured < 100_000)
        try await Task.sleep(for: .milliseconds(50))
        #expect(model.exactRowCount == measured)  // nothing runs any more
        try expectExactRowsCorrect(model, rows: rows, width: 320)
        _ = try model.show(Viewport(offset: 1_000_000, height: 500))
    }

    @Test func aWidthChangeDuringPrecomputeStoresHeightsAtTheWidthTheyWereMeasuredAt() async throws {
        let rows = TestRows(count: 30_000, delay: .microseconds(10))
        let model = try ListHeightModel(rowCount: 30_000, width: 320, measurer: rows, estimator: .constant(44))
        let work = Task { try await model.precompute(chunkSize: 500, maxConcurrency: 3) }
        try await waitUntil { model.exactRowCount >= 2000 }
        _ = try model.setWidth(640)
        _ = try await work.value
        // The precompute followed the width change: every row is exact at 640…
        try expectAllExact(model, rows: rows, width: 640)
        // …and whatever reached 320 is the 320 height, never a 640 one.
        try expectExactRowsCorrect(model, rows: rows, width: 320)
        #expect(model.snapshot.cache.entries.first { $0.width == 320 }!.index.exactRowCount >= 2000)
    }

    @Test func aBatchUpdateDuringPrecomputeDiscardsChunksInFlight() async throws {
        let rows = TestRows(count: 30_000, delay: .microseconds(10))
        let model = try ListHeightModel(rowCount: 30_000, width: 320, measurer: rows, estimator: .constant(44))
        let work = Task { try await model.precompute(chunkSize: 500, maxConcurrency: 3) }
        try await waitUntil { model.exactRowCount >= 3000 }
        var nextID = 100_000
        let update = ListUpdate(deletions: Array(0..<700), insertions: Array(0..<1000), reloads: [5000, 5001])
        _ = try model.performBatchUpdates(update) {
            rows.update { $0 = applyNaively(update, to: $0, nextID: &nextID) }
        }
        _ = try await work.value
        #expect(model.rowCount == 30_300)
        try expectAllExact(model, rows: rows, width: 320)
    }

    @Test func theProgressStreamEndsWhenEveryRowIsExact() async throws {
        let rows = TestRows(count: 10_000)
        let model = try ListHeightModel(rowCount: 10_000, width: 320, measurer: rows)
        var last: PrecomputeProgress?
        var count = 0
        for try await progress in model.precomputeProgress(chunkSize: 300) {
            if let last { #expect(progress.width == last.width) }
            last = progress
            count += 1
        }
        #expect(count >= 1)
        #expect(last?.isComplete == true)
        try expectAllExact(model, rows: rows, width: 320)
    }

    @Test func aFailingMeasurerEndsThePrecomputeWithItsError() async throws {
        let model = try ListHeightModel(rowCount: 10_000, width: 320, estimator: .constant(44)) { row, _ in
            if row == 6000 { throw TestError.broken }
            return 30
        }
        do {
            try await model.precompute(chunkSize: 100, maxConcurrency: 2)
            Issue.record("expected an error")
        } catch let error as ListHeightError {
            guard case .measurementFailed(let row, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(row == 6000)
        }
        #expect(try !model.isExact(row: 6000))
    }
}
