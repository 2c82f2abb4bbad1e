import Foundation
import Testing
import TextMeasure
@testable import RowHeight

/// The seed layouts of the self-sizing issue, with the bundled fonts.
@Suite("Seed layouts")
struct SeedLayoutTests {
    static let lorem = """
        Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et \
        dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex \
        ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu \
        fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt \
        mollit anim id est laborum.
        """

    @Test("1. Scroll content: image 150×150 centered, a multi-line label below")
    func scrollContent() throws {
        let style = try TextStyle.bundled(fontSize: 17)
        let template = CellTemplate(.vstack(spacing: 0, alignment: .center, children: [
            .inset(EdgeInsets(top: 20), .box(width: 150, height: 150)),
            .inset(EdgeInsets(top: 8, left: 20, bottom: 20, right: 20), .text(TextNode(.field("body"), style: style))),
        ]))
        let row = ["body": Self.lorem]
        let portrait = try template.layout(for: row, width: 320)
        let landscape = try template.layout(for: row, width: 568)
        #expect(portrait.height > landscape.height)
        #expect(portrait.height == portrait.height.rounded())
        #expect(landscape.height == landscape.height.rounded())
        // The label is exactly as tall as the text measured at the derived width (320 − 40).
        let text = try TextMeasurer(style: style).measure(Self.lorem, width: 280)
        #expect(portrait.height == 20 + 150 + 8 + text.height + 20)
        // The image is centered.
        let image = try #require(portrait.frames.first { $0.kind == "box" })
        #expect(image.x == 85)
        #expect(image.y == 20)
    }

    @Test("2. Two labels: 50 and 100 digits, 2 and 4 lines at 320, 2 and 3 at 480, no stale width")
    func twoLabels() throws {
        let font = try Font(path: try #require(BundledFonts.dejaVuSansPath))
        let style = TextStyle(fontChain: try FontChain([font]), fontSize: 17)
        let template = CellTemplate(.sized(minHeight: 30, maxHeight: nil, .inset(.all(20), .vstack(
            spacing: 8, alignment: .leading, children: [
                .text(TextNode(.field("one"), style: style)), .text(TextNode(.field("two"), style: style)),
            ]))))
        let row = ["one": String(repeating: "1234567890", count: 5), "two": String(repeating: "1234567890", count: 10)]
        func lines(_ width: Double) throws -> [Int] {
            try template.layout(for: row, width: width).frames.filter { $0.kind == "text" }.map { $0.text?.lineCount ?? -1 }
        }
        #expect(try lines(320) == [2, 4])
        #expect(try lines(480) == [2, 3])
        let at480 = try template.height(for: row, width: 480)
        _ = try template.height(for: row, width: 320)
        #expect(try template.height(for: row, width: 480) == at480)
        // An empty row keeps the minimum height (empty labels collapse with their spacing).
        #expect(try template.height(for: ["one": "", "two": ""], width: 320) == 40)
    }

    @Test("3. A 1000×1000 box inset 50 is 1100 tall at any width", arguments: [100.0, 320, 1200])
    func insetBox(width: Double) throws {
        let template = CellTemplate(.inset(.all(50), .box(width: 1000, height: 1000)))
        #expect(try template.height(for: [:], width: width) == 1100)
    }

    @Test("5. Table cell: thumbnail and a char-wrapped IPAexGothic label")
    func tableCell() throws {
        let ipa = try Font(path: try #require(BundledFonts.ipaexGothicPath))
        let style = TextStyle(fontChain: try FontChain([ipa]), fontSize: 17, lineBreakMode: .byCharWrapping)
        let template = CellTemplate(.inset(.all(8), .hstack(spacing: 8, children: [
            .box(width: 60, height: 60), .text(TextNode(.field("text"), style: style)),
        ])))
        let poem = "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす色はにほへど散りぬるを我が世たれぞ常ならむ有為の奥山今日越えて浅き夢見じ酔ひもせず"
        let english = "Cozy lummox gives smart squid who asks for job pen."
        for (width, poemLines) in [(320.0, 7), (375, 6), (414, 5)] {
            let layout = try template.layout(for: ["text": poem], width: width)
            let label = try #require(layout.frames.first { $0.kind == "text" })
            #expect(label.width == width - 16 - 60 - 8)
            #expect(label.text?.lineCount == poemLines, "poem at \(width)")
            let englishLabel = try #require(try template.layout(for: ["text": english], width: width).frames.first { $0.kind == "text" })
            #expect(englishLabel.text?.lineCount == 2, "English row at \(width)")
            // As tall as the taller of thumbnail and label, plus insets.
            #expect(layout.height == max(60, label.height) + 16)
        }
    }

    @Test("A row without a field a node requires is an error naming the field")
    func missingField() throws {
        let template = CellTemplate(
            .text(TextNode(.field("title"), style: try TextStyle.bundled(), isRequired: true)))
        #expect(throws: CellTemplateError.missingField("title")) { try template.height(for: [:], width: 320) }
        #expect(throws: CellTemplateError.missingField("title")) { try template.prepare([:]) }
        #expect(template.fields == ["title"])
        #expect(template.requiredFields == ["title"])
    }
}

@Suite("Template files")
struct TemplateFileTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/templates")

    @Test("The example table cell reads from JSON and matches seed layout 5")
    func tableCellFile() throws {
        let template = try CellTemplate(contentsOf: Self.examples.appendingPathComponent("table-cell.json"))
        #expect(template.fields == ["text"])
        let english = "Cozy lummox gives smart squid who asks for job pen."
        let layout = try template.layout(for: ["text": english], width: 375)
        #expect(layout.frames.first { $0.kind == "text" }?.text?.lineCount == 2)
        #expect(try CellTemplate(contentsOf: Self.examples.appendingPathComponent("inset-box.json")).height(for: [:], width: 10) == 1100)
        for name in ["two-labels", "scroll-content", "chat-message"] {
            #expect(try !CellTemplate(contentsOf: Self.examples.appendingPathComponent("\(name).json")).fields.isEmpty)
        }
    }

    @Test("Unknown node types and missing attributes are named")
    func badTemplates() throws {
        #expect(throws: CellTemplateSpecError.self) {
            try CellTemplate(json: Data(#"{"root": {"type": "circle"}}"#.utf8))
        }
        do {
            _ = try CellTemplate(json: Data(#"{"root": {"type": "vstack", "children": [{"type": "box", "width": 3}]}}"#.utf8))
            Issue.record("a box without a height was accepted")
        } catch let error as CellTemplateSpecError {
            #expect(error.description == #"root.children[0]: a box node needs "height""#)
        }
    }
}
