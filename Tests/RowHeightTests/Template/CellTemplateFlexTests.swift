import Testing
import TextMeasure
@testable import RowHeight

/// Horizontal stacks size their children as flex items; expected frames worked out from the
/// texts' own widths (measured alone) and the CSS rules.
@Suite("Cell templates: horizontal stacks as flex lines")
struct CellTemplateFlexTests {
    static let message = "Cozy lummox gives smart squid who asks for job pen, then naps for a while."
    static func styles() throws -> (body: TextStyle, time: TextStyle) {
        (try TextStyle.bundled(fontSize: 17), try TextStyle.bundled(fontSize: 13))
    }
    static func cell(_ message: CellNode, _ time: CellNode) -> CellTemplate {
        CellTemplate(.hstack(spacing: 8, children: [message, time]))
    }

    @Test("Message + timestamp: the timestamp keeps its one-line width, the message wraps in the rest")
    func messageAndTimestamp() throws {
        let (body, small) = try Self.styles()
        let template = Self.cell(.text(TextNode(.field("text"), style: body)), .text(TextNode(.field("time"), style: small)))
        let time = try TextMeasurer(style: small).intrinsicWidths("12:30").maxContent
        let layout = try template.layout(for: ["text": Self.message, "time": "12:30"], width: 320)
        let frames = layout.frames.filter { $0.kind == "text" }
        // Shrinking weighted by basis would take the timestamp below its min-content width
        // ("12:30" cannot break): it is frozen at it, and the message takes 320 − 8 − time.
        #expect(frames[1].width == time)
        #expect(frames[1].x == 320 - time)
        #expect(frames[0].x == 0 && frames[0].width == 320 - 8 - time)
        let wrapped = try TextMeasurer(style: body).measure(Self.message, width: 320 - 8 - time)
        #expect(frames[0].text?.lineCount == wrapped.lineCount)
        #expect(wrapped.lineCount > 1)
        #expect(layout.height == wrapped.height)
    }

    @Test("Hugging: a short message and the timestamp both keep their widths, 8 pt apart")
    func hugging() throws {
        let (body, small) = try Self.styles()
        let template = Self.cell(.text(TextNode(.field("text"), style: body)), .text(TextNode(.field("time"), style: small)))
        let hi = try TextMeasurer(style: body).intrinsicWidths("Hi").maxContent
        let layout = try template.layout(for: ["text": "Hi", "time": "12:30"], width: 320)
        let frames = layout.frames.filter { $0.kind == "text" }
        #expect(frames[0].width == hi)
        #expect(frames[1].x == hi + 8)
        #expect(layout.frames[0].width == 320)
    }

    @Test("grow takes the free room; maxWidth caps a long message; minWidth holds a box")
    func growMinMax() throws {
        let (body, small) = try Self.styles()
        let time = try TextMeasurer(style: small).intrinsicWidths("12:30").maxContent
        let fill = Self.cell(
            .flex(.fill, .text(TextNode(.field("text"), style: body))), .text(TextNode(.field("time"), style: small)))
        let grown = try fill.layout(for: ["text": "Hi", "time": "12:30"], width: 320).frames.filter { $0.kind == "text" }
        #expect(grown[0].width == 320 - 8 - time)
        #expect(grown[1].x == 320 - time)

        let capped = Self.cell(
            .flex(FlexItem(maxWidth: 200), .text(TextNode(.field("text"), style: body))),
            .text(TextNode(.field("time"), style: small)))
        let frames = try capped.layout(for: ["text": Self.message, "time": "12:30"], width: 320).frames
            .filter { $0.kind == "text" }
        #expect(frames[0].width == 200)
        #expect(frames[1].x == 208)

        // Boxes: 100 + 100 in 150. The second box's automatic minimum is its width (it does not
        // shrink); the first may shrink to 0: pass 1 gives 75, 75, the second is clamped to 100
        // and frozen, pass 2 gives the first 150 − 100 = 50.
        let boxes = CellTemplate(.hstack(spacing: 0, children: [
            .flex(FlexItem(minWidth: 0), .box(width: 100, height: 10)), .box(width: 100, height: 20),
        ]))
        let layout = try boxes.layout(for: [:], width: 150)
        #expect(layout.frames.map(\.width) == [150, 50, 100])
        #expect(layout.frames.map(\.x) == [0, 0, 50])
        #expect(layout.height == 20)
    }

    @Test("Nesting: an inner stack is as wide as its content; a vstack of texts beside a box")
    func nesting() throws {
        let inner = CellTemplate(.hstack(spacing: 10, children: [
            .hstack(spacing: 5, children: [.box(width: 20, height: 5), .box(width: 30, height: 5)]),
            .box(width: 40, height: 5),
        ]))
        let frames = try inner.layout(for: [:], width: 300).frames
        #expect(frames.map(\.width) == [300, 55, 20, 30, 40])
        #expect(frames.map(\.x) == [0, 0, 0, 25, 65])

        let (body, small) = try Self.styles()
        let chat = CellTemplate(.hstack(spacing: 10, children: [
            .box(width: 36, height: 36),
            .vstack(spacing: 2, alignment: .leading, children: [
                .text(TextNode(.field("author"), style: small)), .text(TextNode(.field("text"), style: body)),
            ]),
        ]))
        let layout = try chat.layout(for: ["author": "Ann", "text": Self.message], width: 320)
        let column = try #require(layout.frames.first { $0.kind == "vstack" })
        #expect(column.x == 46 && column.width == 320 - 46)
        let text = try TextMeasurer(style: body).measure(Self.message, width: 274)
        let author = try TextMeasurer(style: small).measure("Ann", width: 274)
        #expect(layout.height == (author.height + 2 + text.height).rounded(.up))
        // Without the optional author, the label collapses with its spacing.
        #expect(try chat.height(for: ["text": Self.message], width: 320) == text.height)
    }

    @Test("A prepared row lays out as the template does at every width (rotation re-wraps)")
    func prepared() throws {
        let (body, small) = try Self.styles()
        let template = CellTemplate(.inset(.all(8), .hstack(spacing: 8, children: [
            .vstack(spacing: 2, alignment: .leading, children: [
                .text(TextNode(.field("author"), style: small)), .text(TextNode(.field("text"), style: body)),
            ]),
            .text(TextNode(.field("time"), style: small)),
        ])))
        for row in [["author": "Ann", "text": Self.message, "time": "12:30"], ["text": "Hi", "time": "Yesterday 12:30"]] {
            let prepared = try template.prepare(row)
            for width in [120.0, 200, 320, 375, 414, 812] {
                #expect(try prepared.height(width: width) == template.height(for: row, width: width), "\(width)")
                #expect(try prepared.layout(width: width) == template.layout(for: row, width: width), "\(width)")
            }
        }
    }
}
