import Foundation
import RowHeight
import Synchronization
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

    @Test func thePangoMarkupExample() throws {
        // --- README example begins ---
        let text = try AttributedText(
            markup: "<b>Ann</b> <small>12:30</small> hello <span size=\"x-large\" style=\"italic\">you</span>")
        let m = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17)).measure(text, width: 280)
        print(text.string, text.runs.count, m.lineCount)  // Ann 12:30 hello you 5 1

        // Or from ranges, as NSAttributedString.setAttributes(_:range:): later ranges win, the rest inherits.
        let s = "Ann hello"
        let bold = try AttributedText(s, ranges: [(s.startIndex..<s.index(s.startIndex, offsetBy: 3), TextAttributes(weight: 700))])
        // --- README example ends ---

        // Runs: "Ann" bold, " ", "12:30" small, " hello ", "you" x-large (1.2²) italic.
        #expect(text.string == "Ann 12:30 hello you")
        #expect(text.runs.map(\.attributes.weight) == [700, 400, 400, 400, 400])
        #expect(text.runs[2].attributes.fontScale == 1 / 1.2)
        #expect(text.runs.last?.attributes == TextAttributes(italic: true, fontScale: 1.2 * 1.2))
        #expect(m.lineCount == 1)
        #expect(bold.runs.map(\.utf8Range) == [0..<3, 3..<9])
        #expect(bold.runs[0].attributes.weight == 700)
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

/// The README's "A data source that changes, under Swift 6" example (compiled in Swift 6 mode
/// with strict concurrency, as the package is).
@Suite struct ReadmeDataSourceTests {
    /// The README example's store, as written there.
    final class Messages: Sendable {
        private let cells: Mutex<[PreparedCell]>
        init(_ cells: [PreparedCell]) { self.cells = Mutex(cells) }
        var count: Int { cells.withLock { $0.count } }
        func height(ofRow row: Int, width: Double) throws -> Double {
            try cells.withLock { $0[row] }.height(width: width)
        }
        func update(_ body: (inout [PreparedCell]) -> Void) { cells.withLock { body(&$0) } }
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/templates")

    @Test func theDataSourceExample() async throws {
        // --- README example begins (the template path made absolute for the test) ---
        let cell = try CellTemplate(contentsOf: Self.examples.appendingPathComponent("message-time.json"))
        let messages = Messages(try (0..<1_000).map { i in
            try cell.prepare(["author": "Ann", "text": "Message \(i)", "time": "12:\(10 + i % 50)"])
        })
        let list = try ListHeightModel(rowCount: messages.count, width: 375) { row, width in
            try messages.height(ofRow: row, width: width)
        }
        // A new message at the top and the third one deleted, as UITableView.performBatchUpdates(_:):
        let incoming = try cell.prepare(["text": "A new message without an author", "time": "12:31"])
        _ = try list.performBatchUpdates(ListUpdate(deletions: [2], insertions: [0])) {
            messages.update { rows in
                rows.remove(at: 2)
                rows.insert(incoming, at: 0)
            }
        }
        // --- README example ends ---

        #expect(list.rowCount == 1_000 && messages.count == 1_000)
        try await list.precompute()
        // Every exact height is the template's for the row now at that index.
        let first = try cell.height(for: ["text": "A new message without an author", "time": "12:31"], width: 375)
        let third = try cell.height(for: ["author": "Ann", "text": "Message 3", "time": "12:13"], width: 375)
        #expect(try list.offset(ofRow: 1) == first)
        #expect(try messages.height(ofRow: 2, width: 375) == third)
        // Without the optional author the row is one label shorter (16 pt + 2 pt spacing).
        #expect(first < third)
        var total = 0.0
        for row in 0..<messages.count { total += try messages.height(ofRow: row, width: 375) }
        #expect(list.contentHeight == total)
    }
}
