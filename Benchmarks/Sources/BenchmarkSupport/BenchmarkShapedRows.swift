import TextMeasure

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

    /// Measures `rows` at 280 pt with one `measurer` shared by `threads` plain threads (row `i`
    /// on thread `i % threads`, `BenchmarkThreads.run`) and returns the sum of their heights, in
    /// points, when every thread is done: the loop of the shared-measurer benchmarks and of
    /// `MeasureProbe shared1`/`shared2`.
    public static func measure(_ rows: [String], by measurer: TextMeasurer, threads: Int) -> Double {
        let sums = UnsafeMutableBufferPointer<Double>.allocate(capacity: threads)
        defer { sums.deallocate() }
        nonisolated(unsafe) let shared = sums
        BenchmarkThreads.run(threads) { thread in
            var sum = 0.0
            for row in stride(from: thread, to: rows.count, by: threads) {
                sum += try! measurer.measure(rows[row], width: 280).height
            }
            shared[thread] = sum
        }
        return sums.reduce(0, +)
    }
}
