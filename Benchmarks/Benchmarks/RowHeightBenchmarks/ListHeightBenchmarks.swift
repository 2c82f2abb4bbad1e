import Benchmark
import BenchmarkSupport
import Foundation
import RowHeight
import Synchronization
import TextMeasure

/// The list height model at ten million rows: building, memory per row, queries, the first screen
/// after a cold start or a width change, batch updates and the background precompute.
func listHeightBenchmarks() {
    typealias Fixtures = ListBenchmarkFixtures
    let rows = Fixtures.rowCount
    let once = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], warmupIterations: 1, maxDuration: .seconds(10),
        maxIterations: 20)

    // MARK: Building

    Benchmark("List build, 10M rows, constant estimate", configuration: once) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Fixtures.coldModel(estimator: .constant(44))) }
    }
    Benchmark("List build, 10M rows, learned estimate (no row features)", configuration: once) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Fixtures.coldModel()) }
    }
    let featured = Fixtures.FeaturedMeasurer(lengths: Fixtures.lengths)
    Benchmark("List build, 10M rows, learned estimate from per-row text lengths", configuration: once) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ListHeightModel(rowCount: rows, width: 375, measurer: featured))
        }
    }

    // MARK: Memory

    // The model's bytes per row once every row is exact at one width (every block stores per-row
    // entries): the net bytes the build keeps (memoryLeakedBytes, malloc interposer) and the model's own
    // count, as hundredths of a byte per row.
    Benchmark(
        "List memory, 10M rows all exact at one width (precompute inside)",
        configuration: .init(
            metrics: [.wallClock, .mallocBytesCount, .memoryLeakedBytes, .custom("bytes per row × 100")],
            warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 3)
    ) { benchmark in
        benchmark.startMeasurement()
        let model = Fixtures.coldModel()
        try await model.precompute()
        benchmark.stopMeasurement()
        precondition(model.exactRowCount == rows)
        benchmark.measurement(.custom("bytes per row × 100"), model.allocatedBytes * 100 / rows)
        blackHole(model)
    }

    // MARK: Queries

    let lookups = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], warmupIterations: 3, scalingFactor: .kilo, maxDuration: .seconds(3))
    Benchmark("List row at offset, 10M exact rows, random offsets (model, locked)", configuration: lookups) {
        benchmark in
        let model = await Fixtures.exactModel()
        let height = model.contentHeight
        var random = Fixtures.Random(state: 1)
        let offsets = (0..<4096).map { _ in Double(random.next(below: Int(height))) + 0.5 }
        benchmark.startMeasurement()
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(model.row(atOffset: offsets[i]))
            i = (i + 1) & 4095
        }
    }
    Benchmark("List row at offset, 10M exact rows, random offsets (HeightIndex)", configuration: lookups) { benchmark in
        let index = await Fixtures.exactModel().snapshot.index
        var random = Fixtures.Random(state: 2)
        let offsets = (0..<4096).map { _ in Double(random.next(below: Int(index.contentHeight))) + 0.5 }
        benchmark.startMeasurement()
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(index.row(atOffset: offsets[i]))
            i = (i + 1) & 4095
        }
    }
    Benchmark("List row at offset, 10M exact rows, scrolling 16 pt per lookup (HeightIndex)", configuration: lookups) {
        benchmark in
        let index = await Fixtures.exactModel().snapshot.index
        var offset = index.contentHeight / 3
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(index.row(atOffset: offset))
            offset += 16
        }
    }
    Benchmark("List offset of row, 10M exact rows, random rows (HeightIndex)", configuration: lookups) { benchmark in
        let index = await Fixtures.exactModel().snapshot.index
        var random = Fixtures.Random(state: 3)
        let rowsToFind = (0..<4096).map { _ in random.next(below: rows) }
        benchmark.startMeasurement()
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(try index.offset(ofRow: rowsToFind[i]))
            i = (i + 1) & 4095
        }
    }

    // MARK: First screen

    let screen = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 200)
    Benchmark("List first screen, cold 10M rows, top (show 900 pt + 300 pt overscan)", configuration: screen) {
        benchmark in
        let model = Fixtures.coldModel()
        benchmark.startMeasurement()
        blackHole(try model.show(Viewport(offset: 0, height: 900, overscan: 300)))
    }
    Benchmark("List first screen, cold 10M rows, jump to the middle", configuration: screen) { benchmark in
        let model = Fixtures.coldModel()
        benchmark.startMeasurement()
        blackHole(try model.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300)))
    }
    let rotating = Fixtures.coldModel()
    _ = try? rotating.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300))
    let widthCounter = Mutex(0)
    Benchmark(
        "List first screen after a width change to a new width, 10M rows (setWidth + show)", configuration: screen
    ) { benchmark in
        let step = widthCounter.withLock { counter in
            counter += 1
            return counter
        }
        let width = 600 + Double(step % 1000) / 4  // a width not seen before (the cache keeps 4)
        benchmark.startMeasurement()
        let position = try rotating.setWidth(width)
        blackHole(
            try rotating.show(Viewport(offset: position.offset, height: 900, overscan: 300, version: position.version)))
    }
    let featuredRotating = try! ListHeightModel(rowCount: rows, width: 375, measurer: featured)
    _ = try? featuredRotating.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300))
    Benchmark(
        "List first screen after a width change to a new width, 10M rows estimated from text lengths (setWidth + show)",
        configuration: screen
    ) { benchmark in
        let step = widthCounter.withLock { counter in
            counter += 1
            return counter
        }
        let width = 600 + Double(step % 1000) / 4
        benchmark.startMeasurement()
        let position = try featuredRotating.setWidth(width)
        blackHole(
            try featuredRotating.show(
                Viewport(offset: position.offset, height: 900, overscan: 300, version: position.version)))
    }
    // After a width change rows share one estimate; re-estimating gives each its own (O(n) features).
    let reestimated = try! ListHeightModel(rowCount: rows, width: 375, measurer: featured)
    _ = try? reestimated.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300))
    Benchmark("List re-estimate, 10M rows estimated from text lengths", configuration: once) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(reestimated.reestimate()) }
    }
    let turning = Fixtures.coldModel()
    _ = try? turning.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300))
    _ = try? turning.setWidth(812)
    _ = try? turning.show(Viewport(offset: 44 * 5_000_000, height: 900, overscan: 300))
    Benchmark(
        "List first screen after turning back to a cached width, 10M rows (setWidth + show)", configuration: screen
    ) { benchmark in
        let width = turning.width == 375 ? 812.0 : 375
        benchmark.startMeasurement()
        let position = try turning.setWidth(width)
        blackHole(
            try turning.show(Viewport(offset: position.offset, height: 900, overscan: 300, version: position.version)))
    }
    Benchmark("List scroll frame, 10M rows (show after 16 pt, new rows measured)", configuration: lookups) {
        benchmark in
        let model = Fixtures.coldModel()
        var layout = try model.show(Viewport(offset: 0, height: 900, overscan: 300))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            layout = try model.show(
                Viewport(offset: layout.offset + 16, height: 900, overscan: 300, version: layout.version))
        }
    }

    // MARK: Batch updates

    let updates = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 50)
    for (name, kind) in [("1,000 inserts", 0), ("1,000 deletes", 1), ("1,000 moves", 2), ("1,000 reloads", 3)] {
        Benchmark("List batch update, \(name) at random rows, 10M exact rows", configuration: updates) { benchmark in
            let model = await Fixtures.exactModel()
            let count = model.rowCount
            var random = Fixtures.Random(state: UInt64(count))
            let update: ListUpdate
            switch kind {
            case 0:
                update = ListUpdate(insertions: Fixtures.distinctIndices(1000, below: count + 1000, random: &random))
            case 1:
                update = ListUpdate(deletions: Fixtures.distinctIndices(1000, below: count, random: &random))
            case 2:
                let sources = Fixtures.distinctIndices(1000, below: count, random: &random)
                let destinations = Fixtures.distinctIndices(1000, below: count, random: &random).shuffled()
                update = ListUpdate(
                    moves: zip(sources, destinations).map { ListUpdate.Move(source: $0, destination: $1) })
            default:
                update = ListUpdate(reloads: Fixtures.distinctIndices(1000, below: count, random: &random))
            }
            benchmark.startMeasurement()
            blackHole(try model.performBatchUpdates(update))
            benchmark.stopMeasurement()
            if kind == 1 {
                // Keep the list at ten million rows for the next iteration.
                _ = try model.performBatchUpdates(ListUpdate(insertions: Array(0..<1000)))
            } else if kind == 0 {
                _ = try model.performBatchUpdates(ListUpdate(deletions: Array(0..<1000)))
            }
        }
    }

    // MARK: Precompute

    Benchmark(
        "List precompute, 10M rows, cheap measurer, all cores",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal], warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 3)
    ) { benchmark in
        let model = Fixtures.coldModel()
        benchmark.startMeasurement()
        _ = try await withTaskExecutorPreference(DispatchTaskExecutor()) { try await model.precompute() }
    }
}

/// Precomputing a million real rows (text measured with the bundled fonts) on one task and on
/// two: the speedup is the ratio of the two wall-clock times (target ≥ 1.8× on 2 cores). The tasks
/// run on dispatch threads (see `DispatchTaskExecutor`), as the harness holds one of the two
/// cooperative threads.
func realRowPrecomputeBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)
    for tasks in [1, 2] {
        Benchmark(
            "List precompute, 1,000,000 real English rows (generate.py), width 375, \(tasks) task\(tasks == 1 ? "" : "s")",
            configuration: configuration
        ) { benchmark in
            let rows = RealRows.shared
            let model = try ListHeightModel(
                rowCount: RealRows.count, width: 375, measurer: rows, estimator: .constant(44))
            benchmark.startMeasurement()
            _ = try await withTaskExecutorPreference(DispatchTaskExecutor()) {
                try await model.precompute(maxConcurrency: tasks)
            }
            benchmark.stopMeasurement()
            precondition(model.exactRowCount == RealRows.count)
        }
        // The ceiling: the same rows measured on plain threads, without the model.
        Benchmark(
            "Measure 1,000,000 real English rows on \(tasks) plain thread\(tasks == 1 ? "" : "s") (no model: the precompute's ceiling)",
            configuration: configuration
        ) { benchmark in
            let rows = RealRows.shared
            benchmark.startMeasurement()
            // One thread per task, started together (concurrentPerform may use fewer threads when busy).
            BenchmarkThreads.run(tasks) { thread in
                var sum = 0.0
                for row in stride(from: thread, to: RealRows.count, by: tasks) {
                    sum += try! rows.height(ofRow: row, width: 375)
                }
                blackHole(sum)
            }
        }
    }
    // The same with a measurer of its own per thread (its own style tables: the size differs by
    // 1e-9 pt, which changes no height here). Measured 2026-11-23 before the hot path read the
    // tables through `StyleTableView`: 1 → 2 threads 747 → 386 ms (1.94×) against 749 → 575 ms
    // (1.30×) with one shared measurer, whose tables' reference count the threads contended on.
    // Since then the shared measurer scales as well as this (768 → 403 ms, 1.91×).
    Benchmark(
        "Measure 1,000,000 real English rows on 2 plain threads, a measurer per thread",
        configuration: configuration
    ) { benchmark in
        let rows = RealRows.shared
        let perThread = (0..<2).map { thread in
            RealRows(
                measurer: try! TextMeasurer(style: try! TextStyle.bundled(fontSize: 17 + Double(thread) * 1e-9)),
                bytes: rows.bytes, starts: rows.starts)
        }
        benchmark.startMeasurement()
        BenchmarkThreads.run(2) { thread in
            var sum = 0.0
            for row in stride(from: thread, to: RealRows.count, by: 2) {
                sum += try! perThread[thread].height(ofRow: row, width: 375)
            }
            blackHole(sum)
        }
    }
}
