import Testing

@testable import RowHeight

@Suite struct WidthCacheTests {
    /// Rows are taller at narrower widths: 3000 / width lines of 20 pt.
    static let byWidth: @Sendable (Int, Double) -> Double = { row, width in
        Double(Int((Double(row % 7 + 1) * 3000 / width).rounded(.up))) * 20
    }

    @Test func turningBackToACachedWidthMeasuresNothing() throws {
        let measurer = CountingMeasurer(Self.byWidth)
        var list = try ListHeightCore(rowCount: 1000, width: 320, measurer: measurer, estimator: .constant(44))
        _ = try list.show(Viewport(offset: 0, height: 800))
        let portraitHeights = try (0..<20).map { try list.height(ofRow: $0) }
        let portraitExact = list.exactRowCount

        _ = try list.setWidth(640)
        #expect(list.width == 640)
        // Only the anchor row is measured at the new width so far; the rest are estimates.
        #expect(list.exactRowCount == 1)
        #expect(try list.height(ofRow: 0) == Self.byWidth(0, 640))
        #expect(try list.height(ofRow: 1) == 44)
        measurer.reset()
        let landscape = try list.show(Viewport(offset: 0, height: 400))
        #expect(measurer.callCount > 0)  // the first screen at the new width is measured at once
        #expect(measurer.callCount == landscape.measuredRowCount)
        for row in landscape.visibleRows { #expect(try list.height(ofRow: row) == Self.byWidth(row, 640)) }

        measurer.reset()
        _ = try list.setWidth(320)
        _ = try list.show(Viewport(offset: 0, height: 800))
        #expect(measurer.callCount == 0)
        #expect(list.exactRowCount == portraitExact)
        #expect(try (0..<20).map { try list.height(ofRow: $0) } == portraitHeights)
        #expect(list.cachedWidths == [320, 640])
    }

    @Test func theLeastRecentlyUsedWidthIsEvicted() throws {
        let measurer = CountingMeasurer(Self.byWidth)
        var list = try ListHeightCore(
            rowCount: 100, width: 100, measurer: measurer, estimator: .constant(44), widthCacheCapacity: 3)
        for width in [100.0, 200, 300, 200, 400] {
            _ = try list.setWidth(width)
            _ = try list.show(Viewport(offset: 0, height: 300))
        }
        // 100 was used least recently when 400 arrived.
        #expect(list.cachedWidths == [400, 200, 300])
        measurer.reset()
        _ = try list.setWidth(300)
        _ = try list.show(Viewport(offset: 0, height: 300))
        #expect(measurer.callCount == 0)
        _ = try list.setWidth(100)
        #expect(list.exactRowCount == 1)  // only the anchor row again
        #expect(list.cachedWidths == [100, 300, 400])
    }

    @Test func aWidthChangeKeepsTheAnchorRowAndItsScrolledFraction() throws {
        let measurer = CountingMeasurer(Self.byWidth)
        var list = try ListHeightCore(rowCount: 1000, width: 300, measurer: measurer, estimator: .constant(44))
        let layout = try list.show(Viewport(offset: 5000, height: 600))
        let anchor = try #require(layout.visibleRows.first)
        let fraction = (layout.offset - (try list.offset(ofRow: anchor))) / (try list.height(ofRow: anchor))
        let position = try list.setWidth(600)
        #expect(position.anchorRow == anchor)
        let after = try list.show(Viewport(offset: position.offset, height: 600))
        let newFraction = (after.offset - (try list.offset(ofRow: anchor))) / (try list.height(ofRow: anchor))
        #expect(abs(newFraction - fraction) < 1e-9)
        #expect(after.visibleRows.first == anchor)
    }

    @Test func invalidWidthsAndCapacitiesThrow() throws {
        let measurer = CountingMeasurer(Self.byWidth)
        #expect(throws: ListHeightError.self) { try ListHeightCore(rowCount: 1, width: 0, measurer: measurer) }
        #expect(throws: ListHeightError.self) { try ListHeightCore(rowCount: 1, width: .nan, measurer: measurer) }
        #expect(throws: ListHeightError.self) { try ListHeightCore(rowCount: -1, width: 10, measurer: measurer) }
        #expect(throws: ListHeightError.self) {
            try ListHeightCore(rowCount: 1, width: 10, measurer: measurer, widthCacheCapacity: 0)
        }
        var list = try ListHeightCore(rowCount: 1, width: 10, measurer: measurer)
        #expect(throws: ListHeightError.self) { try list.setWidth(-5) }
        #expect(throws: ListHeightError.self) { try list.setWidth(.infinity) }
        #expect(list.width == 10)
    }

    @Test func learnedEstimatesCarryOverToANewWidth() throws {
        // Text rows: height = 22 + 20 × ceil(length × 8.6 / (width − 32)).
        let lengths = (0..<2000).map { ($0 * 7919) % 400 + 5 }
        let measurer = RowMeasurer(features: { RowFeatures(length: Double(lengths[$0])) }) { row, width in
            22 + 20 * (Double(lengths[row]) * 8.6 / (width - 32)).rounded(.up)
        }
        var list = try ListHeightCore(rowCount: 2000, width: 375, measurer: measurer)
        _ = try list.show(Viewport(offset: 0, height: 2000))
        #expect(list.estimator.sampleCount > 10)
        _ = try list.setWidth(750)
        // At once every unmeasured row has the learned estimate of the mean length at the new width,
        // so the content height (the scroll bar) follows length / width, not a constant.
        let actual = try (0..<2000).map { try measurer.height(ofRow: $0, width: 750) }
        let actualTotal = actual.reduce(0, +)
        #expect(abs(list.contentHeight - actualTotal) < abs(44 * 2000 - actualTotal) / 10)
        // Re-estimated, every unmeasured row is estimated from its own length / width.
        _ = list.reestimate()
        var estimateError = 0.0
        var constantError = 0.0
        for row in 1000..<2000 {
            estimateError += abs(try list.height(ofRow: row) - actual[row])
            constantError += abs(44 - actual[row])
        }
        #expect(estimateError < constantError / 3)
    }
}
