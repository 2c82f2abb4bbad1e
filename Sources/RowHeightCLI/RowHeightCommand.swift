import ArgumentParser
import Foundation
import LineBreak
import TextMeasure

/// `rowheight`: how tall is each row of a list at a width — measured before anything is drawn.
@main
struct RowHeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rowheight",
        abstract: "Exact row heights for lists, computed before anything is drawn.",
        discussion: """
            Examples:
              rowheight measure "Hello, world" --width 120
              rowheight measure --input Examples/sample.jsonl --width 375
              rowheight breaks "Don't break—here"

            Exit codes: 0 success; 1 bad input, font or setting (message on stderr as
            'rowheight: error: FILE:LINE: what is wrong'); 64 usage errors.
            """,
        version: "0.1.0",
        subcommands: [MeasureCommand.self, BreaksCommand.self]
    )

    /// Runs the command line, printing library and input errors as one line each.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            fail(error.description)
        } catch let error as FontError {
            fail(error.description)
        } catch let error as TextMeasureError {
            fail(error.description)
        } catch {
            exit(withError: error)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandleError.write("rowheight: error: \(message)\n")
        Foundation.exit(1)
    }
}
