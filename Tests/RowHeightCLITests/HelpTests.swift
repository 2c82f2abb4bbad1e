import Foundation
import Testing

@Suite("--help of every command, end to end")
struct HelpTests {
    @Test("Every command's help has an example of itself", arguments: ["measure", "dataset", "breaks"])
    func examples(command: String) throws {
        let run = try RowHeightExecutable.run([command, "--help"])
        #expect(run.exitCode == 0)
        #expect(run.output.contains("Examples:"))
        #expect(run.output.contains("  rowheight \(command) "))
    }

    @Test(
        "At 80 columns no help line is longer and no sentence or example is broken by a hard line break",
        arguments: [[], ["measure"], ["dataset"], ["simulate"], ["render"], ["breaks"]])
    func eightyColumns(command: [String]) throws {
        let run = try RowHeightExecutable.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(run.exitCode == 0)
        let lines = run.outputLines
        for line in lines { #expect(line.count <= 80, "\(command): \(line)") }
        // A hard line break inside a paragraph of the discussion shows up, re-wrapped at 80
        // columns, as a line that ends mid-sentence followed by a short fragment; examples
        // wrapped by the help formatter lose their indentation.
        let examples = try #require(lines.firstIndex(of: "Examples:"))
        let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE: ") })
        for line in lines[(examples + 1)..<usage] where !line.isEmpty {
            #expect(line.hasPrefix("  "), "\(command): an example wrapped at 80 columns: \(line)")
        }
        for (k, line) in lines[..<examples].enumerated() where k + 1 < examples && !line.hasPrefix(" ") {
            let next = lines[k + 1]
            guard !next.isEmpty, !next.hasPrefix(" "), line.count < 60 else { continue }
            Issue.record("\(command): a paragraph line ends early: \(line)")
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
