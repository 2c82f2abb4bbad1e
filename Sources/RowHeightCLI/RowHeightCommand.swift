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
              rowheight measure --input rows.csv --widths 320,375 --format csv
              rowheight dataset --rows 1000000 --kind mixed -o rows.jsonl
              rowheight measure --input rows.jsonl --width 375 --stats
              rowheight simulate --input rows.jsonl --width 375 --json
              rowheight render "Hello, world" --width 120 --scale 2 -o hello.png
              rowheight breaks "Don't break—here"
              rowheight fonts "Hi 👋 日本" --font "Noto Sans"

            Input files are JSON Lines (one object per line) or CSV/TSV with a header row; "-" reads standard input. Output records come in input order, one per row, whatever --jobs is. A progress line is drawn on stderr when it is a terminal and the output is not (--progress / --no-progress to choose).

            Exit codes: 0 success; 1 bad input, font, template or output, reported on stderr as one line 'rowheight: error: FILE:LINE: what is wrong' (after every row before a bad one was written); 64 usage errors (unknown option, missing argument, invalid or out-of-range value), with the usage.
            """,
        version: "0.1.0",
        subcommands: [
            MeasureCommand.self, DatasetCommand.self, SimulateCommand.self, RenderCommand.self, BreaksCommand.self,
            FontsCommand.self,
        ]
    )

    /// Runs the command line; prints input, font and output errors as one line each.
    static func main() {
        do {
            let arguments = try CommandLineArguments.current()
            var command: any ParsableCommand
            do {
                command = try parsedBySubcommand(arguments) ?? parseAsRoot(arguments)
            } catch {
                exitForUsageError(error, arguments: arguments)
            }
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

    /// The command line parsed by the subcommand its first argument names, as the root would
    /// parse it, but without the root's own pass over the arguments (which builds the
    /// subcommand's argument set twice more: a third of argument parsing, at every start);
    /// `nil` when there is no such subcommand or it does not parse to one of its own values —
    /// help, completion scripts, usage and validation errors — so that `parseAsRoot` answers with
    /// the whole command's name and options (`RowHeightCommandTests`).
    static func parsedBySubcommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first,
            let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            let parsed = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
            type(of: parsed) == subcommand
        else { return nil }
        return parsed
    }

    /// Exits as argument-parser does for a parse error (help, version, usage errors); an
    /// unknown option that may be a TEXT starting with `-` gets a hint on how to give one.
    static func exitForUsageError(_ error: any Error, arguments: [String]) -> Never {
        let message = message(for: error)
        guard message.hasPrefix("Unknown option '-"), !arguments.contains("--") else { exit(withError: error) }
        StandardError.write(
            fullMessage(for: error)
                + "\nA TEXT that starts with '-' goes last, after '--': rowheight measure --width 200 -- '-5 °C is cold'\n")
        exit(withError: ExitCode(exitCode(for: error).rawValue))
    }

    /// Prints `rowheight: error: <message>` on stderr and exits with code 1.
    static func fail(_ message: String) -> Never {
        StandardError.write("rowheight: error: \(message)\n")
        exit(withError: ExitCode(1))
    }
}
