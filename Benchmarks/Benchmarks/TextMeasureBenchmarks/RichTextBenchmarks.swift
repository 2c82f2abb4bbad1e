import Benchmark
import BenchmarkSupport
import TextMeasure

/// Rich-text rows, one thread (issue 12's goal: ≥ 500,000 rows/s): the chat rows of
/// `BenchmarkChatRows` measured from `AttributedText`, size 17, width 280, in both profiles. Each
/// iteration measures one row (cycling through 10,000), 1,000 a sample (`rowSamples()`).
func richTextBenchmarks() {
    let chain = BenchmarkChatRows.fontChain()
    let rows = BenchmarkChatRows.rows(count: 10_000)
    for profile in LayoutProfile.allCases {
        let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: profile))
        Benchmark("Measure height, rich chat rows (2–3 runs), width 280, size 17, .\(profile)", configuration: rowSamples()) {
            benchmark in
            var i = 0
            for _ in benchmark.scaledIterations {
                blackHole(try! measurer.measure(rows[i], width: 280).height)
                i = i == rows.count - 1 ? 0 : i + 1
            }
        }
    }
    let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17))
    rewrapBenchmark("Re-wrap prepared rich chat rows at a new width", rows.map { try! measurer.prepare($0) }, rowSamples())
}
