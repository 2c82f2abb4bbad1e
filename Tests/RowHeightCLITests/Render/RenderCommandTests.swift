import Foundation
import RowHeight
@testable import RowHeightCLI
import Testing
import TextMeasure

/// `rowheight render`, run as a binary; the PNG it writes is decoded with libpng and compared
/// with the layout the library computes.
@Suite("rowheight render: pictures of layouts, end to end")
struct RenderCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tableCell = repository.appendingPathComponent("Examples/templates/table-cell.json").path

    /// Rows `[top, bottom)` in pixels of each line box of a measured text whose top is at `y`.
    static func lineBoxRows(_ lines: [LineFragment], style: TextStyle, y: Double, scale: Double) -> [Range<Int>] {
        var top = y
        return lines.map { line in
            let box = line.lineHeight * style.lineHeightMultiple
            defer { top += box + style.lineSpacing }
            return Int((top * scale).rounded())..<Int(((top + box) * scale).rounded())
        }
    }

    /// Checks that every line box has glyph ink, and none reaches past its line's width (plus
    /// `slack` pixels of overhang) or past the max width in the layout's part of the picture
    /// (its top `layoutHeight` points; the legend is below).
    static func expectInk(
        _ png: DecodedPNG, lines: [LineFragment], style: TextStyle, x: Double, y: Double, maxWidth: Double, scale: Double,
        layoutHeight: Double, slack: Int = 2
    ) {
        let rows = lineBoxRows(lines, style: style, y: y, scale: scale)
        let left = Int((x * scale).rounded())
        for (line, rows) in zip(lines, rows) {
            let inkEnd = Int(((x + line.width) * scale).rounded(.up)) + slack
            #expect(png.darkPixels(columns: left..<inkEnd, rows: rows) > 10, "no glyphs in line box \(rows)")
            #expect(png.darkPixels(columns: inkEnd..<png.width, rows: rows) == 0, "ink past the line's width in \(rows)")
        }
        let maxColumn = Int(((x + maxWidth) * scale).rounded())
        let layoutRows = 0..<Int((layoutHeight * scale).rounded())
        #expect(png.darkPixels(columns: maxColumn..<png.width, rows: layoutRows) == 0, "ink past the max width")
        // The legend below the layout is written out.
        #expect(png.darkPixels(columns: 0..<png.width, rows: layoutRows.upperBound..<png.height) > 100, "no legend")
    }

    @Test("TEXT: the picture is (width + 16 pt) × the measured height at the scale, with glyphs in every line box",
          arguments: [1.0, 2.0])
    func text(scale: Double) throws {
        let text = "The quick brown fox jumps over the lazy dog. Wavy AVA kerning and a longer tail of words."
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("text.png").path
        let run = try RowHeightExecutable.run(["render", text, "--width", "160", "--scale", "\(scale)", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)

        let style = try TextStyle.bundled(fontSize: 17, scale: scale)
        let measurement = try TextMeasurer(style: style).measure(text, width: 160, includeLines: true)
        let lines = try #require(measurement.lines)
        try #require(lines.count >= 4)
        let png = try DecodedPNG(contentsOf: out)
        // render prints the file, the height and the legend: every line's height and width.
        let report = run.outputLines
        #expect(report.first == "wrote \(out) (\(png.width)×\(png.height) pixels): height \(Int(measurement.height)) pt")
        #expect(report.contains("  \(lines.count) lines: " + Array(repeating: "19.79", count: lines.count).joined(separator: " + ")
            + " = \(LayoutExplanation.n(19.7890625 * Double(lines.count))) → \(Int(measurement.height)) pt"))
        #expect(report.filter { $0.hasPrefix("  line ") }.count == lines.count)
        #expect(png.width >= Int(((160 + 16) * scale).rounded(.up)))
        #expect(png.height > Int((measurement.height * scale).rounded()))
        Self.expectInk(png, lines: lines, style: style, x: 0, y: 0, maxWidth: 160, scale: scale, layoutHeight: measurement.height)
        // The max-width mark: a red column at x = width, the layout's height.
        let mark = png.pixel(x: Int(160 * scale), y: Int(measurement.height * scale / 2))
        #expect(mark.red > 200 && mark.green < 80 && mark.blue < 80)
    }

    @Test("Japanese through the bundled IPAexGothic fallback, with line spacing: ink in every (spaced) line box")
    func japanese() throws {
        let text = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("ja.png").path
        let run = try RowHeightExecutable.run(["render", text, "--width", "120", "--line-spacing", "5", "--scale", "2", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let style = try TextStyle.bundled(fontSize: 17, lineSpacing: 5, scale: 2)
        let measurement = try TextMeasurer(style: style).measure(text, width: 120, includeLines: true)
        let lines = try #require(measurement.lines)
        try #require(lines.count >= 3)
        let png = try DecodedPNG(contentsOf: out)
        #expect(png.height > Int((measurement.height * 2).rounded()))
        Self.expectInk(png, lines: lines, style: style, x: 0, y: 0, maxWidth: 120, scale: 2, layoutHeight: measurement.height)
        // No ink in the spacing between lines.
        let rows = Self.lineBoxRows(lines, style: style, y: 0, scale: 2)
        for (above, below) in zip(rows, rows.dropFirst()) {
            #expect(png.darkPixels(columns: 0..<png.width, rows: above.upperBound..<below.lowerBound) == 0)
        }
    }

    @Test("--template with --input --line: the cell's size, the box's frame, the text's lines where the template put them")
    func template() throws {
        let directory = try TemporaryDirectory()
        let rows = try directory.file("rows.jsonl", text: """
            {"text":"short"}
            {"text":"いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえて"}

            """)
        let out = directory.url.appendingPathComponent("cell.png").path
        let run = try RowHeightExecutable.run(
            ["render", "--template", Self.tableCell, "--input", rows, "--line", "2", "--width", "240", "--scale", "2", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")

        let template = try CellTemplate(contentsOf: URL(fileURLWithPath: Self.tableCell))
        let row = ["text": "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえて"]
        let layout = try template.layout(for: row, width: 240)
        let png = try DecodedPNG(contentsOf: out)
        #expect(png.width >= (240 + 16) * 2)
        #expect(png.height > Int((layout.height * 2).rounded()))
        let layoutRows = Int((layout.height * 2).rounded())
        // The height render says is the one measure gives.
        let measured = try RowHeightExecutable.run(
            ["measure", "--template", Self.tableCell, "--input", rows, "--width", "240"])
        #expect(measured.outputLines.last == "{\"height\":\(Int(layout.height))}")
        #expect(run.outputLines.first == "wrote \(out) (\(png.width)×\(png.height) pixels): height \(Int(layout.height)) pt")
        try #require(layout.height > 76, "the text, not the 60 pt box, sets the height")

        let text = try #require(layout.frames.first { $0.kind == "text" })
        let lines = try #require(text.text?.lines)
        guard case .inset(_, .hstack(_, let children)) = template.root, case .text(let node) = children[1] else {
            Issue.record("table-cell.json is inset → hstack [box, text]")
            return
        }
        Self.expectInk(
            png, lines: lines, style: node.style, x: text.x, y: text.y, maxWidth: text.width, scale: 2,
            layoutHeight: layout.height)
        // Nothing dark below the last line (the bottom inset) nor in the fixed box, which is shaded gray.
        let textBottom = Int(((text.y + text.height) * 2).rounded())
        #expect(png.darkPixels(columns: 0..<png.width, rows: textBottom..<layoutRows) == 0)
        let box = try #require(layout.frames.first { $0.kind == "box" })
        #expect(png.darkPixels(columns: Int(box.x * 2)..<Int((box.x + box.width) * 2), rows: 0..<layoutRows) == 0)
        let inside = png.pixel(x: Int((box.x + box.width / 2) * 2), y: Int((box.y + box.height / 2) * 2))
        #expect(inside.red == inside.green && inside.green == inside.blue && inside.red < 240 && inside.red > 150)
    }

    @Test("--input --line without a template draws the row's \"text\"")
    func inputLine() throws {
        let directory = try TemporaryDirectory()
        let rows = try directory.file("rows.jsonl", text: "{\"text\":\"one\"}\n{\"text\":\"two words\",\"id\":2}\n")
        let out = directory.url.appendingPathComponent("row.png").path
        let run = try RowHeightExecutable.run(["render", "--input", rows, "--line", "2", "--width", "70", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let style = try TextStyle.bundled()
        let measurement = try TextMeasurer(style: style).measure("two words", width: 70, includeLines: true)
        #expect(measurement.lineCount == 2)
        let png = try DecodedPNG(contentsOf: out)
        #expect(png.height > Int(measurement.height))
        Self.expectInk(
            png, lines: try #require(measurement.lines), style: style, x: 0, y: 0, maxWidth: 70, scale: 1,
            layoutHeight: measurement.height)
    }

    @Test("Errors: one line on stderr, exit 1, no picture written")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let rows = try directory.file("rows.jsonl", text: "{\"text\":\"a\"}\n{\"txt\":\"b\"}\n")
        let notAFont = try directory.file("font.ttf", text: "not a font")
        let out = directory.url.appendingPathComponent("out.png").path
        let cases: [(arguments: [String], message: String)] = [
            (["render", "--input", rows, "--line", "3", "-o", out], "\(rows): line 3 is out of range: the input has 2 lines"),
            (["render", "--input", rows, "--line", "0", "-o", out], "\(rows): line 0 is out of range: the input has 2 lines"),
            (["render", "--input", rows, "--line", "2", "-o", out], "\(rows):2: field \"text\" is missing"),
            (["render", "--template", "/nonexistent/cell.json", "--input", rows, "--line", "1", "-o", out],
             "/nonexistent/cell.json: no such template file"),
            (["render", "hello", "-o", "/nonexistent-dir/out.png"],
             "/nonexistent-dir/out.png: cannot open for writing: No such file or directory"),
            (["render", "hello", "--width", "0", "-o", out], TextMeasureError.invalidWidth(0).description),
            (["render", "hello", "--width=-5", "-o", out], TextMeasureError.invalidWidth(-5).description),
            (["render", "hello", "--font", notAFont, "-o", out], FontError.notAFont(path: notAFont).description),
            (["render", "", "-o", out], "nothing to draw: the text has no lines (height 0)"),
            // DejaVu Sans 17 pt: one line is 19.7891 pt; with the legend below it (8 pt, then three
            // lines of 11 pt: 46.42 pt in all) 66.2 pt, 66,205 pixels at scale 1000.
            (["render", "hello", "--scale", "1000", "-o", out],
             "the picture would be 391000×66205 pixels; at most 16384 on a side: lower --scale or --width"),
        ]
        for (arguments, message) in cases {
            let run = try RowHeightExecutable.run(arguments)
            #expect(run.exitCode == 1, "\(arguments)")
            #expect(run.stderr == "rowheight: error: \(message)\n", "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments)")
        }
    }

    @Test("Usage errors (TEXT and --input, --input without --line, no -o) exit 64 as argument-parser's do")
    func usage() throws {
        for arguments in [["render", "a", "--input", "x", "--line", "1", "-o", "o.png"], ["render", "--input", "x", "-o", "o.png"], ["render", "hello"]] {
            let run = try RowHeightExecutable.run(arguments)
            #expect(run.exitCode == 64, "\(arguments)")
        }
    }
}
