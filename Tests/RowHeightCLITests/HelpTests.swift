import Foundation
import Testing

@testable import RowHeightCLI

@Suite("--help of every command, end to end")
struct HelpTests {
    @Test("Every command's help has an example of itself", arguments: ["measure", "dataset", "breaks", "fonts"])
    func examples(command: String) throws {
        let run = try RowHeightExecutable.run([command, "--help"])
        #expect(run.exitCode == 0)
        #expect(run.output.contains("Examples:"))
        #expect(run.output.contains("  rowheight \(command) "))
    }

    @Test(
        "At 80 columns no help line is longer",
        arguments: [[], ["measure"], ["dataset"], ["simulate"], ["render"], ["breaks"], ["fonts"]])
    func eightyColumns(command: [String]) throws {
        let run = try RowHeightExecutable.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(run.exitCode == 0)
        for line in run.outputLines { #expect(line.count <= 80, "\(command): \(line)") }
    }

    @Test(
        "No hard line break inside a sentence of a discussion; every indented line (example, table) fits 80 columns",
        arguments: [
            RowHeightCommand.configuration, MeasureCommand.configuration, DatasetCommand.configuration,
            SimulateCommand.configuration, RenderCommand.configuration, BreaksCommand.configuration,
            FontsCommand.configuration,
        ].map(\.discussion))
    func discussion(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (k, line) in lines.enumerated() {
            if line.hasPrefix("  ") {
                // The help formatter re-wraps lines longer than the terminal, breaking an example.
                #expect(line.count <= 80, "\(line)")
                continue
            }
            // A prose line is a whole paragraph: the line after it is blank, indented, or the
            // prose line introduces it with a colon.
            guard k + 1 < lines.count, !line.isEmpty else { continue }
            let next = lines[k + 1]
            #expect(next.isEmpty || next.hasPrefix("  ") || line.hasSuffix(":"), "a hard line break after: \(line)")
        }
    }

    @Test("The root help lists the commands and the exit codes")
    func root() throws {
        let run = try RowHeightExecutable.run(["--help"])
        #expect(run.exitCode == 0)
        for command in ["measure", "dataset", "breaks"] { #expect(run.output.contains("  \(command) ")) }
        #expect(run.output.contains("Exit codes: 0 success; 1 "))
        #expect(run.output.contains("64 usage errors"))
    }

    @Test("measure --help documents every record shape and format")
    func measureRecords() throws {
        let run = try RowHeightExecutable.run(["measure", "--help"])
        for shape in [
            #"{"lines":N,"height":H,"maxLineWidth":W}"#, #"{"lines":[N1,N2],"height":[H1,H2]}"#,
            "lines_320,height_320", #"{"height":H}"#, "height_320,height_375", "--text-column", "--input-format",
            "--skip-invalid", "--progress",
        ] {
            #expect(run.output.contains(shape), "\(shape)")
        }
    }
}
