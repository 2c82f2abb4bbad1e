import Testing

@testable import RowHeight

/// Checks every query of `index` against a plain array of heights (in thirds of a point).
private func expectMatches(
    _ index: HeightIndex, _ thirds: [Int], exact: [Bool], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(index.rowCount == thirds.count, sourceLocation: sourceLocation)
    let total = thirds.reduce(0, +)
    #expect(index.contentHeight == Double(total) / 3, sourceLocation: sourceLocation)
    #expect(index.exactRowCount == exact.filter { $0 }.count, sourceLocation: sourceLocation)
    var top = 0
    for row in thirds.indices {
        #expect(try index.offset(ofRow: row) == Double(top) / 3, "offset of \(row)", sourceLocation: sourceLocation)
        #expect(
            try index.height(ofRow: row) == Double(thirds[row]) / 3, "height of \(row)", sourceLocation: sourceLocation)
        #expect(try index.isExact(row: row) == exact[row], sourceLocation: sourceLocation)
        if thirds[row] > 0 {
            // Just inside the top and just above the bottom of the row.
            #expect(index.row(atOffset: Double(top) / 3) == row, "row at top of \(row)", sourceLocation: sourceLocation)
            #expect(index.row(atOffset: (Double(top + thirds[row]) - 0.01) / 3) == row, sourceLocation: sourceLocation)
        }
        top += thirds[row]
    }
    #expect(try index.offset(ofRow: thirds.count) == Double(total) / 3, sourceLocation: sourceLocation)
    #expect(index.row(atOffset: Double(total) / 3) == nil, sourceLocation: sourceLocation)
    #expect(index.row(atOffset: -0.001) == nil, sourceLocation: sourceLocation)
}

@Suite struct HeightIndexTests {
    @Test func emptyIndex() throws {
        let index = HeightIndex()
        #expect(index.rowCount == 0)
        #expect(index.contentHeight == 0)
        #expect(index.row(atOffset: 0) == nil)
        #expect(index.rows(in: -10..<10) == 0..<0)
        #expect(try index.offset(ofRow: 0) == 0)
        #expect(throws: ListHeightError.self) { try index.height(ofRow: 0) }
    }

    @Test func uniformRowsAreStoredWithoutPerRowData() throws {
        let index = try HeightIndex(rowCount: 1_000_000, height: 44)
        #expect(index.contentHeight == 44_000_000)
        #expect(try index.offset(ofRow: 123_457) == 44 * 123_457)
        #expect(index.row(atOffset: 44 * 999_999 + 43.99) == 999_999)
        #expect(index.rows(in: 440..<880.5) == 10..<21)
        // Blocks of estimates hold no per-row entries: far less than a byte per row.
        #expect(index.allocatedBytes < 1_000_000 / 8)
    }

    @Test func sumsOfThirdsAreExact() throws {
        // 3 million rows of 1/3 pt: a Double running sum drifts, fixed point does not.
        var index = try HeightIndex(rowCount: 3_000_000, height: 1.0 / 3)
        #expect(index.contentHeight == 1_000_000)
        #expect(try index.offset(ofRow: 300) == 100)
        #expect(index.row(atOffset: 100) == 300)
        try index.setHeight(2.0 / 3, ofRow: 5)
        #expect(index.contentHeight == 1_000_000 + 1.0 / 3)
        #expect(try index.offset(ofRow: 3_000_000) == index.contentHeight)
    }

    @Test func offsetsTheIndexReturnsMapBackToTheirRow() throws {
        var generator = SeededGenerator(seed: 7)
        let heights = (0..<20_000).map { _ in Double(Int.random(in: 0...300, using: &generator)) / 3 }
        let index = try HeightIndex(heights: heights)
        for row in stride(from: 0, to: 20_000, by: 97) where heights[row] > 0 {
            #expect(index.row(atOffset: try index.offset(ofRow: row)) == row)
        }
    }

    @Test func rowsInRangeFollowTheBoundaryRules() throws {
        // Rows: [0,10) [10,10) (zero height) [10,30) [30,60)
        let index = try HeightIndex(heights: [10, 0, 20, 30])
        #expect(index.rows(in: 0..<10) == 0..<1)  // the row starting at 10 is not included
        #expect(index.rows(in: 0..<10.001) == 0..<3)  // the zero-height row sits between
        #expect(index.rows(in: 10..<30) == 2..<3)  // a zero-height row at the lower bound spans nothing
        #expect(index.rows(in: 9.99..<30) == 0..<3)
        #expect(index.rows(in: -100..<0) == 0..<0)
        #expect(index.rows(in: 60..<100) == 4..<4)
        #expect(index.rows(in: -5..<1000) == 0..<4)
        #expect(index.rows(in: 15..<15) == 2..<2)
        #expect(index.row(atOffset: 10) == 2)
    }

    @Test func randomOperationsMatchAPlainArray() throws {
        var generator = SeededGenerator(seed: 42)
        var thirds = (0..<3000).map { _ in Int.random(in: 0...200, using: &generator) }
        var exact = Array(repeating: false, count: thirds.count)
        var index = try HeightIndex(heights: thirds.map { Double($0) / 3 }, isExact: false)
        try expectMatches(index, thirds, exact: exact)
        for step in 0..<400 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let count = Int.random(in: 0...(step % 50 == 0 ? 9000 : 40), using: &generator)
                let at = Int.random(in: 0...thirds.count, using: &generator)
                let value = Int.random(in: 0...100, using: &generator)
                try index.insertRows(at: at, count: count, height: Double(value) / 3)
                thirds.insert(contentsOf: repeatElement(value, count: count), at: at)
                exact.insert(contentsOf: repeatElement(false, count: count), at: at)
            case 1 where !thirds.isEmpty:
                let start = Int.random(in: 0..<thirds.count, using: &generator)
                let count = Int.random(in: 0...min(thirds.count - start, step % 40 == 0 ? 9000 : 60), using: &generator)
                try index.removeRows(start..<(start + count))
                thirds.removeSubrange(start..<(start + count))
                exact.removeSubrange(start..<(start + count))
            case 2 where !thirds.isEmpty:
                let from = Int.random(in: 0..<thirds.count, using: &generator)
                let to = Int.random(in: 0..<thirds.count, using: &generator)
                try index.moveRow(from: from, to: to)
                thirds.insert(thirds.remove(at: from), at: to)
                exact.insert(exact.remove(at: from), at: to)
            case 3 where !thirds.isEmpty, 4 where !thirds.isEmpty:
                for _ in 0..<20 {
                    let row = Int.random(in: 0..<thirds.count, using: &generator)
                    let value = Int.random(in: 0...300, using: &generator)
                    try index.setHeight(Double(value) / 3, ofRow: row, isExact: true)
                    thirds[row] = value
                    exact[row] = true
                }
            default:
                break
            }
            if step % 25 == 0 { try expectMatches(index, thirds, exact: exact) }
        }
        try expectMatches(index, thirds, exact: exact)
        // Blocks stay within their size bounds after all that.
        #expect(index.blocks.allSatisfy { $0.count > 0 && $0.count <= HeightIndex.Block.maxCount })
    }

    @Test func batchSettingMatchesSingleSets() throws {
        var generator = SeededGenerator(seed: 3)
        var single = try HeightIndex(rowCount: 20_000, height: 44)
        var batch = single
        var rows = Array(Set((0..<3000).map { _ in Int.random(in: 0..<20_000, using: &generator) })).sorted()
        rows.removeLast(rows.count % 2)
        let entries = rows.map { UInt32($0 % 700) * 64 | FixedPointHeight.exactFlag }
        for (row, entry) in zip(rows, entries) { single.setEntry(entry, ofRow: row) }
        rows.withUnsafeBufferPointer { rowBuffer in
            entries.withUnsafeBufferPointer { batch.setEntries(rows: rowBuffer, entries: $0) }
        }
        #expect(batch.contentHeight == single.contentHeight)
        #expect(batch.exactRowCount == rows.count)
        for row in stride(from: 0, through: 20_000, by: 13) {
            #expect(batch.offsetQuanta(ofRow: row) == single.offsetQuanta(ofRow: row))
        }
    }

    @Test func estimatedRowsAreFoundBlockByBlock() throws {
        var index = try HeightIndex(rowCount: 10_000, height: 20)
        for row in [0, 1, 5000, 9999] { try index.setHeight(10, ofRow: row) }
        var rows: [Int] = []
        var next = index.appendEstimatedRows(from: 0, limit: 3, to: &rows)
        #expect(rows == [2, 3, 4])
        #expect(next == 5)
        rows = []
        next = index.appendEstimatedRows(from: 4998, limit: 4, to: &rows)
        #expect(rows == [4998, 4999, 5001, 5002])
        rows = []
        next = index.appendEstimatedRows(from: 9990, limit: 100, to: &rows)
        #expect(rows == Array(9990..<9999))
        #expect(next == 10_000)
    }

    @Test func theParallelBuildMatchesTheSequentialOne() {
        let fill: @Sendable (Range<Int>, UnsafeMutableBufferPointer<UInt32>) -> Void = { rows, buffer in
            for row in rows {
                // Runs of equal entries (uniform blocks) mixed with varied ones.
                buffer[row - rows.lowerBound] = row / 50_000 % 2 == 0 ? 44 * 192 : UInt32(row % 997) * 64
            }
        }
        let sequential = HeightIndex(rowCount: 300_001, fill: fill)
        let parallel = HeightIndex(rowCount: 300_001, concurrentFill: fill)
        #expect(parallel.rowCount == 300_001)
        #expect(parallel.totalQuanta == sequential.totalQuanta)
        #expect(parallel.blocks.map(\.count) == sequential.blocks.map(\.count))
        #expect(parallel.blocks.map(\.isUniform) == sequential.blocks.map(\.isUniform))
        for row in stride(from: 0, to: 300_001, by: 101) {
            #expect(parallel.entry(ofRow: row) == sequential.entry(ofRow: row))
        }
    }

    @Test func badInputThrowsTypedErrors() throws {
        var index = try HeightIndex(rowCount: 10, height: 10)
        #expect(throws: ListHeightError.self) { try HeightIndex(rowCount: -1, height: 10) }
        #expect(throws: ListHeightError.self) { try HeightIndex(heights: [1, .nan]) }
        #expect(throws: ListHeightError.self) { try index.setHeight(-1, ofRow: 0) }
        #expect(throws: ListHeightError.self) { try index.setHeight(.infinity, ofRow: 0) }
        #expect(throws: ListHeightError.self) { try index.setHeight(20_000_000, ofRow: 0) }
        #expect(throws: ListHeightError.self) { try index.setHeight(1, ofRow: 10) }
        #expect(throws: ListHeightError.self) { try index.offset(ofRow: 11) }
        #expect(throws: ListHeightError.self) { try index.removeRows(5..<11) }
        #expect(throws: ListHeightError.self) { try index.insertRows(at: 11, count: 1, height: 1) }
        #expect(throws: ListHeightError.self) { try index.moveRow(from: 0, to: 10) }
        #expect(index.row(atOffset: .nan) == nil)
        #expect(index.contentHeight == 100)
        do {
            try index.setHeight(.nan, ofRow: 3)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("row 3"))
        }
    }

    @Test func pixelGridHeightsAreExactAtScalesOneToThree() throws {
        // ceil(h × scale) / scale for scales 1, 2, 3 (and FreeType's 1/64) round-trip exactly.
        for height in [17.0, 17.5, 52.0 / 3, 53.0 / 3, 17.0 + 5.0 / 64, 1.0 / 6] {
            let index = try HeightIndex(heights: [height, height])
            #expect(try index.height(ofRow: 0) == height)
            #expect(try index.offset(ofRow: 2) == 2 * height)
        }
    }
}
