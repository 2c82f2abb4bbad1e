import ArgumentParser
import RowHeight
import TextMeasure

/// `rowheight measure`: line count and height of texts (or cell heights of rows, with a
/// template) at one or more widths.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure texts or table rows: line count and height at one or more widths.",
        discussion: """
            With TEXT, prints a readable summary of every line (--format text, the default), or one record in another --format (--json = --format jsonl).

            With --input, reads rows from a file ('-' is standard input): JSON Lines (objects with a string "text"), or CSV/TSV with a header row; --text-column names another column (or key) for the text. The format comes from the extension (.csv, .tsv; .jsonl, .json and anything else are JSON Lines) or --input-format. CSV follows RFC 4180: a field that starts with a quote may hold commas, doubled quotes ("") and newlines, so a record may span lines; a quote further into a field is just a quote (A 27" monitor); empty lines are skipped. TSV is the same with tabs (quoting included). Prints one record per row, in input order whatever --jobs is:
              jsonl (default), one width:  {"lines":N,"height":H,"maxLineWidth":W}
              jsonl, several widths:       {"lines":[N1,N2],"height":[H1,H2]}
              csv or tsv:  a header row    lines_320,height_320,lines_375,height_375
                           then per row    3,60,2,40
            With --template, rows carry the template's fields (JSON keys or CSV columns) and each record is the cell height: {"height":H}, {"height":[H1,H2]}, or CSV/TSV height_320,height_375. Widths come in the order given; heights, widths and line widths are in points, heights rounded up to the pixel grid of --scale. --keep FIELD copies that input field (an id) into every record, first: {"id":17,"lines":…} or CSV column id.

            The first bad row stops the run with 'rowheight: error: FILE:LINE: what is wrong' (LINE: the first line of the row) after every row before it was written; --skip-invalid reports each bad row the same way, gives it the record {"line":N,"error":"…"} (CSV/TSV: empty fields) so that records still line up with rows, goes on, and ends with the count (exit 1). Bad fonts, templates, widths and headers fail before any output.

            Examples:
              rowheight measure "Hello, world" --width 120
              rowheight measure --width 120 -- "-5 °C outside"
              rowheight measure --input Examples/sample.jsonl --width 375 --jobs 2
              rowheight measure --input rows.csv --text-column body --keep id --format csv
              rowheight measure --input rows.jsonl --template cell.json --width 375
              rowheight dataset --rows 100000 | rowheight measure -i - --stats
            """
    )

    @Argument(help: "A text to measure (instead of --input).")
    var text: String?

    @OptionGroup(title: "Input") var rows: InputOptions

    /// `--input`.
    var input: String? { rows.input }

    @Option(
        help: ArgumentHelp(
            "Output: jsonl, csv, tsv, or text (TEXT only). Default: text for TEXT, jsonl for --input.",
            valueName: "format"))
    var format: OutputFormat?

    @Option(
        name: .customLong("width"),
        help: ArgumentHelp("Max layout width in points; repeat for several (default 375).", valueName: "pt"))
    var widthList: [Double] = []

    @Option(name: .customLong("widths"), help: ArgumentHelp("Several widths, comma-separated.", valueName: "pt,pt"))
    var widthsCSV: String?

    @OptionGroup(title: "Text style") var style: StyleOptions

    @Option(
        help: ArgumentHelp(
            "A cell template (JSON, see the README): rows then carry the template's fields and each record is the cell height.",
            valueName: "file"))
    var template: String?

    @Flag(
        help: ArgumentHelp(
            "Read each text as Pango markup (<b>, <i>, <big>, <small>, <span font_family= size= weight= style= letter_spacing=>, entities; see the README). Bad markup is an error naming the row and the byte."))
    var markup = false

    @OptionGroup(title: "Run") var execution: RunOptions

    @OptionGroup(title: "Missing glyphs") var glyphs: MissingGlyphOptions

    @Flag(help: "Same as --format jsonl.")
    var json = false

    @Flag(
        name: .customLong("skip-invalid"),
        help: ArgumentHelp(
            "Report bad rows on stderr, give each an error record (JSON) or empty fields (CSV/TSV), go on, and end with their count (exit 1)."))
    var skipInvalid = false

    @Option(
        name: .customLong("keep"),
        help: ArgumentHelp(
            "An input field (JSON key or CSV/TSV column) to copy into each record, e.g. an id; repeat for several.",
            valueName: "field"))
    var keep: [String] = []

    func validate() throws {
        if text == nil && input == nil { throw ValidationError("give a TEXT to measure or --input FILE") }
        if text != nil && input != nil { throw ValidationError("give either a TEXT or --input, not both") }
        if json && format != nil && format != .jsonl {
            throw ValidationError("--json is --format jsonl: give one of them")
        }
        if input != nil && format == .text {
            throw ValidationError("--format text is for a TEXT argument; use jsonl, csv or tsv with --input")
        }
        if text != nil && template != nil { throw ValidationError("--template measures rows: use --input, not a TEXT") }
        if markup && template != nil {
            throw ValidationError("--markup is for texts; a template marks its markup text nodes with \"markup\": true")
        }
        if text != nil && !keep.isEmpty { throw ValidationError("--keep copies input fields: use --input, not a TEXT") }
        _ = try widths()
    }

    /// The output format asked for, or the default.
    var outputFormat: OutputFormat { json ? .jsonl : format ?? (text != nil ? .text : .jsonl) }

    /// The widths asked for, in order (375 if none).
    ///
    /// - Throws: `ValidationError` (a usage error) for a width that is not a number or is out of
    ///   `OptionRanges.length`.
    func widths() throws(ValidationError) -> [Double] {
        try OptionRanges.length.check(widthList, option: "--width")
        var widths = widthList
        if let csv = widthsCSV {
            for part in csv.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = Double(Self.trimmingWhitespace(part)) else {
                    throw ValidationError("--widths: '\(part)' is not a number of points")
                }
                try OptionRanges.length.check(value, option: "--widths")
                widths.append(value)
            }
        }
        return widths.isEmpty ? [375] : widths
    }

    func run() throws {
        let widths = try widths()
        let format = outputFormat
        let log = glyphs.makeLog()
        if let text {
            let measurer = try TextMeasurer(style: try style.makeStyle())
            if markup {
                let attributed: AttributedText
                do { attributed = try AttributedText(markup: text) } catch { throw CLIError(error.description) }
                try measureText(attributed.string, measurer: measurer, widths: widths, format: format, log: log) {
                    try measurer.measure(attributed, width: $0, includeLines: $1)
                }
            } else {
                try measureText(text, measurer: measurer, widths: widths, format: format, log: log) {
                    try measurer.measure(text, width: $0, includeLines: $1)
                }
            }
            log.printWarning(source: nil)
            return
        }
        // Everything that can fail before the first row does so before any output.
        let template = try template.map(TemplateFile.load)
        let measurer = template == nil ? try TextMeasurer(style: try style.makeStyle()) : nil
        let (source, layout) = try rows.open(
            fields: template?.fields, optional: template.map(TemplateFile.optionalFields), keeping: keep)
        let writer = try execution.makeWriter(reading: source)
        var head = OutputBuffer(capacity: 256)
        MeasureRecordFormat.appendHeader(format, widths: widths, template: template != nil, kept: keep, to: &head)
        try writer.write(head)

        if let template {
            try stream(source: source, writer: writer, log: log) {
                TemplateRowMeasurer(
                    template: template, widths: widths, format: format, fields: RecordFields(layout: layout),
                    missing: log)
            } process: { line, lineNumber, state, output throws(RecordFailure) in
                try state.measure(line: line, lineNumber: lineNumber, into: &output)
            }
        } else if let measurer, !markup, layout == RecordLayout(jsonFields: ["text"]), format == .jsonl {
            // The common case, JSON Lines in and out with nothing kept: its own parser.
            try stream(source: source, writer: writer, log: log) {
                RowMeasurer(measurer: measurer, widths: widths, missing: log)
            } process: { line, lineNumber, state, output throws(RecordFailure) in
                try state.measure(line: line, lineNumber: lineNumber, into: &output)
            }
        } else if let measurer {
            try stream(source: source, writer: writer, log: log) {
                TextRowMeasurer(
                    measurer: measurer, widths: widths, format: format, fields: RecordFields(layout: layout),
                    markup: markup, missing: log)
            } process: { line, lineNumber, state, output throws(RecordFailure) in
                try state.measure(line: line, lineNumber: lineNumber, into: &output)
            }
        }
    }

    /// Runs the rows of `source` through the ordered pipeline with progress, `--stats`, the
    /// missing-glyph warning and the `--skip-invalid` count.
    private func stream<State>(
        source: InputSource, writer: OutputWriter, log: MissingGlyphLog, makeState: @escaping @Sendable () throws -> State,
        process: @escaping OrderedPipeline<State>.Process
    ) throws {
        let start = ContinuousClock.now
        let size = source.size
        let progress = execution.makeProgress {
            size.map { $0 > 0 ? Double(source.bytesRead) / Double($0) : 1 }
        }
        let columns = MeasureRecordFormat.columnCount(widths: try widths().count, template: template != nil, kept: keep.count)
        let format = outputFormat
        let summary: OrderedPipeline<State>.Summary
        do {
            summary = try OrderedPipeline<State>(jobs: execution.jobs).run(
                source: source, output: writer, skipInvalid: skipInvalid, makeState: makeState, process: process,
                invalidRecord: { failure, output in
                    MeasureRecordFormat.appendInvalidRecord(failure, format: format, columns: columns, to: &output)
                },
                onBatch: { progress.update(rows: $0.records + $0.invalid) },
                reportInvalid: { progress.print("rowheight: error: \($0)\n") })
        } catch {
            progress.finish(rows: 0)
            throw error
        }
        progress.finish(rows: summary.records + summary.invalid)
        execution.printStatistics(rows: summary.records, since: start, missing: log)
        log.printWarning(source: source.name)
        if summary.invalid > 0 {
            throw CLIError("\(summary.invalid) invalid row\(summary.invalid == 1 ? "" : "s") skipped")
        }
    }

    /// The TEXT argument (`text`, the markup's text with `--markup`), measured by `measure`
    /// (width, whether lines are wanted): a readable summary, or one record in another format.
    /// Characters no font covers are noted in `log` (the text's, against the style's chain).
    private func measureText(
        _ text: String, measurer: TextMeasurer, widths: [Double], format: OutputFormat, log: MissingGlyphLog,
        measure: (Double, Bool) throws -> TextMeasurement
    ) throws {
        let missing = measurer.missingClusters(in: text)
        do {
            try log.note(line: 1, count: missing.count, first: missing.first)
        } catch {
            throw CLIError(error.message)
        }
        let writer = try execution.makeWriter()
        var out = OutputBuffer()
        if format != .text {
            var measurements: [TextMeasurement] = []
            for width in widths {
                let m = try measure(width, false)
                guard m.isPrintable else { throw CLIError(m.unprintableReason) }
                measurements.append(m)
            }
            MeasureRecordFormat.appendHeader(format, widths: widths, template: false, to: &out)
            MeasureRecordFormat.appendRecord(measurements, format: format, to: &out)
        } else {
            let fonts = measurer.style.fontChain.fonts.map(\.familyName).joined(separator: " → ")
            for width in widths {
                let m = try measure(width, true)
                guard m.isPrintable else { throw CLIError(m.unprintableReason) }
                out.append("width \(Self.format(width)) pt · \(fonts) \(Self.format(measurer.style.fontSize)) pt · ")
                out.append("\(style.lineBreak.rawValue) wrapping · \(measurer.style.profile.rawValue)\n")
                out.append(
                    "  lines: \(m.lineCount)   height: \(Self.format(m.height)) pt   widest line: \(Self.format(m.maxLineWidth)) pt\n"
                )
                let utf8 = Array(text.utf8)
                for (i, line) in (m.lines ?? []).prefix(m.lineCount).enumerated() {
                    let content = String(decoding: utf8[line.utf8Range], as: UTF8.self)
                        .unicodeScalars.map { $0 == "\n" ? "⏎" : $0 == "\r" ? "␍" : String($0) }.joined()
                    out.append("  \(i + 1): \(Self.format(line.width)) pt  │\(content)│\n")
                }
            }
        }
        try writer.write(out)
        try writer.flush()
    }

    /// `text` without the white space at either end — tab, the space separators (Unicode
    /// category Zs) and U+200B ZERO WIDTH SPACE: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes.
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return text[text.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// A number as the records write it (`19.7891`, `20`).
    private static func format(_ value: Double) -> String {
        var b = OutputBuffer(capacity: 16)
        b.append(value)
        return String(decoding: b.bytes, as: UTF8.self)
    }
}
