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
            Draws TEXT wrapped at --width (or the text of the row that starts at line N of a JSON Lines, CSV or TSV file, read as measure reads it; with --template, the whole cell for that row) with the glyphs FreeType rasterizes, at the positions the measurer computed. Line boxes are outlined in blue (filled as far as each line's content reaches, with its baseline), template node frames by kind (boxes gray, insets orange, stacks green, texts dark blue), and the max width is a red line with the area past it tinted. The picture is the width plus a 16 pt margin by the measured height, at --scale pixels per point.

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
        let canvas: Canvas
        do {
            canvas = try picture()
        } catch let error as GlyphRasterError {
            throw CLIError(error.description)
        }
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        } catch {
            throw CLIError(error.description)
        }
        try RenderCommand.write(png, to: output)
    }

    /// Lays out and draws what the options ask for.
    private func picture() throws -> Canvas {
        if let template, let input, let line {
            let cell = try TemplateFile.load(template)
            let row = try RenderRow.fields(cell.fields, line: line, of: rows)
            do {
                return try LayoutPicture.cell(cell, row: row, width: width, scale: style.scale)
            } catch let error as CellTemplateError {
                throw InputError(source: input, line: line, error.description)
            }
        }
        let measurer = try TextMeasurer(style: try style.makeStyle())
        if input != nil, let line {
            let row = try RenderRow.fields(nil, line: line, of: rows)
            return try LayoutPicture.text(row[rows.textColumn] ?? "", measurer: measurer, width: width, scale: style.scale)
        }
        return try LayoutPicture.text(text ?? "", measurer: measurer, width: width, scale: style.scale)
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
