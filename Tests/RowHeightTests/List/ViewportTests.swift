import Testing

@testable import RowHeight

@Suite struct ViewportTests {
    /// Rows 30, 40, 50, 60, 70 pt tall in turn.
    static let cyclic: @Sendable (Int, Double) -> Double = { row, _ in Double(30 + (row % 5) * 10) }

    @Test func measuresExactlyTheUnmeasuredRowsItShows() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 1000, width: 320, measurer: measurer, estimator: .constant(44))
        let layout = try list.show(Viewport(offset: 0, height: 500, overscan: 100))
        #expect(layout.offset == 0)
        // 30+40+50+60+70 = 250 per 5 rows: the 600 pt prepared area holds rows 0..<13 (row 12 spans 570 ..< 620).
        #expect(layout.preparedRows == 0..<13)
        #expect(layout.visibleRows == 0..<10)
        #expect(Set(measurer.rowsMeasured) == Set(0..<13))
        #expect(measurer.callCount == 13)
        #expect(layout.measuredRowCount == 13)
        for row in layout.preparedRows { #expect(try list.isExact(row: row)) }
        #expect(try !list.isExact(row: 13))
        #expect(list.contentHeight == Double(620 + 987 * 44))

        // Showing it again measures nothing; scrolling measures only the rows that come into view.
        measurer.reset()
        _ = try list.show(Viewport(offset: 0, height: 500, overscan: 100))
        #expect(measurer.callCount == 0)
        let scrolled = try list.show(Viewport(offset: 250, height: 500, overscan: 100))
        #expect(scrolled.offset == 250)
        // 150 ..< 850: rows 3 (120 ..< 180) to 17 (820 ..< 870).
        #expect(Set(measurer.rowsMeasured) == Set(13..<18))
        #expect(scrolled.preparedRows == 3..<18)
    }

    @Test func theFirstVisibleRowKeepsItsPlaceOnScreen() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 10_000, width: 320, measurer: measurer, estimator: .constant(44))
        // Jump into the middle: row 5000 starts at 220 000 pt (all estimates); the user sees it 10 pt scrolled past.
        let offset = 5000 * 44.0 + 10
        let layout = try list.show(Viewport(offset: offset, height: 600, overscan: 300))
        #expect(layout.anchorRow == 5000)
        // Rows above were measured (overscan) and changed height, yet row 5000 is still 10 pt above the top.
        #expect(try layout.offset - list.offset(ofRow: 5000) == 10)
        #expect(layout.offset != offset)
        #expect(try list.isExact(row: 4995))
        #expect(try !list.isExact(row: 4980))
        for row in layout.preparedRows { #expect(try list.isExact(row: row)) }
    }

    @Test func theLayoutReportsHowFarTheMeasuredRowsEstimatesWereOff() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 100, width: 320, measurer: measurer, estimator: .constant(44))
        let layout = try list.show(Viewport(offset: 0, height: 250))
        // Rows 0…4 (30, 40, 50, 60, 70) against 44 each: 14 + 4 + 6 + 16 + 26.
        #expect(layout.measuredRowCount == 5)
        #expect(layout.estimateError == 66)
        // Nothing measured, nothing off.
        #expect(try list.show(Viewport(offset: 0, height: 250)).estimateError == 0)
        // Rows above the anchor count too: rows 10…19 from the anchor down, 5…9 in the overscan above.
        let jumped = try list.show(Viewport(offset: 10 * 44, height: 250, overscan: 250))
        #expect(jumped.measuredRowCount == 15)
        #expect(jumped.estimateError == 3 * 66)
    }

    @Test func rowsThatShrinkExposeMoreRowsAndAllAreMeasured() throws {
        let measurer = CountingMeasurer { _, _ in 20 }
        var list = try ListHeightCore(rowCount: 500, width: 320, measurer: measurer, estimator: .constant(200))
        let layout = try list.show(Viewport(offset: 0, height: 400))
        #expect(layout.visibleRows == 0..<20)
        #expect(measurer.callCount == 20)
        for row in 0..<20 { #expect(try list.isExact(row: row)) }
        #expect(try !list.isExact(row: 20))
    }

    @Test func rowsThatGrowNeedFewerRows() throws {
        let measurer = CountingMeasurer { _, _ in 100 }
        var list = try ListHeightCore(rowCount: 500, width: 320, measurer: measurer, estimator: .constant(10))
        let layout = try list.show(Viewport(offset: 0, height: 400))
        #expect(layout.visibleRows == 0..<4)
        #expect(measurer.callCount == 4)
    }

    @Test func offsetsOutsideTheContentAnchorTheFirstOrLastRow() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 100, width: 320, measurer: measurer, estimator: .constant(44))
        let bounced = try list.show(Viewport(offset: -50, height: 300))
        #expect(bounced.offset == -50)
        #expect(bounced.anchorRow == 0)
        #expect(bounced.visibleRows == 0..<5)  // −50 ..< 250 covers rows 0…4 (0 ..< 250)
        let beyond = try list.show(Viewport(offset: 1_000_000, height: 300))
        #expect(beyond.anchorRow == 99)
        #expect(beyond.visibleRows.isEmpty)
        #expect(try list.isExact(row: 99))
    }

    @Test func aZeroHeightViewportMeasuresOnlyItsAnchor() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 100, width: 320, measurer: measurer, estimator: .constant(44))
        let layout = try list.show(Viewport(offset: 100, height: 0))
        #expect(measurer.rowsMeasured == [2])
        #expect(layout.visibleRows.isEmpty)
    }

    @Test func anEmptyListShowsNothing() throws {
        let measurer = CountingMeasurer(Self.cyclic)
        var list = try ListHeightCore(rowCount: 0, width: 320, measurer: measurer)
        let layout = try list.show(Viewport(offset: 0, height: 500, overscan: 50))
        #expect(layout.visibleRows == 0..<0)
        #expect(layout.contentHeight == 0)
        #expect(layout.anchorRow == nil)
        #expect(measurer.callCount == 0)
    }

    @Test func badViewportsAndFailingMeasurersThrowAndChangeNothing() throws {
        var list = try ListHeightCore(
            rowCount: 100, width: 320,
            measurer: RowMeasurer { row, _ in
                if row == 5 { throw TestError.broken }
                return row == 8 ? -3 : 25
            }, estimator: .constant(44))
        #expect(throws: ListHeightError.self) { try list.show(Viewport(offset: .nan, height: 100)) }
        #expect(throws: ListHeightError.self) { try list.show(Viewport(offset: 0, height: -1)) }
        #expect(throws: ListHeightError.self) { try list.show(Viewport(offset: 0, height: 100, overscan: .infinity)) }
        do {
            _ = try list.show(Viewport(offset: 0, height: 500))
            Issue.record("expected a measurement failure")
        } catch {
            guard case .measurementFailed(let row, let width, let underlying) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(row == 5)
            #expect(width == 320)
            #expect(underlying as? TestError == .broken)
        }
        #expect(list.exactRowCount == 0)
        do {
            _ = try list.show(Viewport(offset: 44 * 7, height: 100))
            Issue.record("expected an invalid height")
        } catch {
            guard case .invalidHeight(let row, _, let height) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(row == 8)
            #expect(height == -3)
        }
    }

    @Test func anOffsetFromAnOlderLayoutIsCarriedAlongWithTheAnchor() throws {
        let rows = TestRows(count: 5000)
        let model = try ListHeightModel(rowCount: 5000, width: 320, measurer: rows, estimator: .constant(44))
        let first = try model.show(Viewport(offset: 44 * 3000 + 7, height: 600))
        let anchorRow = first.anchorRow!
        let screenTop = try model.offset(ofRow: anchorRow) - first.offset
        // A precompute replaces every estimate above the viewport.
        try model.withCore { core throws(ListHeightError) in
            while let job = core.nextPrecomputeJob(limit: 512), job.rows[0] < 2500 {
                var entries: [UInt32] = []
                for row in job.rows {
                    entries.append(try ListHeightCore.measureEntry(rows, row: row, width: job.width))
                }
                core.applyPrecomputed(job, entries: entries, samples: .init())
            }
        }
        #expect(try model.isExact(row: 100))
        // The caller scrolled 5 pt since the first layout; the model keeps the anchor row where the user saw it.
        let next = try model.show(Viewport(offset: first.offset + 5, height: 600, version: first.version))
        #expect(next.version != first.version)
        #expect(abs((try model.offset(ofRow: anchorRow) - next.offset) - (screenTop - 5)) < 1e-9)
        // Without the version, the offset is taken as is.
        let raw = try model.show(Viewport(offset: first.offset, height: 600))
        #expect(raw.offset == first.offset)
    }

    @Test func scrollPositionFollowsBackgroundChanges() throws {
        let rows = TestRows(count: 3000)
        var list = try ListHeightCore(rowCount: 3000, width: 320, measurer: rows, estimator: .constant(44))
        #expect(list.scrollPosition().offset == 0)
        let layout = try list.show(Viewport(offset: 44 * 2000, height: 500))
        let anchor = layout.anchorRow!
        let before = try list.offset(ofRow: anchor) - layout.offset
        _ = try list.show(Viewport(offset: 0, height: 44 * 1000))  // measures rows above the old anchor
        let position = list.scrollPosition()
        #expect(position.anchorRow == 1)  // row 0 has zero height
        _ = try list.show(Viewport(offset: layout.offset, height: 500))
        // Moved: a raw offset (without the layout's version) is not carried along.
        #expect(abs(before - (try list.offset(ofRow: anchor) - layout.offset)) > 1)
    }
}
