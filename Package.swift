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
            ],
            // The release `rowheight` links the Swift runtime and Foundation statically (what
            // `swift build --static-swift-stdlib` does, without making every build pass it): the
            // dynamic loader's binding of libswiftCore's and libFoundationEssentials' symbols was
            // about 3-4 ms of a 12-15 ms start-up (issue 10: start-up with a one-row input ≤ 15 ms).
            // The static FoundationEssentials needs its two helper libraries named, and lld, which
            // (unlike gold) does not warn about the `mktemp` it references. Only this executable
            // carries the flags: the library products, which other packages use, have none.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections", "-use-ld=lld"],
                    .when(platforms: [.linux], configuration: .release))
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
