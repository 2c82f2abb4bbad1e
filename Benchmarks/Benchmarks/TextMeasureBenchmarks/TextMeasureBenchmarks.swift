import Benchmark
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark("TextMeasure placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }
}
