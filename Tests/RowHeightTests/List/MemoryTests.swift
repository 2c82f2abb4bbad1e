import Testing

@testable import RowHeight

/// The model's memory per row (excluding the rows' contents), the limit being 16 bytes a
/// row at one width.
@Suite struct MemoryTests {
    /// Every row exact with its own height — every block stores per-row entries, the most an index
    /// holds: 4 bytes of entry, 1/8 byte of group sums, block headers and tree nodes.
    @Test func anIndexOfDistinctExactHeightsTakesAtMost16BytesARow() throws {
        let rows = 1_000_000
        let index = try HeightIndex(heights: (0..<rows).lazy.map { Double(20 + $0 % 97) / 3 })
        #expect(index.rowCount == rows)
        let bytesPerRow = Double(index.allocatedBytes) / Double(rows)
        #expect(bytesPerRow >= 4)  // each row's entry is really counted
        #expect(bytesPerRow <= 16, "\(bytesPerRow) bytes per row")
        #expect(bytesPerRow <= 4.5)
    }

    /// A fresh list of constant estimates stores no per-row data.
    @Test func aListOfEstimatesTakesAlmostNothing() throws {
        let list = try ListHeightCore(
            rowCount: 10_000_000, width: 375, measurer: RowMeasurer { _, _ in 44 }, estimator: .constant(44))
        #expect(Double(list.allocatedBytes) / 10_000_000 < 0.1)
    }

    /// After a precompute, the model holds one exact height per row at its one width.
    @Test func aPrecomputedModelTakesAtMost16BytesARow() async throws {
        let rows = 300_000
        let model = try ListHeightModel(rowCount: rows, width: 375, widthCacheCapacity: 1) { row, _ in
            Double(20 + row % 89) / 2
        }
        try await model.precompute()
        #expect(model.exactRowCount == rows)
        let bytesPerRow = Double(model.allocatedBytes) / Double(rows)
        #expect(bytesPerRow >= 4 && bytesPerRow <= 16, "\(bytesPerRow) bytes per row")
    }
}
