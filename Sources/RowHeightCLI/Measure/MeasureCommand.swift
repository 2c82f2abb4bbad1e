import ArgumentParser
import Foundation
import RowHeight
import TextMeasure

/// `rowheight measure`: line count and height of texts at one or more widths.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure texts: line count and height at a width.",
        discussion: """
            With TEXT, prints a readable summary (--json: one JSON object). With --input, reads JSON
            Lines (objects with a string "text"; '-' is standard input) and prints one JSON object per
            input line, in input order, whatever --jobs is:
              {"lines":N,"height":H,"maxLineWidth":W}          with one width
              {"lines":[N1,N2],"height":[H1,H2]}               with several, in the order given
            Heights and widths are in points; heights are rounded up to the pixel grid of --scale.

            Examples:
              rowheight measure "Hello, world" --width 120
              rowheight measure --input Examples/sample.jsonl --width 375 --jobs 2
              rowheight measure --input rows.jsonl --widths 320,375,414 --profile pango
            """
    )

    @Argument(help: "A text to measure (instead of --input).")
    var text: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("JSON Lines file to measure, or - for standard input.", valueName: "file"))
    var input: String?

    @Option(name: .customLong("width"), help: ArgumentHelp("Max layout width in points; repeat for several (default 375).", valueName: "pt"))
    var widthList: [Double] = []

    @Option(name: .customLong("widths"), help: ArgumentHelp("Several widths, comma-separated.", valueName: "pt,pt"))
    var widthsCSV: String?

    @OptionGroup var style: StyleOptions

    @Option(help: ArgumentHelp(
        "A cell template (JSON, see the README): the input rows then carry the template's fields and each output is the cell height.",
        valueName: "file"))
    var template: String?

    @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print the TEXT result as JSON.")
    var json = false

    @Flag(name: .customLong("skip-invalid"), help: "Report bad input lines on stderr and go on.")
    var skipInvalid = false

    @Flag(help: "Print a summary (rows, seconds, rows/s, peak memory) to stderr.")
    var stats = false

    func validate() throws {
        if text == nil && input == nil { throw ValidationError("give a TEXT to measure or --input FILE") }
        if text != nil && input != nil { throw ValidationError("give either a TEXT or --input, not both") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    /// The widths asked for, checked before anything is measured.
    func widths() throws -> [Double] {
        var widths = widthList
        if let csv = widthsCSV {
            for part in csv.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = Double(part.trimmingCharacters(in: .whitespaces)) else {
                    throw InputError("invalid width '\(part)' in --widths")
                }
                widths.append(value)
            }
        }
        if widths.isEmpty { widths = [375] }
        for width in widths where !(width.isFinite && width > 0) { throw TextMeasureError.invalidWidth(width) }
        return widths
    }

    func run() throws {
        let widths = try widths()
        if let template {
            try runTemplate(try TemplateFile.load(template), widths: widths)
            return
        }
        let measurer = try TextMeasurer(style: try style.makeStyle())
        if let text {
            try printSummary(text, measurer: measurer, widths: widths)
            return
        }
        let source = try InputSource(path: input ?? "-")
        let clock = ContinuousClock()
        let start = clock.now
        let pipeline = OrderedPipeline<RowMeasurer>(jobs: jobs)
        let summary = try pipeline.run(
            source: source, skipInvalid: skipInvalid,
            makeState: { RowMeasurer(measurer: measurer, widths: widths) },
            process: { line, lineNumber, state, output throws(RecordFailure) in
                try state.measure(line: line, lineNumber: lineNumber, into: &output)
            })
        if stats {
            let seconds = Double((clock.now - start).components.attoseconds) / 1e18
                + Double((clock.now - start).components.seconds)
            FileHandleError.write(RunStatistics(rows: summary.records, seconds: seconds).description + "\n")
        }
        if summary.invalid > 0 {
            RowHeightCommand.fail("\(summary.invalid) invalid record\(summary.invalid == 1 ? "" : "s") skipped")
        }
    }

    private func runTemplate(_ template: CellTemplate, widths: [Double]) throws {
        if text != nil { throw InputError("--template measures JSON Lines rows: use --input, not a TEXT") }
        let source = try InputSource(path: input ?? "-")
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try OrderedPipeline<TemplateRowMeasurer>(jobs: jobs).run(
            source: source, skipInvalid: skipInvalid,
            makeState: { TemplateRowMeasurer(template: template, widths: widths) },
            process: { line, lineNumber, state, output throws(RecordFailure) in
                try state.measure(line: line, lineNumber: lineNumber, into: &output)
            })
        if stats {
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            FileHandleError.write(RunStatistics(rows: summary.records, seconds: seconds).description + "\n")
        }
        if summary.invalid > 0 {
            RowHeightCommand.fail("\(summary.invalid) invalid record\(summary.invalid == 1 ? "" : "s") skipped")
        }
    }

    private func printSummary(_ text: String, measurer: TextMeasurer, widths: [Double]) throws {
        var out = OutputBuffer()
        if json {
            var measurements: [TextMeasurement] = []
            for width in widths { measurements.append(try measurer.measure(text, width: width)) }
            RowMeasurer.appendRecord(measurements, to: &out)
        } else {
            let fonts = measurer.style.fontChain.fonts.map(\.familyName).joined(separator: " → ")
            for width in widths {
                let m = try measurer.measure(text, width: width, includeLines: true)
                out.append("width \(format(width)) pt · \(fonts) \(format(measurer.style.fontSize)) pt · ")
                out.append("\(style.lineBreak.rawValue) wrapping · \(measurer.style.profile.rawValue)\n")
                out.append("  lines: \(m.lineCount)   height: \(format(m.height)) pt   widest line: \(format(m.maxLineWidth)) pt\n")
                let utf8 = Array(text.utf8)
                for (i, line) in (m.lines ?? []).prefix(m.lineCount).enumerated() {
                    let content = String(decoding: utf8[line.utf8Range], as: UTF8.self)
                        .replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\r", with: "␍")
                    out.append("  \(i + 1): \(format(line.width)) pt  │\(content)│\n")
                }
            }
        }
        try out.flush()
    }

    private func format(_ value: Double) -> String {
        var b = OutputBuffer(capacity: 16)
        b.append(value)
        return String(decoding: b.bytes, as: UTF8.self)
    }
}
