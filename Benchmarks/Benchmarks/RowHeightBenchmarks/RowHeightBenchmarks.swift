import Benchmark
import RowHeight

let benchmarks: @Sendable () -> Void = {
    Benchmark("RowHeight placeholder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }
}
