// swift-tools-version: 6.1
// libFuzzer targets for RowHeight, kept in their own package so that library users never build
// them. Build and run through `Scripts/fuzz` (it passes `-sanitize=fuzzer,address` and
// `-parse-as-library`; a plain `swift build` here cannot link the targets: libFuzzer owns `main`).
//
// `CLIReaders` compiles the command-line tool's readers (`Sources/RowHeightCLI/IO/`, an executable
// target that cannot be depended on) from symbolic links to those files, so the fuzzed code is
// the tool's own, with nothing moved.
import PackageDescription

let package = Package(
    name: "RowHeightFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RowHeight", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        .target(name: "CLIReaders"),
        .executableTarget(name: "FuzzJSONLines", dependencies: ["CLIReaders", "FuzzSupport"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["CLIReaders", "FuzzSupport"]),
        .executableTarget(
            name: "FuzzTemplate",
            dependencies: [
                .product(name: "RowHeight", package: "RowHeight"),
                .product(name: "TextMeasure", package: "RowHeight"), "FuzzSupport",
            ]
        ),
        .executableTarget(
            name: "FuzzFont", dependencies: [.product(name: "TextMeasure", package: "RowHeight"), "FuzzSupport"]),
        .executableTarget(
            name: "FuzzMarkup", dependencies: [.product(name: "TextMeasure", package: "RowHeight"), "FuzzSupport"]),
        .executableTarget(
            name: "FuzzBidi", dependencies: [.product(name: "TextMeasure", package: "RowHeight"), "FuzzSupport"]),
        .executableTarget(
            name: "FuzzLineBreak", dependencies: [.product(name: "LineBreak", package: "RowHeight"), "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
