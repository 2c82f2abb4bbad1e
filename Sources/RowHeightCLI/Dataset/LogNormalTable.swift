#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A log-normal distribution of whole numbers (`Int(exp(mu + sigma × Z))`, Z standard normal) as
/// a table of 4096 equally likely quantiles: drawing is one random index, with no `log`, `cos`
/// or `exp` per draw. The tail reaches the 99.99th percentile.
struct LogNormalTable: Sendable {
    /// The quantiles at probabilities (k + ½) / 4096, k = 0…4095, in increasing order.
    let values: [Int]

    /// The table of `exp(mu + sigma × Z)`, truncated to whole numbers.
    init(mu: Double, sigma: Double) {
        let count = 4096
        var values: [Int] = []
        values.reserveCapacity(count)
        for k in 0..<count {
            let p = (Double(k) + 0.5) / Double(count)
            values.append(Int(exp(mu + sigma * Self.normalQuantile(p))))
        }
        self.values = values
    }

    /// The standard normal quantile of `p` (0 < p < 1), by bisection on `erfc` to 1e-12.
    static func normalQuantile(_ p: Double) -> Double {
        var low = -10.0
        var high = 10.0
        while high - low > 1e-12 {
            let mid = (low + high) / 2
            if 0.5 * erfc(-mid / 2.0.squareRoot()) < p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// Words per English sentence (median 7).
    static let wordsPerSentence = LogNormalTable(mu: 2.0, sigma: 0.5)
    /// Sentences per English row (median 1, long tail).
    static let englishSentences = LogNormalTable(mu: 0.4, sigma: 0.8)
    /// Sentences per Japanese row (median 1, long tail).
    static let japaneseSentences = LogNormalTable(mu: 0.5, sigma: 0.7)
}
