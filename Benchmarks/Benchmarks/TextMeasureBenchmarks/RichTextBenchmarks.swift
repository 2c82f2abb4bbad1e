import Benchmark
import BenchmarkSupport
import TextMeasure

/// Rich-text rows, one thread (issue 12's goal: ≥ 500,000 rows/s): chat rows of two or three runs
/// — a bold name, the message (an English row of ~100 characters) and, in two rows of three, a
/// small timestamp — measured from `AttributedText` with DejaVu Sans and its bold face, size 17,
/// width 280, in both profiles. Each iteration measures one row (cycling through 10,000).
func richTextBenchmarks() {
    let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    guard let chain = try? FontChain(paths: [dejaVu + "DejaVuSans.ttf", dejaVu + "DejaVuSans-Bold.ttf"]) else {
        fatalError("install fonts-dejavu-core (Scripts/debian-packages.txt)")
    }
    let names = ["Ann", "Bo", "Chiara", "Dmitri", "Grace Hopper", "Jamal", "Liam O'Brien", "Priya"]
    let messages = BenchmarkRows.rows("en", count: 10_000, length: 100)
    let bold = TextAttributes(weight: 700)
    let small = TextAttributes(fontScale: 1 / 1.2)
    let rows = messages.enumerated().map { i, message in
        let name = names[i % names.count]
        var string = name + " " + message
        var runs: [AttributedText.Run] = [
            .init(utf8Range: 0..<name.utf8.count, attributes: bold),
            .init(utf8Range: name.utf8.count..<string.utf8.count, attributes: .inherited),
        ]
        if i % 3 != 0 {
            let start = string.utf8.count + 1
            string += " \(i % 24):\(10 + i % 50)"
            runs[1].utf8Range = runs[1].utf8Range.lowerBound..<start
            runs.append(.init(utf8Range: start..<string.utf8.count, attributes: small))
        }
        return try! AttributedText(string, runs: runs)
    }
    let config = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5))
    for profile in LayoutProfile.allCases {
        let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: profile))
        Benchmark("Measure height, rich chat rows (2–3 runs), width 280, size 17, .\(profile)", configuration: config) {
            benchmark in
            var i = 0
            for _ in benchmark.scaledIterations {
                blackHole(try! measurer.measure(rows[i], width: 280).height)
                i = i == rows.count - 1 ? 0 : i + 1
            }
        }
    }
    let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17))
    rewrapBenchmark("Re-wrap prepared rich chat rows at a new width", rows.map { try! measurer.prepare($0) }, config)
}
