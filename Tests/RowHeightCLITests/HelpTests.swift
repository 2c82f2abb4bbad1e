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
