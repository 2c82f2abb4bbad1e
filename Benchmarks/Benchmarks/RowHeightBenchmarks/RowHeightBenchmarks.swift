import Benchmark

// RowHeight benchmarks. Run from Benchmarks/:
//   swift package benchmark --target RowHeightBenchmarks
let benchmarks: @Sendable () -> Void = {
    listHeightBenchmarks()
    realRowPrecomputeBenchmarks()
    templateBenchmarks()
}
