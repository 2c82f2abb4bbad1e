import Testing

@testable import RowHeight

/// Random sequences of viewports, batch updates, width changes and re-estimates, checked step by
/// step against the naive reference model — heights at every cached width, offsets, ranges,
/// measurement counts — and against the anchoring invariant: the first visible row never moves on
/// screen.
@Suite struct RandomOperationTests {
    /// With per-row estimates by identity (which never change).
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomOperationsMatchTheReference(seed: UInt64) throws {
        let rows = TestRows(count: 400)
        let list = try ListHeightCore(
            rowCount: 400, width: 320, measurer: rows, estimator: testEstimator(rows), widthCacheCapacity: 3)
        let reference = ReferenceList(rows: rows.rows, width: 320, capacity: 3, estimate: testEstimateQuanta)
        try run(seed: seed, rows: rows, list: list, reference: reference, learned: nil)
    }

    /// With the default learning estimator reading row lengths (`TestRows`: identity mod 50): rows
    /// get the learned estimate of their own length when the list is built, inserted, reloaded or
    /// re-estimated, and every row the learned estimate of the mean length at a new width.
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func randomOperationsWithLearnedEstimatesFromRowLengthsMatchTheReference(seed: UInt64) throws {
        let rows = TestRows(count: 400)
        let list = try ListHeightCore(rowCount: 400, width: 320, measurer: rows, widthCacheCapacity: 3)
        let learned = LearnedReference(estimator: list.estimator, lengths: rows.ids.map { Double($0 % 50) })
        let reference = ReferenceList(
            rows: rows.rows, width: 320, capacity: 3,
            estimate: { id, width in learned.estimateQuanta(length: Double(id % 50), width: width) },
            newWidthEstimate: { width in learned.estimateQuanta(length: learned.meanLength, width: width) })
        try run(seed: seed, rows: rows, list: list, reference: reference, learned: learned)
    }

    /// What the reference knows of the learning estimator: a snapshot of the list's (taken before
    /// each operation that assigns estimates) and the row lengths a new width is estimated from —
    /// every row the list was built with, then every inserted or reloaded row (deleted rows stay
    /// counted, as `RowLengthStatistics` documents).
    final class LearnedReference {
        var estimator: HeightEstimator
        var lengthSum: Double
        var lengthCount: Double

        init(estimator: HeightEstimator, lengths: [Double]) {
            self.estimator = estimator
            lengthSum = lengths.reduce(0, +)
            lengthCount = Double(lengths.count)
        }

        var meanLength: Double { lengthSum / lengthCount }

        func count(length: Double) {
            lengthSum += length
            lengthCount += 1
        }

        func estimateQuanta(length: Double, width: Double) -> Int {
            let points = estimator.estimate(forRow: 0, features: RowFeatures(length: length), width: width)
            return Int((points * 192).rounded())
        }
    }

    func run(
        seed: UInt64, rows: TestRows, list: ListHeightCore, reference: ReferenceList, learned: LearnedReference?
    ) throws {
        var list = list
        var reference = reference
        var generator = SeededGenerator(seed: seed)
        var nextID = 1000
        var scrollOffset = 0.0
        for step in 0..<150 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5 where list.rowCount > 0:
                let near = Bool.random(using: &generator)
                let offset =
                    near
                    ? scrollOffset + Double.random(in: -300...300, using: &generator)
                    : Double.random(in: -100...(list.contentHeight + 100), using: &generator)
                let height = Double.random(in: 0...900, using: &generator)
                let overscan = Double.random(in: 0...300, using: &generator)
                // The row the viewport starts in, and where its top is on screen.
                let first = offset < 0 ? 0 : list.row(atOffset: offset) ?? list.rowCount - 1
                let screenTop = try list.offset(ofRow: first) - offset
                let shown = reference.show(offset: offset, height: height, overscan: overscan)
                let expected = try #require(shown)
                let layout = try list.show(Viewport(offset: offset, height: height, overscan: overscan))
                #expect(layout.anchorRow == first, "step \(step)")
                #expect(layout.anchorRow == expected.anchor, "step \(step)")
                #expect(
                    abs((try list.offset(ofRow: first) - layout.offset) - screenTop) < 1e-6,
                    "anchor moved, step \(step)")
                #expect(abs(layout.offset - expected.offset) < 1e-6, "step \(step)")
                #expect(layout.measuredRowCount == expected.measured, "step \(step)")
                #expect(
                    layout.visibleRows == reference.rows(from: layout.offset, to: layout.offset + height),
                    "step \(step)")
                #expect(
                    layout.preparedRows
                        == reference.rows(from: layout.offset - overscan, to: layout.offset + height + overscan),
                    "step \(step)")
                for row in layout.preparedRows { #expect(try list.isExact(row: row), "step \(step)") }
                scrollOffset = layout.offset
            case 5, 6:
                let update = randomUpdate(count: list.rowCount, maxChanges: 6, using: &generator)
                let newRows = applyNaively(update, to: rows.rows, nextID: &nextID)
                let reloadedIDs = update.reloads.map { rows.rows[$0].id }
                rows.update { $0 = newRows }
                learned?.estimator = list.estimator
                let firstNewID = nextID - update.insertions.count
                let position = try list.performBatchUpdates(update)
                reference.apply(update, newRows: newRows)
                for id in reloadedIDs + (firstNewID..<nextID) { learned?.count(length: Double(id % 50)) }
                if let expected = reference.anchoredOffset() {
                    #expect(abs(position.offset - expected) < 1e-6, "step \(step)")
                    scrollOffset = position.offset
                }
            case 7:
                let width = [320.0, 375, 640, 1024].randomElement(using: &generator)!
                learned?.estimator = list.estimator
                let position = try list.setWidth(width)
                reference.setWidth(width)
                if let expected = reference.anchoredOffset() {
                    #expect(abs(position.offset - expected) < 1e-6, "step \(step)")
                    scrollOffset = position.offset
                }
            case 8 where learned != nil:
                learned?.estimator = list.estimator
                let position = list.reestimate()
                reference.reestimate()
                if let expected = reference.anchoredOffset() {
                    #expect(abs(position.offset - expected) < 1e-6, "step \(step)")
                    scrollOffset = position.offset
                }
            case 8:
                // Estimates by identity do not change, so re-estimating moves nothing.
                let before = list.scrollPosition()
                let after = list.reestimate()
                #expect(after.offset == before.offset)
            default:
                if let expected = reference.anchoredOffset() {
                    #expect(abs(list.scrollPosition().offset - expected) < 1e-6, "step \(step)")
                }
            }
            expectSameHeights(list, reference)
            #expect(list.rowCount == reference.rows.count)
            #expect(list.contentHeight == reference.contentHeight)
            for row in stride(from: 0, through: list.rowCount, by: 37) {
                #expect(try list.offset(ofRow: row) == reference.offset(row))
            }
        }
    }
}
