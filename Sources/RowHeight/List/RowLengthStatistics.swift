/// How many rows of each kind a list has and their mean length (`RowFeatures`), independent of the
/// width: what the learning estimator needs to give a new width one estimate for every row without
/// reading each row's features again.
///
/// Gathered while every row's features are read anyway (building the list's first index), and
/// grown by the rows that batch updates insert or reload. Deleted rows are
/// not taken out (their features are gone by then), so after many deletions the means describe the
/// rows the list had; they only steer estimates.
struct RowLengthStatistics: Sendable, Equatable {
    /// Rows counted, per kind (index = kind; trailing kinds without rows are not stored).
    private(set) var counts: [Double] = []
    /// Σ usable length of those rows, per kind.
    private(set) var lengthSums: [Double] = []

    /// Number of rows counted.
    var rowCount: Double { counts.reduce(0, +) }

    /// Counts one row. O(1) amortized.
    mutating func add(_ features: RowFeatures) {
        let kind = Int(features.kind)
        if counts.count <= kind { grow(to: kind + 1) }
        counts[kind] += 1
        lengthSums[kind] += features.usableLength
    }

    /// Counts the rows of `rows` (`features(ofRow:)` once per row). O(rows.count).
    mutating func add(rows: some Sequence<Int>, of provider: some RowFeatureProviding) {
        for row in rows { add(provider.features(ofRow: row)) }
    }

    /// Values in a tally: row counts of kinds 0 ..< 256, then their length sums.
    static let tallyCount = 512

    /// Adds a tally (`tallyCount` values: `tally[kind]` rows of `kind` whose lengths sum to
    /// `tally[256 + kind]`), as `HeightEstimator.Table.fill` gathers it. O(256).
    mutating func add(tally: UnsafeBufferPointer<Double>) {
        guard let last = tally[0..<256].lastIndex(where: { $0 > 0 }) else { return }
        if counts.count <= last { grow(to: last + 1) }
        for kind in 0...last where tally[kind] > 0 {
            counts[kind] += tally[kind]
            lengthSums[kind] += tally[256 + kind]
        }
    }

    /// The kinds with rows, each with its share of the rows (0 ... 1) and its mean length.
    var kinds: [(kind: UInt8, share: Double, meanLength: Double)] {
        let total = rowCount
        return counts.indices.compactMap { kind in
            let count = counts[kind]
            guard count > 0 else { return nil }
            return (UInt8(kind), count / total, lengthSums[kind] / count)
        }
    }

    private mutating func grow(to kindCount: Int) {
        counts.append(contentsOf: repeatElement(0, count: kindCount - counts.count))
        lengthSums.append(contentsOf: repeatElement(0, count: kindCount - lengthSums.count))
    }
}
