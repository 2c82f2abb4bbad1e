import Testing

@testable import RowHeight

@Suite struct ReestimateTests {
    @Test func reestimatingUsesWhatWasLearnedAndKeepsTheAnchor() throws {
        let measurer = CountingMeasurer { row, _ in Double(60 + (row % 3) * 30) }  // mean 90
        var list = try ListHeightCore(rowCount: 1_000_000, width: 320, measurer: measurer)
        #expect(list.contentHeight == 44 * 1_000_000)
        let layout = try list.show(Viewport(offset: 44 * 500_000 + 5, height: 900, overscan: 90))
        let anchor = try #require(layout.visibleRows.first)
        let screenTop = try list.offset(ofRow: anchor) - layout.offset
        #expect(list.estimator.sampleCount == layout.measuredRowCount)
        let learned = list.estimator.estimate(forRow: 0, width: 320)
        #expect(abs(learned - 90) < 5)

        let position = list.reestimate()
        #expect(try list.height(ofRow: 10) == (learned * 192).rounded() / 192)
        #expect(try list.height(ofRow: 999_999) == (learned * 192).rounded() / 192)
        #expect(abs((try list.offset(ofRow: anchor) - position.offset) - screenTop) < 1e-9)
        // Exact rows keep their heights; blocks without them are stored uniformly again.
        for row in layout.preparedRows { #expect(try list.isExact(row: row)) }
        #expect(list.allocatedBytes < 1_000_000 / 8)
    }

    @Test func reestimatingFromRowFeatures() throws {
        let lengths = (0..<50_000).map { ($0 * 7919) % 300 }
        let measurer = RowMeasurer(features: { RowFeatures(length: Double(lengths[$0])) }) { row, width in
            20 + 20 * (Double(lengths[row]) * 8 / width).rounded(.up)
        }
        var list = try ListHeightCore(rowCount: 50_000, width: 320, measurer: measurer)
        _ = try list.show(Viewport(offset: 0, height: 3000))
        _ = list.reestimate()
        var error = 0.0
        for row in 10_000..<20_000 {
            error += abs(try list.height(ofRow: row) - (try measurer.height(ofRow: row, width: 320)))
        }
        #expect(error / 10_000 < 12)  // a line's height is 20 pt; a constant 44 is off by ~60 on these rows
    }
}
