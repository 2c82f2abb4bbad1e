import RowHeight
import Testing
import TextMeasure

/// The README's "List height model" example, compiled and checked.
@Suite struct ReadmeExampleTests {
    @Test func theListHeightModelExample() async throws {
        // --- README example begins ---
        let style = try TextStyle.bundled(fontSize: 17)
        let cell = CellTemplate(
            .inset(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16), .text(TextNode(.field("text"), style: style))))
        let messages = (0..<20_000).map { "Message \($0): " + String(repeating: "lorem ipsum ", count: $0 % 40) }

        // One million rows would do as well: rows are measured only when shown (or precomputed).
        let list = try ListHeightModel(rowCount: messages.count, width: 375) { row, width in
            try cell.height(for: ["text": messages[row]], width: width)
        }
        var layout = try list.show(Viewport(offset: 0, height: 800, overscan: 400))
        print(layout.visibleRows, list.contentHeight)  // the first screen is exact; the rest estimated

        // Scroll: apply `layout.offset` to the scroll view, pass `layout.version` back.
        layout = try list.show(Viewport(offset: layout.offset + 5_000, height: 800, version: layout.version))

        // Rotate: exact heights at 375 pt are kept; the first visible row stays where it was.
        let rotated = try list.setWidth(812)
        layout = try list.show(Viewport(offset: rotated.offset, height: 375, version: rotated.version))

        // Measure every row in the background on all cores (cancel the task to stop).
        try await list.precompute()
        print(list.contentHeight)  // the exact content height at 812 pt
        // --- README example ends ---

        #expect(list.exactRowCount == messages.count)
        var sum = 0.0
        for text in messages.prefix(1000) { sum += try cell.height(for: ["text": text], width: 812) }
        #expect(try list.offset(ofRow: 1000) == sum)
        #expect(list.cachedWidths == [812, 375])
    }
}
