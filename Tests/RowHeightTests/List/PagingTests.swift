import Testing

@testable import RowHeight

/// Seed layout 4: a horizontal pager of N pages, each as wide as the viewport, is the same model
/// laid along x — content width N × width, the page at an offset is offset / width.
@Suite struct PagingTests {
    @Test func aPagerIsAListAlongX() throws {
        let pageWidth = 390.0
        let pages = try HeightIndex(rowCount: 12, height: pageWidth, isExact: true)
        #expect(pages.contentHeight == 12 * pageWidth)
        for x in stride(from: 0.0, to: 12 * pageWidth, by: 97.5) {
            #expect(pages.row(atOffset: x) == Int(x / pageWidth))
        }
        #expect(pages.rows(in: 400..<790) == 1..<3)  // a viewport between pages 1 and 2
        #expect(try pages.offset(ofRow: 5) == 5 * pageWidth)
    }

    @Test func aPagerModelMeasuresPagesAsTheViewportWidth() throws {
        let viewportWidth = 428.0
        // The "width" the model is given is the pager's height; every page measures as wide as the viewport.
        let pager = try ListHeightModel(rowCount: 1_000, width: 926, estimator: .constant(100)) { _, _ in viewportWidth
        }
        let layout = try pager.show(Viewport(offset: 0, height: viewportWidth))
        #expect(layout.visibleRows == 0..<1)
        _ = pager.reestimate()
        let all = try pager.show(Viewport(offset: 0, height: 1_000 * viewportWidth))
        #expect(all.visibleRows == 0..<1000)
        #expect(pager.contentHeight == 1_000 * viewportWidth)
        #expect(pager.row(atOffset: 3.5 * viewportWidth) == 3)
    }
}
