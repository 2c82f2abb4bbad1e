import Benchmark
import BenchmarkSupport
import Foundation
import PangoReference
import TextMeasure

// Each iteration measures one row (cycling through 10,000), 1,000 iterations a sample
// (`rowSamples()`), so throughput reads as rows/s and wall clock as time per row. The speed
// targets (issue 3 §6, one thread, bundled fonts, size 17, `.uikit`): English rows ≥ 1,000,000 rows/s; Japanese rows ≥ 700,000 rows/s; re-wrapping a
// prepared text ≤ 0.1 µs per row; Pango's rows/s on the same English rows are measured in the same
// run. (The end-to-end target — `rowheight measure` ≥ 40× faster than the Pango oracle on 60,000
// rows — is timed on the command line, see README.)
let benchmarks: @Sendable () -> Void = {
    fontBenchmarks()
    scriptBenchmarks()
    richTextBenchmarks()
    emojiBenchmarks()
    sharedMeasurerBenchmarks()
    let english = BenchmarkRows.rows("en", count: 10_000, length: 150)
    let japanese = BenchmarkRows.rows("ja", count: 10_000, length: 90)
    let style = try! TextStyle.bundled(fontSize: 17)
    let measurer = try! TextMeasurer(style: style)
    let config = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5))

    for (name, rows) in [("English rows (~150 characters)", english), ("Japanese rows (~90 characters)", japanese)] {
        heightBenchmark("Measure height, \(name), width 280, size 17", rows: rows, measurer: measurer, rowSamples())
    }

    // A re-wrap takes less time than the harness spends around each sample (reading the clock
    // and the malloc counters: the empty benchmark below), which `rowSamples()` spreads over
    // 1,000 re-wraps.
    rewrapBenchmark("Re-wrap prepared English rows at a new width", english.map { measurer.prepare($0) }, rowSamples())
    // One iteration a sample: what the harness adds around each sample.
    Benchmark("Benchmark harness: an empty iteration (the floor of every one-row sample)", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }

    Benchmark("Prepare English rows", configuration: rowSamples()) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(measurer.prepare(english[i]).segmentCount)
            i = i == english.count - 1 ? 0 : i + 1
        }
    }

    // The same rows through Pango 1.50 (the accuracy oracle's set-up) and RowHeight's Pango
    // profile, single font as the oracle uses, in the same run.
    let dejaVu = BenchmarkRows.repositoryRoot.appendingPathComponent("fonts/DejaVuSans.ttf").path
    let pangoStyle = TextStyle(fontChain: try! FontChain(paths: [dejaVu]), fontSize: 17, profile: .pango)
    let pangoProfile = try! TextMeasurer(style: pangoStyle)
    let englishUTF8 = english.map { Array($0.utf8) }
    Benchmark("Pango 1.50 oracle, English rows, width 280, size 17", configuration: config) { benchmark in
        // Setting Pango up and loading the font (on the first layout) take milliseconds: outside
        // the measurement.
        guard let pango = pango_reference_new(dejaVu, 17, 280, 0) else { fatalError("Pango cannot load \(dejaVu)") }
        defer { pango_reference_free(pango) }
        for row in englishUTF8.prefix(100) {
            row.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { blackHole(pango_reference_line_count(pango, $0.baseAddress, Int32($0.count))) }
            }
        }
        var i = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let count = englishUTF8[i].withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { pango_reference_line_count(pango, $0.baseAddress, Int32($0.count)) }
            }
            blackHole(count)
            i = i == englishUTF8.count - 1 ? 0 : i + 1
        }
        benchmark.stopMeasurement()
    }
    Benchmark("RowHeight .pango profile, English rows, width 280, size 17", configuration: rowSamples()) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(try! pangoProfile.measure(english[i], width: 280).lineCount)
            i = i == english.count - 1 ? 0 : i + 1
        }
    }
}

/// The configuration of the benchmarks that measure one row per iteration: 1,000 iterations a
/// sample, times and malloc counts given per row (`scalingFactor: .kilo`). The harness spends
/// 50–80 ns around every sample (reading the clock and the malloc counters: "an empty
/// iteration"), 5–8 % of an English row's time; with one row a sample that cost was counted
/// as the row's, with 1,000 it is spread over them, as a user measuring a list sees it.
func rowSamples() -> Benchmark.Configuration {
    Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(5))
}

/// Measures the height of each row in turn at 280 pt (one row per iteration).
func heightBenchmark(_ name: String, rows: [String], measurer: TextMeasurer, _ configuration: Benchmark.Configuration) {
    Benchmark(name, configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(try! measurer.measure(rows[i], width: 280).height)
            i = i == rows.count - 1 ? 0 : i + 1
        }
    }
}

/// Re-wraps each prepared text in turn at a width that moves by 1 pt per row (200–400 pt).
func rewrapBenchmark(_ name: String, _ prepared: [PreparedText], _ configuration: Benchmark.Configuration) {
    Benchmark(name, configuration: configuration) { benchmark in
        var i = 0
        var width = 200.0
        for _ in benchmark.scaledIterations {
            blackHole(try! prepared[i].measure(width: width).lineCount)
            i = i == prepared.count - 1 ? 0 : i + 1
            width = width == 400 ? 200 : width + 1
        }
    }
}
