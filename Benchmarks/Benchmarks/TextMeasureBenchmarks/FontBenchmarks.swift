import Benchmark
import TextMeasure

/// Registers the font benchmarks: `FontChain.resolve` for ASCII and Japanese text, the same
/// fallback done font by font (what the flat table saves), kerning lookups, and the one-off
/// costs of loading a font and building a chain.
///
/// The per-scalar benchmarks run one scalar per inner iteration (`scalingFactor: .mega`), so
/// their scaled wall clock reads directly as nanoseconds per scalar.
func fontBenchmarks() {
    let chain = try! FontChain.bundled()
    let ascii = FontBenchmarkText.scalars(
        "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs! 0123456789 "
    )
    let japanese = FontBenchmarkText.scalars(
        "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"
    )
    let perScalar = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .mega, maxDuration: .seconds(2))

    for (name, scalars) in [("ASCII", ascii), ("Japanese", japanese)] {
        Benchmark("FontChain.resolve, \(name) (per scalar)", configuration: perScalar) { benchmark in
            var index = 0
            var sum: Int32 = 0
            for _ in benchmark.scaledIterations {
                sum &+= chain.resolve(scalars[index]).advance
                index = (index + 1) & FontBenchmarkText.mask
            }
            blackHole(sum)
        }

        // The fallback without the chain's table: each font's cmap in turn, then the advance.
        Benchmark("Font-by-font fallback, \(name) (per scalar, baseline)", configuration: perScalar) { benchmark in
            let fonts = chain.fonts
            var index = 0
            var sum: Int32 = 0
            for _ in benchmark.scaledIterations {
                let scalar = scalars[index]
                var advance = fonts[0].advance(of: 0)
                for font in fonts {
                    let glyph = font.glyph(for: scalar)
                    if glyph != 0 {
                        advance = font.advance(of: glyph)
                        break
                    }
                }
                sum &+= advance
                index = (index + 1) & FontBenchmarkText.mask
            }
            blackHole(sum)
        }
    }

    let dejaVu = chain.fonts[0]
    let glyphs = ascii.map { dejaVu.glyph(for: $0) }
    Benchmark("Font.kerning, DejaVu Sans, pairs of ASCII text (per pair)", configuration: perScalar) { benchmark in
        var index = 0
        var sum: Int32 = 0
        for _ in benchmark.scaledIterations {
            let next = (index + 1) & FontBenchmarkText.mask
            sum &+= dejaVu.kerning(glyphs[index], glyphs[next])
            index = next
        }
        blackHole(sum)
    }

    let once = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(3))
    for path in chain.fonts.map(\.path) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        Benchmark("Font(path:) load, \(name)", configuration: once) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! Font(path: path)) }
        }
    }
    Benchmark("FontChain(_:) resolve-table build, DejaVu Sans + IPAexGothic", configuration: once) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! FontChain(chain.fonts)) }
    }
}

/// Benchmark input: a sample text repeated into a fixed-size scalar array, indexed with a
/// mask so the loop does no bounds arithmetic beyond an `&`.
private enum FontBenchmarkText {
    /// The array length (a power of two).
    static let count = 4096
    /// `count − 1`, for wrapping an index.
    static let mask = count - 1

    static func scalars(_ sample: String) -> [Unicode.Scalar] {
        let unit = Array(sample.unicodeScalars)
        return (0..<count).map { unit[$0 % unit.count] }
    }
}
