import ArgumentParser
import TextMeasure

/// `rowheight`: how tall each row of a list is at a width, computed before anything is drawn.
///
/// Errors in the input, the fonts or the output are printed once, as one line
/// `rowheight: error: <what>` on stderr, with exit code 1; usage errors are argument-parser's
/// (message and usage, exit code 64).
@main
struct RowHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowheight",
        abstract: "Exact heights of table rows and text at a width, computed before anything is drawn.",
        discussion: """
            Examples:
              rowheight measure "Hello, world" --width 120
              rowheight measure --input Examples/sample.jsonl --width 375 --jobs 2
              rowheight breaks "Don't break—here"
              rowheight breaks --input rows.jsonl

            Input files are JSON Lines: one JSON object per line ("-" reads standard input). Output records come in input order, one per line, whatever --jobs is.

            Exit codes: 0 success; 1 bad input, font or output, reported as 'rowheight: error: FILE:LINE: what is wrong'; 64 usage errors.
            """,
        version: "0.1.0",
        subcommands: [MeasureCommand.self, DatasetCommand.self, BreaksCommand.self]
    )

    /// Runs the command line; prints input, font and output errors as one line each.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            fail(error.description)
        } catch let error as CLIError {
            fail(error.description)
        } catch let error as FontError {
            fail(error.description)
        } catch let error as TextMeasureError {
            fail(error.description)
        } catch {
            exit(withError: error)
        }
    }

    /// Prints `rowheight: error: <message>` on stderr and exits with code 1.
    static func fail(_ message: String) -> Never {
        StandardError.write("rowheight: error: \(message)\n")
        exit(withError: ExitCode(1))
    }
}
