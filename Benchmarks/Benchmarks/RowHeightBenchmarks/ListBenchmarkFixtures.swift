import BenchmarkSupport
import Foundation
import RowHeight
import Synchronization

/// The lists the list-height benchmarks run on, built once and shared.
enum ListBenchmarkFixtures {
    /// Ten million rows.
    static let rowCount = 10_000_000

    /// A cheap exact height: 22 pt of insets plus 1–7 lines of 20⅓ pt (on the scale-3 pixel grid).
    @Sendable static func height(ofRow row: Int, width: Double) -> Double {
        let lines = (row &* 2_654_435_761 >> 7 & 0x7FFF) % 7 + 1
        return (Double(lines) * 61 + 66) / 3 * (width >= 600 ? 0.75 : 1)
    }

    /// A row measurer that also reports a text length per row (its "row contents", 2 bytes a row).
    struct FeaturedMeasurer: RowFeatureProviding {
        let lengths: [UInt16]
        func height(ofRow row: Int, width: Double) throws -> Double {
            ListBenchmarkFixtures.height(ofRow: row, width: width)
        }
        func features(ofRow row: Int) -> RowFeatures { RowFeatures(length: Double(lengths[row])) }
    }

    static let lengths: [UInt16] = (0..<rowCount).map { UInt16(truncatingIfNeeded: ($0 &* 2_654_435_761 >> 9) % 600) }

    /// A fresh list of `rowCount` estimated rows at width 375.
    static func coldModel(estimator: HeightEstimator = .learned()) -> ListHeightModel {
        try! ListHeightModel(rowCount: rowCount, width: 375, estimator: estimator, height: height)
    }

    private static let exact = Mutex<ListHeightModel?>(nil)

    /// The shared list whose every row is exact at width 375 (built by a precompute on first use).
    static func exactModel() async -> ListHeightModel {
        if let model = exact.withLock({ $0 }) { return model }
        let model = coldModel()
        try! await model.precompute()
        exact.withLock { $0 = model }
        return model
    }

    /// A deterministic pseudo-random sequence (SplitMix64).
    typealias Random = BenchmarkRandom

    /// `count` distinct indices in `0 ..< bound`, ascending.
    static func distinctIndices(_ count: Int, below bound: Int, random: inout Random) -> [Int] {
        var set = Set<Int>()
        while set.count < count { set.insert(random.next(below: bound)) }
        return set.sorted()
    }
}
