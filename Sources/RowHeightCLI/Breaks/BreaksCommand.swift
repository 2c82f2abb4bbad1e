import ArgumentParser
import TextMeasure
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `rowheight breaks`: where a text may break (UAX #14), and why a line broke where it did.
struct BreaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breaks",
        abstract: "Show the line-break opportunities of a text (UAX #14, Unicode 15.0).",
        usage: "rowheight breaks [<text>] [--input <file>] [<options>]",
        discussion: """
            With TEXT, prints the text with '÷' where a line may break and '⏎' where it must (after a line feed, carriage return…), spaces as '·' and control characters as '␊', '␍', '␉'…; then the segments between the breaks with their scalar ranges, and every scalar with its Line_Break class and the break after it. --compact prints only the marked text.

            With --input, reads rows as measure does — JSON Lines objects with a string "text", or CSV/TSV with a header row (--input-format, --text-column); '-' is standard input — and prints one JSON object per row, in input order whatever --jobs is:
              {"breaks":[…],"mandatory":[…]}
            Offsets count Unicode scalars: k means a line may break between scalar k−1 and scalar k, so for a non-empty text the last offset is its scalar count; "mandatory" lists the offsets where the break is mandatory. A bad row stops the run with 'rowheight: error: FILE:LINE: what is wrong' (exit 1), after everything before it was written.

            Examples:
              rowheight breaks 'Price: $9.99 (incl. tax) — see https://example.com/a-b'
              echo '{"text":"Hello, world"}' | rowheight breaks --input -
            """
    )

    @Argument(help: "A text to show the breaks of (instead of --input).")
    var text: String?

    @OptionGroup(title: "Input") var rows: InputOptions

    /// `--input`.
    var input: String? { rows.input }

    @Option(
        help: ArgumentHelp("Worker threads for --input (1 to 256); by default one per active processor.", valueName: "n"))
    var jobs: Int = OptionRanges.defaultJobs

    @Flag(help: "With TEXT, print only the text with its breaks marked.")
    var compact = false

    @Flag(help: "Read each text as Pango markup (as measure --markup) and show the breaks of the text it holds.")
    var markup = false

    func validate() throws {
        if text == nil && input == nil { throw ValidationError("Give a TEXT or --input FILE.") }
        if text != nil && input != nil { throw ValidationError("Give either a TEXT or --input, not both.") }
        try OptionRanges.jobs.check(jobs, option: "--jobs")
    }

    func run() throws {
        if var text {
            if markup {
                do { text = try AttributedText(markup: text).string } catch { throw CLIError(error.description) }
            }
            var out = OutputBuffer()
            out.append(BreaksReport(text: text).render(compact: compact))
            try out.flush()
            return
        }
        let (source, layout) = try rows.open()
        _ = try OrderedPipeline<BreaksRecordEncoder>(jobs: jobs).run(
            source: source, skipInvalid: false,
            makeState: { [markup] in BreaksRecordEncoder(layout: layout, markup: markup) },
            process: { line, lineNumber, encoder, output throws(RecordFailure) in
                try encoder.encode(line: line, lineNumber: lineNumber, into: &output)
            })
    }
}
