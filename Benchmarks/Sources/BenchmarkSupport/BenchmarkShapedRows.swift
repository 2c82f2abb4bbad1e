/// Rows in scripts HarfBuzz shapes that keep missing the word cache: the Arabic, Hindi and Hebrew
/// corpora (real translations) in turn, one word of each row replaced by a pseudo-random number
/// (a fixed seed: the same rows in every run). The command-line benchmarks write them to a file;
/// the threads benchmark measures them in memory.
public enum BenchmarkShapedRows {
    /// The fonts of the shaped rows, in chain order (Debian's `fonts-noto-core`).
    public static let fontPaths = ["NotoSans", "NotoSansArabic", "NotoSansDevanagari", "NotoSansHebrew"].map {
        "/usr/share/fonts/truetype/noto/\($0)-Regular.ttf"
    }

    /// The first `count` rows.
    public static func rows(count: Int) -> [String] {
        let texts = ["ar", "hi", "he"].map { BenchmarkRows.corpus($0).filter { !$0.isEmpty } }
        var random = BenchmarkRandom(state: 7)
        return (0..<count).map { i in
            let corpus = texts[i % 3]
            var words = corpus[random.next(below: corpus.count)].split(separator: " ", omittingEmptySubsequences: false)
                .map(String.init)
            if words.count > 2 {
                words[random.next(below: words.count)] = String(random.next(below: 1_000_000))
            }
            return words.joined(separator: " ")
        }
    }
}
