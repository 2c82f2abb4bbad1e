import Testing
import TextMeasure

@testable import RowHeight

/// `CellTemplate.height(for:width:workspace:)`: one workspace reused over many rows gives every
/// row the height it has alone (nothing of a previous row leaks into the next).
@Suite struct CellWorkspaceTests {
    @Test func aReusedWorkspaceGivesEachRowItsOwnHeight() throws {
        let style = try TextStyle.bundled(fontSize: 15)
        let small = try TextStyle.bundled(fontSize: 12)
        let cell = CellTemplate(
            .inset(
                .all(6),
                .hstack(
                    spacing: 8,
                    children: [
                        .box(width: 30, height: 30),
                        .vstack(
                            spacing: 2, alignment: .leading,
                            children: [
                                .text(TextNode(.field("author"), style: small)),
                                .text(TextNode(.field("text"), style: style)),
                                .text(TextNode(.literal("<i>{tag}</i>"), style: small, isMarkup: true)),
                            ]),
                        .text(TextNode(.field("time"), style: small)),
                    ])))
        let rows: [[String: String]] = [
            ["author": "Ann", "text": "A long message that wraps over several lines at the narrow widths", "time": "12:30"],
            ["text": "short"],
            ["author": "Bob", "tag": "news", "time": "Yesterday at 12:31"],
            [:],
            ["text": "Averyveryverylongwordthatcannotbreakanywhereatallhere and more", "tag": "x"],
            ["author": "Eve", "text": "東京の天気は晴れです。明日も晴れるでしょう。", "time": "1:00"],
        ]
        var workspace = CellWorkspace()
        for width in [120.0, 240, 375] {
            for values in rows + rows.reversed() {
                let row = cell.row(values)
                let alone = try cell.height(for: row, width: width)
                #expect(try cell.height(for: row, width: width, workspace: &workspace) == alone, "\(values) at \(width)")
                #expect(try cell.layout(for: row, width: width).height == alone)
            }
        }
    }
}
