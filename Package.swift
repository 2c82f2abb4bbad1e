// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RowHeight",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RowHeight", targets: ["RowHeight"]),
        .library(name: "TextMeasure", targets: ["TextMeasure"]),
        .library(name: "LineBreak", targets: ["LineBreak"]),
        .executable(name: "rowheight", targets: ["RowHeightCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // fribidi: UAX #9 embedding levels, as Pango 1.50 resolves them (Pango's own bidi library).
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]
        ),
        // libthai (dlopen'ed on first use; headers from libthai-dev): Thai dictionary line
        // breaks, as Pango 1.50 finds them.
        .target(name: "CLibThai"),
        // ICU's line breaker (dlopen'ed on first use; headers from libicu-dev): dictionary breaks
        // for Lao, Khmer and Myanmar in the .uikit profile.
        .target(name: "CICUBreak"),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Test-only: libpng decodes the PNG files `rowheight render` writes.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .target(name: "LineBreak", exclude: ["Generated/generate.py", "Generated/generate-automaton.sh"]),
        .target(
            name: "TextMeasure",
            dependencies: ["CFreeType", "CFontconfig", "CFriBidi", "CHarfBuzz", "CICUBreak", "CLibThai", "LineBreak"],
            exclude: ["Itemize/Generated/generate.py"]
        ),
        .target(name: "RowHeight", dependencies: ["TextMeasure"]),
        .executableTarget(
            name: "RowHeightCLI",
            dependencies: [
                "RowHeight",
                "LineBreak",
                "TextMeasure",
                "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LineBreakTests",
            dependencies: ["LineBreak"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TextMeasureTests",
            dependencies: ["TextMeasure"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "RowHeightTests", dependencies: ["RowHeight"]),
        .testTarget(name: "RowHeightCLITests", dependencies: ["RowHeightCLI", "CLibPNG"]),
    ],
    swiftLanguageModes: [.v6]
)
