import Testing

@testable import RowHeight

/// Seed layout 4 of the self-sizing issue: a horizontal pager is the list model laid along x — each
/// page is a "row" as wide as the viewport, and the model's "width" is the pager's height.
@Suite("Seed layouts: paging")
struct SeedLayoutPagingTests {
    @Test(
        "4. Paging: N pages as wide as the viewport have content width N × width; the page at x is ⌊x / width⌋",
        arguments: [(1, 320.0), (7, 390), (12, 428.5), (100_000, 1194)])
    func paging(pageCount: Int, viewportWidth: Double) async throws {
        // Pages start estimated at 100 pt; measuring one says it is as wide as the viewport.
        let pager = try ListHeightModel(rowCount: pageCount, width: 844, estimator: .constant(100)) { _, _ in
            viewportWidth
        }
        // Swiping through every page (or, for the long pager, 500 of them) from the first one.
        var layout = try pager.show(Viewport(offset: 0, height: viewportWidth))
        #expect(layout.visibleRows == 0..<1)
        let swipes = min(pageCount, 500)
        for page in 1..<max(1, swipes) {
            let position = pager.scrollPosition()
            layout = try pager.show(
                Viewport(offset: position.offset + viewportWidth, height: viewportWidth, version: position.version))
            #expect(layout.visibleRows == page..<(page + 1), "page \(page)")
            #expect(layout.offset == Double(page) * viewportWidth, "page \(page)")
        }
        // Every page measured (a precompute): the content width is N × width, exactly.
        try await pager.precompute()
        #expect(pager.exactRowCount == pageCount)
        #expect(pager.contentHeight == Double(pageCount) * viewportWidth)
        for page in Set([0, 1, pageCount / 2, pageCount - 1]) where page < pageCount {
            let left = Double(page) * viewportWidth
            #expect(try pager.offset(ofRow: page) == left)
            #expect(pager.row(atOffset: left) == page)
            #expect(pager.row(atOffset: left + viewportWidth / 2) == page)
            #expect(pager.row(atOffset: left + viewportWidth - 0.25) == page)
            #expect(pager.row(atOffset: left + viewportWidth) == (page + 1 < pageCount ? page + 1 : nil))
        }
        // Between two pages, both are visible.
        if pageCount > 1 {
            #expect(pager.rows(in: (viewportWidth / 3)..<(viewportWidth / 3 + viewportWidth)) == 0..<2)
        }
        #expect(pager.row(atOffset: Double(pageCount) * viewportWidth) == nil)
    }
}
