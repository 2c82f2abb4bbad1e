import Benchmark
import BenchmarkSupport
import LineBreak

// Break opportunities over 1 MB of prose per iteration, so throughput (iterations/s) reads as MB/s.
let benchmarks: @Sendable () -> Void = {
    let megabyte = 1_000_000
    for corpus in ["en", "ja"] {
        var prose = BenchmarkRows.prose(corpus, bytes: megabyte)
        let bytes = prose.utf8.count
        Benchmark(
            "Break opportunities, \(corpus == "en" ? "English" : "Japanese") prose (1 MB per iteration, \(bytes) bytes)",
            configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(5))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                prose.withUTF8 { utf8 in
                    var count = 0
                    for opportunity in LineBreakIterator(utf8: utf8) { count &+= opportunity.offset & 1 }
                    blackHole(count)
                }
            }
        }
        Benchmark(
            "Line segments, \(corpus == "en" ? "English" : "Japanese") prose (1 MB per iteration)",
            configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                prose.withUTF8 { utf8 in
                    var count = 0
                    for segment in LineSegmentIterator(utf8: utf8) { count &+= segment.whitespaceStart }
                    blackHole(count)
                }
            }
        }
    }
}
