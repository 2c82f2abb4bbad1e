import ArgumentParser
import RowHeight
import TextMeasure

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `rowheight render`: a PNG picture of a layout, to see why a row is as tall as it is.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a text or a template cell as laid out: glyphs, line boxes, frames, the max width (PNG).",
        discussion: """
            Draws TEXT wrapped at --width (or the text of the row that starts at line N of a JSON Lines, CSV or TSV file, read as measure reads it; with --template, the whole cell for that row) with the glyphs FreeType rasterizes, at the positions the measurer computed. Line boxes are outlined in blue (filled as far as each line's content reaches, with its baseline), template node frames by kind (boxes gray, insets orange, stacks green, texts dark blue), and the max width is a red line with the area past it tinted. The picture is the width plus a 16 pt margin by the measured height, at --scale pixels per point; below it a legend says how the height adds up: each line's height and width, insets, stack spacing, clamps and the rounding to the pixel grid. Prints the file written, the height and the legend.

            Examples:
              rowheight render "Cozy lummox gives smart squid who asks for job pen." \\
                --width 160 --scale 2 -o text.png
              rowheight render --template Examples/templates/table-cell.json \\
                --input Examples/sample.jsonl --line 3 --width 375 -o cell.png
            """
    )

    @Argument(help: "A text to draw (instead of --input).")
    var text: String?

    @OptionGroup(title: "Input") var rows: InputOptions

    /// `--input`: the file holding the row to draw.
    var input: String? { rows.input }

    @Option(help: ArgumentHelp("The line of --input where the row to draw starts (1-based).", valueName: "n"))
    var line: Int?

    @Option(help: ArgumentHelp("A cell template (JSON): draw the whole cell for the row.", valueName: "file"))
    var template: String?

    @Option(help: ArgumentHelp("Max layout width (the cell width with --template), points.", valueName: "pt"))
    var width: Double = 375

    @OptionGroup var style: StyleOptions

    @OptionGroup(title: "Missing glyphs") var glyphs: MissingGlyphOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var output: String?

    func validate() throws {
        if text == nil && input == nil { throw ValidationError("give a TEXT to draw or --input FILE --line N") }
        if text != nil && input != nil { throw ValidationError("give either a TEXT or --input, not both") }
        if input != nil && line == nil { throw ValidationError("--input needs --line N: the row to draw") }
        if line != nil && input == nil { throw ValidationError("--line needs --input FILE") }
        if template != nil && input == nil { throw ValidationError("--template draws a row: give --input FILE --line N") }
        if output == nil { throw ValidationError("no output file: give -o FILE.png") }
    }

    func run() throws {
        guard let output else { throw ValidationError("no output file: give -o FILE.png") }
        guard width.isFinite, width > 0 else { throw TextMeasureError.invalidWidth(width) }
        let picture: (picture: LayoutPicture.Picture, missing: MissingGlyphLog)
        do {
            picture = try self.picture()
        } catch let error as GlyphRasterError {
            throw CLIError(error.description)
        }
        let canvas = picture.picture.canvas
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        } catch {
            throw CLIError(error.description)
        }
        try RenderCommand.write(png, to: output)
        // What was written, and the legend as text (the picture shows it too).
        var report = "wrote \(output) (\(canvas.width)×\(canvas.height) pixels): height \(LayoutExplanation.n(picture.picture.height)) pt\n"
        for line in picture.picture.legend { report += line + "\n" }
        print(report, terminator: "")
        picture.missing.printWarning(source: input)
    }

    /// Notes the drawn row's characters no font covers in a log of its own (`--strict`: the
    /// row's error, naming the input line when there is one).
    private func checkMissing(count: Int, first: Unicode.Scalar?) throws -> MissingGlyphLog {
        let log = glyphs.makeLog()
        do {
            try log.note(line: line ?? 1, count: count, first: first)
        } catch {
            if let input { throw error.inputError(source: input) }
            throw CLIError(error.message)
        }
        return log
    }

    /// Lays out and draws what the options ask for; the log of its characters no font covers.
    private func picture() throws -> (picture: LayoutPicture.Picture, missing: MissingGlyphLog) {
        if let template, let input, let line {
            let cell = try TemplateFile.load(template)
            let row = try RenderRow.fields(
                cell.fields, optional: TemplateFile.optionalFields(of: cell), line: line, of: rows)
            let uncovered = cell.missingClusters(in: row)
            let log = try checkMissing(count: uncovered.count, first: uncovered.first)
            do {
                return (try LayoutPicture.cell(cell, row: row, width: width, scale: style.scale), log)
            } catch let error as CellTemplateError {
                throw InputError(source: input, line: line, error.description)
            }
        }
        let measurer = try TextMeasurer(style: try style.makeStyle())
        var text = self.text ?? ""
        if input != nil, let line {
            let row = try RenderRow.fields(nil, line: line, of: rows)
            text = row[rows.textColumn] ?? ""
        }
        let uncovered = measurer.missingClusters(in: text)
        let log = try checkMissing(count: uncovered.count, first: uncovered.first)
        return (try LayoutPicture.text(text, measurer: measurer, width: width, scale: style.scale), log)
    }

    /// Writes `bytes` to the file at `path`, replacing it.
    ///
    /// - Throws: `CLIError` naming the file and the system's reason.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CLIError("\(path): cannot open for writing: \(SystemCall.errorMessage(errno))") }
        defer { close(fd) }
        let failure = bytes.withUnsafeBytes { raw -> CLIError? in
            do throws(CLIError) {
                try SystemCall.writeAll(fd, raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw CLIError("\(path): \(failure.description)") }
    }
}
