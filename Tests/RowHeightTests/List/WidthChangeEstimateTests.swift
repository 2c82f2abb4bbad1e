import Synchronization
import Testing

@testable import RowHeight

/// A new width with the learning estimator and row features: every row starts at the learned
/// estimate of the rows' mean length (per kind, weighted by the kinds' shares), stored without
/// per-row data, so the content height is at once what per-row estimates would sum to.
@Suite struct WidthChangeEstimateTests {
    /// Text-like rows of three kinds: 20 pt lines of 8 pt characters plus 10 pt per kind.
    static func height(length: Int, kind: Int, width: Double) -> Double {
        Double(20 + 10 * kind) + 20 * (Double(length) * 8 / width).rounded(.up)
    }

    @Test func aNewWidthStartsAtTheMeanLengthEstimateAndSumsLikePerRowEstimates() throws {
        let rowCount = 300_000  // large enough for the parallel build
        let lengths = (0..<rowCount).map { ($0 * 7919) % 300 }
        let measurer = RowMeasurer(features: { RowFeatures(length: Double(lengths[$0]), kind: UInt8($0 % 3)) }) {
            row, width in Self.height(length: lengths[row], kind: row % 3, width: width)
        }
        var list = try ListHeightCore(rowCount: rowCount, width: 320, measurer: measurer)
        _ = try list.show(Viewport(offset: 0, height: 3000))
        let estimator = list.estimator
        _ = try list.setWidth(640)

        // The one estimate, computed here from the rows' lengths.
        var expected = 0.0
        for kind in 0..<3 {
            let rows = Array(stride(from: kind, to: rowCount, by: 3))
            let mean = Double(rows.reduce(0) { $0 + lengths[$1] }) / Double(rows.count)
            let estimate = estimator.estimate(
                forRow: 0, features: RowFeatures(length: mean, kind: UInt8(kind)), width: 640)
            expected += Double(rows.count) / Double(rowCount) * estimate
        }
        let quantum = 1.0 / 192
        let uniform = try list.height(ofRow: 1000)
        #expect(abs(uniform - expected) <= quantum / 2)
        for row in stride(from: 1, to: rowCount, by: 997) where !(try list.isExact(row: row)) {
            #expect(try list.height(ofRow: row) == uniform)
        }
        #expect(list.exactRowCount == 1)  // the anchor row, measured at the new width
        // Stored without per-row data at the new width.
        let newIndex = try #require(list.cache.entries.first { $0.width == 640 }?.index)
        #expect(Double(newIndex.allocatedBytes) / Double(rowCount) < 0.1)

        // The content height is what the rows' own estimates sum to (the fit is affine in the
        // length and no estimate is clamped here), up to rounding each row to a quantum.
        var perRowSum = try list.height(ofRow: 0)
        for row in 1..<rowCount {
            perRowSum += estimator.estimate(
                forRow: row, features: RowFeatures(length: Double(lengths[row]), kind: UInt8(row % 3)), width: 640)
        }
        #expect(abs(list.contentHeight - perRowSum) <= Double(rowCount) * quantum / 2 + 1e-6 * perRowSum)

        // The first screen is exact; re-estimating gives every other row its own estimate.
        let layout = try list.show(Viewport(offset: 0, height: 900, overscan: 100))
        for row in layout.preparedRows {
            #expect(try list.height(ofRow: row) == Self.height(length: lengths[row], kind: row % 3, width: 640))
        }
        _ = list.reestimate()
        let learned = list.estimator
        for row in stride(from: layout.preparedRows.upperBound, to: rowCount, by: 1009) {
            let own = learned.estimate(
                forRow: row, features: RowFeatures(length: Double(lengths[row]), kind: UInt8(row % 3)), width: 640)
            #expect(abs(try list.height(ofRow: row) - own) <= quantum / 2)
        }
    }

    @Test func insertedRowsCountTowardsTheNextWidthsEstimate() throws {
        let lengths = Lengths((0..<1000).map { $0 % 2 == 0 ? 0.0 : 100 })  // mean 50
        let measurer = RowMeasurer(features: { row in RowFeatures(length: lengths[row]) }) { row, width in
            Self.height(length: Int(lengths[row]), kind: 0, width: width)
        }
        var list = try ListHeightCore(rowCount: 1000, width: 320, measurer: measurer)
        _ = try list.show(Viewport(offset: 0, height: 2000))
        lengths.append(repeatElement(400, count: 1000))
        _ = try list.performBatchUpdates(ListUpdate(insertions: Array(1000..<2000)))
        // The inserted rows got their own estimates.
        let estimator = list.estimator
        let long = estimator.estimate(forRow: 0, features: RowFeatures(length: 400), width: 320)
        #expect(abs(try list.height(ofRow: 1500) - long) <= 1.0 / 384)

        _ = try list.setWidth(500)
        // (1000 × 50 + 1000 × 400) / 2000 = 225.
        let mean = estimator.estimate(forRow: 0, features: RowFeatures(length: 225), width: 500)
        let shortMean = estimator.estimate(forRow: 0, features: RowFeatures(length: 50), width: 500)
        #expect(mean > shortMean + 20)  // the learned slope makes the difference visible
        #expect(abs(try list.height(ofRow: 1200) - mean) <= 1.0 / 384)
    }

    /// Row lengths that a test changes while the measurer reads them.
    final class Lengths: Sendable {
        private let values: Mutex<[Double]>
        init(_ values: [Double]) { self.values = Mutex(values) }
        subscript(row: Int) -> Double { values.withLock { $0[row] } }
        func append(_ more: some Sequence<Double>) { values.withLock { $0.append(contentsOf: more) } }
    }

    /// A per-row closure is still asked about every row at a new width.
    @Test func aPerRowEstimatorStillEstimatesEveryRow() throws {
        var list = try ListHeightCore(
            rowCount: 10_000, width: 320, measurer: RowMeasurer { _, _ in 30 },
            estimator: .perRow { row, width in Double(row % 5) * 10 + width / 32 })
        _ = try list.setWidth(640)
        for row in [1, 2, 3, 4, 5, 9_999] { #expect(try list.height(ofRow: row) == Double(row % 5) * 10 + 20) }
    }
}
