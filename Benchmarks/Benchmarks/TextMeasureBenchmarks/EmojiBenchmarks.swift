import Benchmark
import BenchmarkSupport
import Foundation
import TextMeasure

/// Chat rows with emoji (speed goal: ≥ 800,000 rows/s, one thread): the 1,000 rows of the emoji
/// accuracy corpus (`Tools/corpus/emoji.py`, 79 characters on average: English sentences with ZWJ families, flags, skin
/// tones, VS16 and keycaps placed as people type them), measured with the bundled default chain
/// (DejaVu Sans, IPAexGothic, Noto Color Emoji), size 17, width 280, in both profiles.
func emojiBenchmarks() {
    let rows = BenchmarkRows.corpus("emoji")
    let config = rowSamples()
    for profile in [LayoutProfile.uikit, .pango] {
        let measurer = try! TextMeasurer(style: TextStyle.bundled(fontSize: 17, profile: profile))
        heightBenchmark(
            "Measure height, emoji chat rows, default chain, width 280, size 17, .\(profile)",
            rows: rows, measurer: measurer, config)
    }
}
