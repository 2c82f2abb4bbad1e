import Testing

@testable import RowHeight

/// Expects every cached width of `list` to hold what the reference says.
func expectSameHeights(
    _ list: ListHeightCore, _ reference: ReferenceList, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(Set(list.cachedWidths) == Set(reference.widths), sourceLocation: sourceLocation)
    #expect(list.width == reference.width, sourceLocation: sourceLocation)
    for entry in list.cache.entries {
        let column = reference.column(at: entry.width)
        #expect(entry.index.rowCount == column.count, sourceLocation: sourceLocation)
        guard entry.index.rowCount == column.count else { return }
        var mismatches = 0
        for (row, expected) in column.enumerated() {
            let stored = entry.index.entry(ofRow: row)
            if Int(stored & FixedPointHeight.maxRowQuanta) != expected.quanta || (stored & FixedPointHeight.exactFlag != 0) != expected.exact {
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "rows differing at width \(entry.width)", sourceLocation: sourceLocation)
        #expect(
            entry.index.contentHeight == Double(column.reduce(0) { $0 + $1.quanta }) / 192, sourceLocation: sourceLocation
        )
    }
}

@Suite struct BatchUpdateTests {
    /// A list with exact heights at two widths, plus its reference.
    func makeList(rowCount: Int = 300) throws -> (TestRows, ListHeightCore, ReferenceList) {
        let rows = TestRows(count: rowCount)
        var list = try ListHeightCore(
            rowCount: rowCount, width: 320, measurer: rows, estimator: testEstimator(rows), widthCacheCapacity: 3)
        var reference = ReferenceList(rows: rows.rows, width: 320, capacity: 3, estimate: testEstimateQuanta)
        for (width, offset) in [(320.0, 0.0), (640, 900), (320, 2500)] {
            _ = try list.setWidth(width)
            reference.setWidth(width)
            _ = try list.show(Viewport(offset: offset, height: 700, overscan: 200))
            _ = reference.show(offset: offset, height: 700, overscan: 200)
        }
        expectSameHeights(list, reference)
        return (rows, list, reference)
    }

    @Test func insertionsDeletionsMovesAndReloadsKeepEveryOtherRowsHeights() throws {
        var (rows, list, reference) = try makeList()
        var nextID = 10_000
        let update = ListUpdate(
            deletions: [0, 5, 6, 7, 150, 299], insertions: [0, 1, 2, 100, 296],
            moves: [.init(source: 10, destination: 250), .init(source: 260, destination: 3)],
            reloads: [20, 155])
        let newRows = applyNaively(update, to: rows.rows, nextID: &nextID)
        rows.update { $0 = newRows }
        let position = try list.performBatchUpdates(update)
        reference.apply(update, newRows: newRows)
        expectSameHeights(list, reference)
        #expect(list.rowCount == 299)
        #expect(abs(position.offset - reference.anchoredOffset()!) < 1e-9)
    }

    @Test func aMovedRowTakesItsHeightsAtEveryWidth() throws {
        var (rows, list, _) = try makeList()
        // A row measured at both widths.
        let source = try #require(
            (0..<300).first { row in
                list.cache.entries.allSatisfy { $0.index.entry(ofRow: row) & FixedPointHeight.exactFlag != 0 }
            })
        let moved = rows.rows[source]
        let heights = list.cache.entries.map { ($0.width, $0.index.entry(ofRow: source)) }
        #expect(heights.count == 2)
        var nextID = 0
        let update = ListUpdate(moves: [.init(source: source, destination: 280)])
        let newRows = applyNaively(update, to: rows.rows, nextID: &nextID)
        rows.update { $0 = newRows }
        _ = try list.performBatchUpdates(update)
        #expect(rows.rows[280] == moved)
        for (width, entry) in heights {
            #expect(list.cache.entries.first { $0.width == width }!.index.entry(ofRow: 280) == entry)
        }
    }

    @Test func insertingAboveTheViewportKeepsTheVisibleRowsInPlace() throws {
        var (rows, list, _) = try makeList()
        let layout = try list.show(Viewport(offset: 3000, height: 500))
        let anchor = try #require(layout.visibleRows.first)
        let screenTop = try list.offset(ofRow: anchor) - layout.offset
        var nextID = 50_000
        let update = ListUpdate(deletions: [3, 4], insertions: Array(0..<25))
        let newRows = applyNaively(update, to: rows.rows, nextID: &nextID)
        rows.update { $0 = newRows }
        let position = try list.performBatchUpdates(update)
        #expect(position.anchorRow == anchor + 23)
        #expect(abs((try list.offset(ofRow: anchor + 23) - position.offset) - screenTop) < 1e-9)
    }

    @Test func deletingTheAnchorRowAnchorsTheNextRowThatStays() throws {
        var (rows, list, _) = try makeList()
        let layout = try list.show(Viewport(offset: 3000, height: 500))
        let anchor = try #require(layout.visibleRows.first)
        let nextTop = try list.offset(ofRow: anchor + 2) - layout.offset
        var nextID = 50_000
        let update = ListUpdate(deletions: [anchor, anchor + 1])
        rows.update { $0 = applyNaively(update, to: $0, nextID: &nextID) }
        let position = try list.performBatchUpdates(update)
        #expect(position.anchorRow == anchor)
        #expect(abs((try list.offset(ofRow: anchor) - position.offset) - nextTop) < 1e-9)
    }

    @Test func largeBatchesSplitAndMergeBlocks() throws {
        let rows = TestRows(count: 30_000)
        var list = try ListHeightCore(
            rowCount: 30_000, width: 320, measurer: rows, estimator: testEstimator(rows), widthCacheCapacity: 2)
        var reference = ReferenceList(rows: rows.rows, width: 320, capacity: 2, estimate: testEstimateQuanta)
        _ = try list.show(Viewport(offset: 100_000, height: 2000))
        _ = reference.show(offset: 100_000, height: 2000, overscan: 0)
        var nextID = 100_000
        for update in [
            ListUpdate(insertions: Array(5000..<15000)),
            ListUpdate(deletions: Array(1000..<29_000)),
            ListUpdate(insertions: Array(0..<18_000).filter { $0 % 3 == 0 }),
        ] {
            let newRows = applyNaively(update, to: rows.rows, nextID: &nextID)
            rows.update { $0 = newRows }
            _ = try list.performBatchUpdates(update)
            reference.apply(update, newRows: newRows)
            expectSameHeights(list, reference)
            #expect(list.index.blocks.allSatisfy { $0.count > 0 && $0.count <= HeightIndex.Block.maxCount })
        }
    }

    @Test func invalidUpdatesThrowAndChangeNothing() throws {
        var (_, list, reference) = try makeList(rowCount: 10)
        let invalid = [
            ListUpdate(deletions: [10]),
            ListUpdate(deletions: [-1]),
            ListUpdate(insertions: [11]),
            ListUpdate(deletions: [3, 3]),
            ListUpdate(deletions: [3], reloads: [3]),
            ListUpdate(deletions: [2], moves: [.init(source: 2, destination: 0)]),
            ListUpdate(insertions: [4], moves: [.init(source: 2, destination: 4)]),
            ListUpdate(moves: [.init(source: 1, destination: 10)]),
        ]
        for update in invalid {
            #expect(throws: ListHeightError.self) { try list.performBatchUpdates(update) }
        }
        expectSameHeights(list, reference)
    }

    @Test func theDifferenceOfIdentitiesIsAValidUpdate() throws {
        let old = ["a", "b", "c", "d", "e", "f"]
        let new = ["x", "a", "d", "c", "f", "y"]
        let update = ListUpdate.difference(from: old, to: new, reloading: ["f", "c"])
        // Applying it to the old list gives the new one.
        var nextID = 100
        let rows = old.indices.map { TestRows.Row(id: $0) }
        let applied = applyNaively(update, to: rows, nextID: &nextID)
        let names = applied.map { $0.id < old.count ? old[$0.id] : "new" }
        #expect(names.count == new.count)
        for (name, expected) in zip(names, new) where name != "new" { #expect(name == expected) }
        #expect(Set(update.deletions.map { old[$0] }).isSuperset(of: ["b", "e"]))
        // "f" stays and is reloaded; "c" moves, so reloading it becomes a deletion and an insertion.
        #expect(update.reloads.map { old[$0] } == ["f"])
        #expect(update.deletions.map { old[$0] }.contains("c"))
        #expect(update.moves.isEmpty)
        _ = try BatchPlan(update, rowCount: old.count)
    }

    @Test func rowsWithIdentitiesKeepTheirHeightsByIdentity() throws {
        let rows = TestRows(count: 200)
        let model = try ListHeightModel(rowCount: 200, width: 320, measurer: rows, estimator: .constant(44))
        _ = try model.show(Viewport(offset: 0, height: 2000))
        let heightByID = Dictionary(
            uniqueKeysWithValues: try rows.rows.enumerated().map { ($1.id, try model.height(ofRow: $0)) })
        let old = rows.ids
        var new = old.filter { $0 % 5 != 0 }.reversed() as [Int]
        new.insert(contentsOf: [9001, 9002], at: 3)
        _ = try model.performBatchUpdates(from: old, to: new, reloading: [7]) {
            rows.update { data in data = new.map { TestRows.Row(id: $0, version: $0 == 7 ? 1 : 0) } }
        }
        #expect(model.rowCount == new.count)
        var carried = 0
        for (row, id) in new.enumerated() {
            if id >= 9000 || id == 7 {
                #expect(try !model.isExact(row: row))
            } else if let height = heightByID[id], try model.isExact(row: row) {
                #expect(try model.height(ofRow: row) == height)
                carried += 1
            }
        }
        #expect(carried >= 20)
        #expect(throws: ListHeightError.self) { try model.performBatchUpdates(from: [1, 2], to: [2, 1]) }
    }

    @Test func theModelsBatchUpdateRunsTheDataChangeUnderTheLock() throws {
        let rows = TestRows(count: 100)
        let model = try ListHeightModel(rowCount: 100, width: 320, measurer: rows, estimator: .constant(44))
        _ = try model.show(Viewport(offset: 0, height: 500))
        var nextID = 1000
        let update = ListUpdate(insertions: [0])
        _ = try model.performBatchUpdates(update) { rows.update { $0 = applyNaively(update, to: $0, nextID: &nextID) } }
        #expect(model.rowCount == 101)
        #expect(rows.rows.count == 101)
        #expect(try !model.isExact(row: 0))
        #expect(try model.isExact(row: 2))
        // An invalid update does not run the data change.
        var ran = false
        #expect(throws: ListHeightError.self) {
            try model.performBatchUpdates(ListUpdate(deletions: [500])) { ran = true }
        }
        #expect(!ran)
    }
}
