import Benchmark
import LineBreak

// Line breaking over genuine prose (`Prose.swift`), repeated to about 1 MB of UTF-8 per
// iteration, so the throughput metric (iterations per second) reads directly as MB/s; the exact
// byte count is in each benchmark's name. Run from Benchmarks/:
//   swift package benchmark --target LineBreakBenchmarks
let benchmarks: @Sendable () -> Void = {
    let targetBytes = 1_000_000
    for (language, prose) in [("English", Prose.english), ("Japanese", Prose.japanese)] {
        var text = ""
        while text.utf8.count + prose.utf8.count <= targetBytes { text += prose }
        let bytes = text.utf8.count
        let megabytes = Double(bytes) / 1_000_000
        let name = "\(language) prose, \(bytes) bytes (\(megabytes) MB) per iteration"

        Benchmark(
            "Break opportunities, \(name)",
            configuration: .init(metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(5))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                text.withUTF8 { utf8 in
                    var checksum = 0
                    for opportunity in LineBreakIterator(utf8: utf8) { checksum &+= opportunity.offset }
                    blackHole(checksum)
                }
            }
        }

        Benchmark(
            "Line segments, \(name)",
            configuration: .init(metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(5))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                text.withUTF8 { utf8 in
                    var checksum = 0
                    for segment in LineSegmentIterator(utf8: utf8) { checksum &+= segment.whitespaceStart }
                    blackHole(checksum)
                }
            }
        }

        Benchmark(
            "Grapheme boundaries, \(name)",
            configuration: .init(metrics: [.throughput, .wallClock, .mallocCountTotal], maxDuration: .seconds(5))
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                var checksum = 0
                for boundary in GraphemeBreakIterator(text) { checksum &+= boundary }
                blackHole(checksum)
            }
        }
    }
}
