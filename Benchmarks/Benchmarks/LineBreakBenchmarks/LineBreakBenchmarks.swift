import Benchmark
import LineBreak

let benchmarks: @Sendable () -> Void = {
    Benchmark("LineBreak placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }
}
