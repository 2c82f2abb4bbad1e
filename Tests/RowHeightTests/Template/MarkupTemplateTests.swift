import Foundation
import Testing
import TextMeasure

@testable import RowHeight

/// Text nodes with markup: `MarkupTemplate` (placeholders, escaping) and cells measuring them.
@Suite struct MarkupTemplateTests {
    let style = try! TextStyle.bundled(fontSize: 17)

    @Test func placeholdersAreNamesInBracesAndOtherBracesAreText() {
        let template = MarkupTemplate("<b>{author}</b> {text} {} { x} {a-b.c_1}{")
        #expect(template.fieldNames == ["author", "text", "a-b.c_1"])
        #expect(
            template.parts == [
                .markup(Array("<b>".utf8)), .field("author"), .markup(Array("</b> ".utf8)), .field("text"),
                .markup(Array(" {} { x} ".utf8)), .field("a-b.c_1"), .markup(Array("{".utf8)),
            ])
    }

    @Test func escapingMakesAnyValueReadBackAsItself() throws {
        let value = "<b>&amp; \"x\" 'y' > z</b>"
        var markup: [UInt8] = []
        Array(value.utf8).withUnsafeBufferPointer { MarkupTemplate.appendEscaped($0, to: &markup) }
        let text = try AttributedText(markup: String(decoding: markup, as: UTF8.self))
        #expect(text.string == value)
        #expect(text.runs.count == 1)
    }

    @Test func aMarkupLiteralMeasuresAsItsAttributedText() throws {
        let node = TextNode(.literal("<b>{author}</b> {text}"), style: style, isMarkup: true)
        let cell = CellTemplate(.text(node))
        #expect(cell.fields == ["author", "text"])
        let row = ["author": "Ann & Bob", "text": "say <hello> to everyone here"]
        let expected = try TextMeasurer(style: style).measure(
            try AttributedText(markup: "<b>Ann &amp; Bob</b> say &lt;hello&gt; to everyone here"), width: 120)
        #expect(try cell.height(for: row, width: 120) == expected.height)
        #expect(try cell.prepare(row).height(width: 120) == expected.height)
        #expect(expected.lineCount > 1)
    }

    @Test func aMarkupLiteralCollapsesWhenAllItsFieldsAreEmptyAndRequiresThemWhenRequired() throws {
        let text = TextNode(.literal("<b>{author}</b> {text}"), style: style, isMarkup: true)
        let cell = CellTemplate(.vstack(spacing: 10, alignment: .leading, children: [.box(width: 10, height: 10), .text(text)]))
        #expect(try cell.height(for: [:], width: 200) == 10)
        #expect(try cell.height(for: ["text": "x"], width: 200) > 10)
        var required = text
        required.isRequired = true
        let strict = CellTemplate(.text(required))
        #expect(strict.requiredFields == ["author", "text"])
        #expect(throws: CellTemplateError.missingField("text")) { try strict.height(for: ["author": "Ann"], width: 200) }
    }

    @Test func aMarkupFieldIsParsedPerRowAndBadMarkupNamesTheNodePath() throws {
        let cell = CellTemplate(
            .inset(.all(4), .hstack(spacing: 8, children: [.box(width: 20, height: 20), .text(TextNode(.field("body"), style: style, isMarkup: true))])))
        #expect(try cell.height(for: ["body": "<big>big</big>"], width: 300) > (try cell.height(for: ["body": "big"], width: 300)))
        #expect(throws: CellTemplateError.invalidMarkup(path: "root.child.children[1]", MarkupError(.unclosedTag("i"), at: 6))) {
            try cell.height(for: ["body": "<i>bad"], width: 300)
        }
        #expect(throws: CellTemplateError.self) { try cell.prepare(["body": "<i>bad"]) }
    }

    @Test func theJSONFormTakesMarkup() throws {
        let json = #"{"root": {"type": "text", "text": "<i>{a}</i>", "markup": true}}"#
        let cell = try CellTemplate(json: Data(json.utf8))
        #expect(cell.fields == ["a"])
        guard case .text(let node) = cell.root else { Issue.record("not a text node"); return }
        #expect(node.isMarkup)
    }
}
