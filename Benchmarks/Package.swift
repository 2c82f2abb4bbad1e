// swift-tools-version: 6.1
// Benchmarks for RowHeight, kept in their own package so that library users never build
// package-benchmark. Run from this folder: `swift package benchmark` (all) or
// `swift package benchmark --target LineBreakBenchmarks`.
import PackageDescription

let package = Package(
    name: "RowHeightBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RowHeight", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LineBreakBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LineBreak", package: "RowHeight"),
            ],
            path: "Benchmarks/LineBreakBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TextMeasureBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextMeasure", package: "RowHeight"),
            ],
            path: "Benchmarks/TextMeasureBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RowHeightBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RowHeight", package: "RowHeight"),
            ],
            path: "Benchmarks/RowHeightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
