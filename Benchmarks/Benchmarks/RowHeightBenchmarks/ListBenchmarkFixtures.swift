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
    struct Random {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// `count` distinct indices in `0 ..< bound`, ascending.
    static func distinctIndices(_ count: Int, below bound: Int, random: inout Random) -> [Int] {
        var set = Set<Int>()
        while set.count < count { set.insert(random.next(below: bound)) }
        return set.sorted()
    }
}
