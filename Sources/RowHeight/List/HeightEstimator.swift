/// How rows that have not been measured get a height: a constant (UIKit's `estimatedRowHeight`),
/// a closure per row, or — the default — a fit learned from the rows measured so far.
///
/// The learning estimator starts at a constant and, as rows are measured, fits
/// `height ≈ a + b × length / width` by least squares per row kind (see `RowFeatures`), so long
/// texts are estimated tall and short ones short, and a new width is estimated from what other
/// widths taught. A kind without samples uses the fit over all kinds. Without feature-providing
/// rows it learns the mean measured height. At a new width a list first gives every row the
/// estimate of the rows' mean length and leaves per-row estimates to `ListHeightCore.reestimate()`
/// (see `ListHeightCore.setWidth(_:)`).
public struct HeightEstimator: Sendable {
    enum Strategy: Sendable {
        case constant(Double)
        case perRow(@Sendable (_ row: Int, _ width: Double) -> Double)
        case learned(initial: Double)
    }

    let strategy: Strategy
    /// Per-kind fits of height against length / width (index = kind).
    private var fits: [LinearFit] = []
    /// The fit over all kinds.
    private var pooled = LinearFit()

    private init(_ strategy: Strategy) { self.strategy = strategy }

    /// Every unmeasured row is `height` points tall.
    public static func constant(_ height: Double) -> HeightEstimator { HeightEstimator(.constant(height)) }

    /// Unmeasured rows are as tall as `estimate(row, width)` says (points). Called for every
    /// unmeasured row when estimates are built, so it should be O(1).
    public static func perRow(
        _ estimate: @escaping @Sendable (_ row: Int, _ width: Double) -> Double
    ) -> HeightEstimator {
        HeightEstimator(.perRow(estimate))
    }

    /// Learns from measured rows, starting at `initial` points before the first measurement.
    public static func learned(startingAt initial: Double = 44) -> HeightEstimator {
        HeightEstimator(.learned(initial: initial))
    }

    /// Number of measured rows learned from.
    public var sampleCount: Int { Int(pooled.count) }

    /// Whether this estimator learns from measurements.
    var learns: Bool {
        if case .learned = strategy { return true }
        return false
    }

    /// The estimate for a row, in points (≥ 0; never NaN unless a per-row closure returns NaN).
    ///
    /// - Complexity: O(1).
    public func estimate(forRow row: Int, features: RowFeatures = RowFeatures(), width: Double) -> Double {
        switch strategy {
        case .constant(let height):
            return height
        case .perRow(let estimate):
            return estimate(row, width)
        case .learned(let initial):
            guard let (intercept, slope) = affine(kind: features.kind, width: width) else { return initial }
            let length = features.usableLength
            return Swift.max(0, intercept + slope * length)
        }
    }

    /// One estimate for all rows described by `lengths`, in points: the share-weighted mean over
    /// their kinds of the estimate of a row of the kind's mean length. Without per-row features (or
    /// counted rows) it is the estimate of a default row.
    ///
    /// - Complexity: O(kinds).
    func meanEstimate(over lengths: RowLengthStatistics, width: Double) -> Double {
        let kinds = lengths.kinds
        guard !kinds.isEmpty else { return estimate(forRow: 0, width: width) }
        return kinds.reduce(0) { sum, kind in
            let row = RowFeatures(length: kind.meanLength, kind: kind.kind)
            return sum + kind.share * estimate(forRow: 0, features: row, width: width)
        }
    }

    /// The learned estimate of a `kind` at `width` as an affine function of the row's length, before
    /// clamping at 0: `intercept + slope × length` (points), or nil before any sample. The estimate
    /// is `max(0, that)`.
    func affine(kind: UInt8, width: Double) -> (intercept: Double, slope: Double)? {
        let fit = Int(kind) < fits.count && fits[Int(kind)].count > 0 ? fits[Int(kind)] : pooled
        guard let (intercept, slope) = fit.coefficients else { return nil }
        return (intercept, slope / width)
    }

    /// Learns that a row with `features` is `height` points tall at `width` (a no-op unless
    /// learning). O(1).
    public mutating func learn(height: Double, features: RowFeatures = RowFeatures(), width: Double) {
        guard learns else { return }
        var samples = Samples()
        samples.add(height: height, features: features, width: width)
        learn(samples)
    }

    /// Learns a batch of samples (e.g. gathered by a precompute worker). O(kinds).
    mutating func learn(_ samples: Samples) {
        guard learns else { return }
        if fits.count < samples.fits.count {
            fits.append(contentsOf: repeatElement(LinearFit(), count: samples.fits.count - fits.count))
        }
        for (kind, fit) in samples.fits.enumerated() where fit.count > 0 {
            fits[kind].merge(fit)
            pooled.merge(fit)
        }
    }

    /// The x of the fit: length per point of width.
    @inline(__always)
    static func feature(_ features: RowFeatures, width: Double) -> Double {
        let length = features.usableLength
        return length / width
    }

    /// Measured rows gathered for learning, per kind.
    struct Samples: Sendable {
        var fits: [LinearFit] = []
        var isEmpty: Bool { fits.isEmpty }

        mutating func add(height: Double, features: RowFeatures, width: Double) {
            let kind = Int(features.kind)
            if fits.count <= kind { fits.append(contentsOf: repeatElement(LinearFit(), count: kind + 1 - fits.count)) }
            fits[kind].add(x: HeightEstimator.feature(features, width: width), y: height)
        }
    }
}
