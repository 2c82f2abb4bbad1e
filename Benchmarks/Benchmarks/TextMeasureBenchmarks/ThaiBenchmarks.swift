import Benchmark
import BenchmarkSupport
import Foundation
import TextMeasure

/// Thai rows, whose words libthai finds by dictionary (issue 11's speed goal: ≥ 300,000 rows/s,
/// one thread): real translations from the th corpus joined to about 100 characters, measured
/// with Noto Sans then Noto Sans Thai, size 17, width 280, in both profiles.
func thaiBenchmarks() {
    let noto = "/usr/share/fonts/truetype/noto/"
    let config = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5))
    let rows = BenchmarkRows.rows("th", count: 10_000, length: 100)
    let chain = try! FontChain(paths: [noto + "NotoSans-Regular.ttf", noto + "NotoSansThai-Regular.ttf"])
    for profile in [LayoutProfile.uikit, .pango] {
        let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: profile))
        Benchmark("Measure height, Thai rows (~100 characters), Noto chain, width 280, size 17, .\(profile)",
                  configuration: config) { benchmark in
            var i = 0
            for _ in benchmark.scaledIterations {
                blackHole(try! measurer.measure(rows[i], width: 280).height)
                i = i == rows.count - 1 ? 0 : i + 1
            }
        }
    }
}
