import RowHeight
import Testing
import TextMeasure

/// The README's "Measuring text" and "Cell templates" examples, compiled with only public imports
/// and checked against what the README says they print.
@Suite struct ReadmeGuideTests {
    @Test func theMeasuringTextExample() throws {
        // --- README example begins ---
        let style = try TextStyle.bundled(fontSize: 17)  // DejaVu Sans, IPAexGothic, Noto Color Emoji
        let measurer = try TextMeasurer(style: style)  // validates the style; shareable across threads
        let m = try measurer.measure("Hello, world! This is a row of a chat log.", width: 280)
        print(m.lineCount, m.height, m.maxLineWidth)  // 2 40.0 …

        // Measure once, wrap at many widths (rotation, window resize):
        let prepared = measurer.prepare("A long message that will be shown at several widths…")
        for width in [320.0, 375, 414, 568] { print(try prepared.measure(width: width).height) }
        // --- README example ends ---

        // "2 40.0": two lines of 19.7891 pt (DejaVu Sans 17), 39.58 rounded up to the pixel grid.
        #expect(m.lineCount == 2)
        #expect(m.height == 40)
        #expect(m.maxLineWidth > 0 && m.maxLineWidth <= 280)
        for width in [320.0, 375, 414, 568] {
            #expect(try prepared.measure(width: width) == measurer.measure(
                "A long message that will be shown at several widths…", width: width))
        }
    }

    @Test func theCellTemplateExample() throws {
        // --- README example begins ---
        let style = try TextStyle.bundled(fontSize: 17)
        let cell = CellTemplate(
            .inset(
                .all(8),
                .hstack(
                    spacing: 8,
                    children: [
                        .box(width: 60, height: 60),  // thumbnail
                        .text(TextNode(.field("text"), style: style)),  // label, gets the rest of the width
                    ])))
        let height = try cell.height(
            for: ["text": "Cozy lummox gives smart squid who asks for job pen."], width: 375)
        let layout = try cell.layout(for: ["text": "…"], width: 375)  // every node's frame
        // --- README example ends ---

        // The label is 375 − 2·8 − 60 − 8 = 291 pt wide; the thumbnail (60) is taller than a short label.
        let label = try TextMeasurer(style: style).measure(
            "Cozy lummox gives smart squid who asks for job pen.", width: 291)
        #expect(height == max(60, label.height) + 16)
        #expect(layout.height == 76 && layout.width == 375)
    }
}
