import ArgumentParser
import Foundation
import LineBreak

/// `rowheight breaks`: where a text may break, and why a line broke where it did.
struct BreaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breaks",
        abstract: "Show the line-break opportunities of a text (UAX #14, Unicode 15.0).",
        discussion: """
            With TEXT, prints the text with '÷' where a line may break and '⏎' after a mandatory
            break, then the segments (the text between two opportunities) with their scalar ranges.
            With --input, reads JSON Lines (objects with a string "text"; '-' is standard input) and
            prints one object per line: {"breaks":[…],"mandatory":[…]}. Offsets count Unicode scalars:
            k means a line may break between scalar k−1 and scalar k.

            Examples:
              rowheight breaks "Price: \\$9.99 (incl. tax)—see https://example.com"
              rowheight breaks --input Tests/LineBreakTests/Fixtures/sample.jsonl
            """
    )

    @Argument(help: "A text to show the breaks of (instead of --input).")
    var text: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("JSON Lines file, or - for standard input.", valueName: "file"))
    var input: String?

    @Option(help: ArgumentHelp("Worker threads (default: all cores).", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .customLong("skip-invalid"), help: "Report bad input lines on stderr and go on.")
    var skipInvalid = false

    func validate() throws {
        if text == nil && input == nil { throw ValidationError("give a TEXT or --input FILE") }
        if text != nil && input != nil { throw ValidationError("give either a TEXT or --input, not both") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        if let text {
            var out = OutputBuffer()
            out.append(BreaksCommand.describe(text))
            try out.flush()
            return
        }
        let source = try InputSource(path: input ?? "-")
        let summary = try OrderedPipeline<JSONLineParser>(jobs: jobs).run(
            source: source, skipInvalid: skipInvalid, makeState: { JSONLineParser() },
            process: { line, lineNumber, parser, output throws(RecordFailure) in
                let field = try TextField.read(line: line, lineNumber: lineNumber, parser: &parser)
                parser.withString(field) { BreaksCommand.appendRecord($0, to: &output) }
            })
        if summary.invalid > 0 {
            RowHeightCommand.fail("\(summary.invalid) invalid record\(summary.invalid == 1 ? "" : "s") skipped")
        }
    }

    /// `{"breaks":[…],"mandatory":[…]}` in Unicode-scalar offsets.
    static func appendRecord(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer) {
        output.append("{\"breaks\":[")
        var mandatory: [Int] = []
        var scalars = 0
        var byte = 0
        var first = true
        for opportunity in LineBreakIterator(utf8: bytes) {
            while byte < opportunity.offset {
                if bytes[byte] & 0xC0 != 0x80 { scalars += 1 }
                byte += 1
            }
            if !first { output.appendByte(UInt8(ascii: ",")) }
            first = false
            output.append(scalars)
            if opportunity.isMandatory { mandatory.append(scalars) }
        }
        output.append("],\"mandatory\":[")
        for (i, offset) in mandatory.enumerated() {
            if i > 0 { output.appendByte(UInt8(ascii: ",")) }
            output.append(offset)
        }
        output.append("]}\n")
    }

    /// The readable form: the text with marks, then one line per segment.
    static func describe(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let breaks = text.lineBreakScalarOffsets
        func visible(_ s: Unicode.Scalar) -> String {
            switch s.value {
            case 0x0A: return "␊"
            case 0x0D: return "␍"
            case 0x09: return "␉"
            case 0x20: return "·"
            case 0x00..<0x20, 0x7F: return "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            case 0x85, 0x2028, 0x2029, 0x200B, 0x200D, 0x2060, 0xFEFF, 0x00A0:
                return "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            default: return String(s)
            }
        }
        var marked = ""
        var next = 0
        for (i, scalar) in scalars.enumerated() {
            marked += visible(scalar)
            if next < breaks.count && breaks[next].offset == i + 1 {
                marked += breaks[next].isMandatory ? "⏎" : (i + 1 == scalars.count ? "" : "÷")
                next += 1
            }
        }
        var lines = [
            marked,
            "",
            "÷ a line may break here   ⏎ a line must break here   · space   ␊ LF  ␍ CR  ␉ tab",
            "\(breaks.count) break opportunit\(breaks.count == 1 ? "y" : "ies") in \(scalars.count) scalars; segments:",
        ]
        var start = 0
        for (offset, isMandatory) in breaks {
            let segment = scalars[start..<offset].map(visible).joined()
            lines.append("  [\(start)..<\(offset)] \(segment)\(isMandatory ? "  (mandatory break)" : "")")
            start = offset
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
