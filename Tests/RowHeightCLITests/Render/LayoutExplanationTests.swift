import Foundation
import RowHeight
import Testing
import TextMeasure
@testable import RowHeightCLI

/// The legend of `render`: how a cell's height adds up, checked against numbers worked out by hand.
@Suite("render's legend: how the height adds up")
struct LayoutExplanationTests {
    @Test("Numbers: at most two decimals, no trailing zeros")
    func numbers() {
        #expect(LayoutExplanation.n(94) == "94")
        #expect(LayoutExplanation.n(19.7890625) == "19.79")
        #expect(LayoutExplanation.n(0.5) == "0.5")
        #expect(LayoutExplanation.n(242.5) == "242.5")
        #expect(LayoutExplanation.n(3.05) == "3.05")
    }

    @Test("A cell: insets, spacing, a collapsed label, the hstack's widths, the rounding")
    func cell() throws {
        let style = TextStyle(fontChain: try FontChain([Font(path: try #require(BundledFonts.dejaVuSansPath))]), fontSize: 17)
        let template = CellTemplate(.inset(EdgeInsets(top: 8, left: 10, bottom: 6, right: 10), .vstack(
            spacing: 4, alignment: .leading, children: [
                .text(TextNode(.field("title"), style: style)),
                .text(TextNode(.field("subtitle"), style: style)),
                .hstack(spacing: 5, children: [.box(width: 30, height: 12), .box(width: 20, height: 7)]),
            ])))
        let layout = try template.layout(for: ["title": "Hello"], width: 200)
        // A label is rounded to the pixel grid on its own (19.79 → 20): 8 + (20 + 4 + 12) + 6 = 50.
        #expect(layout.height == 50)
        let hello = try TextMeasurer(style: style).measure("Hello", width: 200).maxLineWidth
        let legend = LayoutExplanation.cell(layout, template: template)
        #expect(legend == [
            "cell height 50 pt = 50 rounded up to the pixel grid (scale 1), width 200 pt",
            "  inset 200×50: 8 + 36 + 6 = 50",
            "    vstack 180×36: 20 + 12 + 1 × 4 spacing = 36",
            "      text \"title\" at 180 pt: 1 line: 19.79 = 19.79 → 20 pt",
            "        line 1: 19.79 pt tall, \(LayoutExplanation.n(hello)) pt wide",
            "      text \"subtitle\": empty, collapsed (0 pt, no spacing)",
            "      hstack 180×12: widths 30, 20; tallest of 12, 7 = 12",
            "        box 30×12",
            "        box 20×7",
        ])
    }
}
