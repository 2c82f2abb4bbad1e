import Benchmark
import BenchmarkSupport
import Foundation
import TextMeasure

/// Rows in scripts HarfBuzz shapes (speed goals: Arabic, Hindi and Thai rows of ~100 characters
/// ≥ 300,000 rows/s, one thread; Thai words are also found by libthai's dictionary): real
/// translations from the corpora, joined to about 100 characters, measured with Debian's Noto fonts in a fallback chain (Noto Sans, then the
/// script's font), size 17, width 280, in both profiles.
func scriptBenchmarks() {
    let noto = "/usr/share/fonts/truetype/noto/"
    let config = rowSamples()
    for (name, corpus, font) in [
        ("Arabic", "ar", "NotoSansArabic"), ("Hindi", "hi", "NotoSansDevanagari"), ("Thai", "th", "NotoSansThai"),
    ] {
        let rows = BenchmarkRows.rows(corpus, count: 10_000, length: 100)
        let chain = try! FontChain(paths: [noto + "NotoSans-Regular.ttf", noto + font + "-Regular.ttf"])
        for profile in [LayoutProfile.uikit, .pango] {
            let measurer = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: profile))
            heightBenchmark(
                "Measure height, \(name) rows (~100 characters), Noto chain, width 280, size 17, .\(profile)",
                rows: rows, measurer: measurer, config)
        }
    }
}
