// swift-tools-version: 6.1
// Benchmarks for RowHeight, kept in their own package so that library users never build
// package-benchmark. Run from this folder:
//   swift package benchmark                              (all)
//   swift package benchmark --target LineBreakBenchmarks (one suite)
// CommandLineBenchmarks runs the release `rowheight` (built first) and the Pango oracle end to end.
// The Pango comparison links Pango 1.50 (Debian libpango1.0-dev).
import PackageDescription

let package = Package(
    name: "RowHeightBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RowHeight", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .systemLibrary(name: "CPangoFT2", pkgConfig: "pangoft2", providers: [.apt(["libpango1.0-dev"])]),
        .target(name: "PangoReference", dependencies: ["CPangoFT2"]),
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "TextMeasure", package: "RowHeight")]),
        .executableTarget(
            name: "LineBreakBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LineBreak", package: "RowHeight"),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/LineBreakBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TextMeasureBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextMeasure", package: "RowHeight"),
                "BenchmarkSupport", "PangoReference",
            ],
            path: "Benchmarks/TextMeasureBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not a benchmark: the text benchmarks' loops for counting instructions (see its main.swift).
        .executableTarget(
            name: "MeasureProbe",
            dependencies: [.product(name: "TextMeasure", package: "RowHeight"), "BenchmarkSupport"],
            path: "Benchmarks/MeasureProbe"
        ),
        .executableTarget(
            name: "CommandLineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/CommandLineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RowHeightBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RowHeight", package: "RowHeight"),
                .product(name: "TextMeasure", package: "RowHeight"), "BenchmarkSupport",
            ],
            path: "Benchmarks/RowHeightBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
