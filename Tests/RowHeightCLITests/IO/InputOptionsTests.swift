import Foundation
import Testing

@Suite("One CLI: measure, simulate and render read JSON Lines, CSV and TSV with the same options")
struct InputOptionsTests {
    /// The same three rows as JSON Lines, CSV and TSV (the text in column `body`; one CSV row
    /// spans two lines and holds a comma and a quote).
    private static func inputs(in directory: TemporaryDirectory) throws -> [String] {
        [
            try directory.file(
                "rows.jsonl",
                text: "{\"id\":1,\"body\":\"Hello, world\"}\n{\"id\":2,\"body\":\"A 27\\\" monitor\\non sale\"}\n"
                    + "{\"id\":3,\"body\":\"Cozy lummox gives smart squid who asks for job pen.\"}\n"),
            try directory.file(
                "rows.csv",
                text: "id,body\n1,\"Hello, world\"\n2,\"A 27\"\" monitor\non sale\"\n"
                    + "3,Cozy lummox gives smart squid who asks for job pen.\n"),
            try directory.file(
                "rows.tsv",
                text: "id\tbody\n1\tHello, world\n2\t\"A 27\"\" monitor\non sale\"\n"
                    + "3\tCozy lummox gives smart squid who asks for job pen.\n"),
        ]
    }

    @Test("measure and simulate give the same results whatever the input format")
    func sameResults() throws {
        let directory = try TemporaryDirectory()
        var measured: [String] = []
        var simulated: [String] = []
        for path in try Self.inputs(in: directory) {
            let measure = try RowHeightExecutable.run(
                ["measure", "--input", path, "--text-column", "body", "--width", "120"])
            #expect(measure.exitCode == 0, "\(path): \(measure.stderr)")
            #expect(measure.outputLines.count == 3)
            measured.append(measure.output)
            let simulate = try RowHeightExecutable.run(
                ["simulate", "--input", path, "--text-column", "body", "--width", "120", "--precompute", "--json"])
            #expect(simulate.exitCode == 0, "\(path): \(simulate.stderr)")
            let report = try JSONSerialization.jsonObject(with: simulate.stdout) as? [String: Any]
            #expect(report?["rows"] as? Int == 3)
            simulated.append("\(report?["contentHeightFinal"] ?? "none")")
        }
        #expect(Set(measured).count == 1)
        #expect(Set(simulated).count == 1)
        let stdin = try RowHeightExecutable.run(
            ["simulate", "--input", "-", "--input-format", "csv", "--text-column", "body", "--width", "120",
             "--precompute", "--json"],
            stdin: try Data(contentsOf: URL(fileURLWithPath: try Self.inputs(in: directory)[1])))
        #expect(stdin.exitCode == 0)
    }

    @Test("render draws the row that starts at --line of a CSV file, and names a line inside a row")
    func renderCSV() throws {
        let directory = try TemporaryDirectory()
        let csv = try Self.inputs(in: directory)[1]
        let out = directory.url.appendingPathComponent("row.png").path
        let run = try RowHeightExecutable.run(
            ["render", "--input", csv, "--text-column", "body", "--line", "3", "--width", "120", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let png = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let inside = try RowHeightExecutable.run(
            ["render", "--input", csv, "--text-column", "body", "--line", "4", "-o", out])
        #expect(inside.exitCode == 1)
        #expect(inside.stderr == "rowheight: error: \(csv): no row starts at line 4 (a CSV row may span lines)\n")
    }

    @Test("breaks reads the text column of CSV and TSV rows like measure")
    func breaksCSV() throws {
        let directory = try TemporaryDirectory()
        var outputs: [String] = []
        for path in try Self.inputs(in: directory) {
            let run = try RowHeightExecutable.run(["breaks", "--input", path, "--text-column", "body"])
            #expect(run.exitCode == 0, "\(path): \(run.stderr)")
            #expect(run.outputLines.count == 3)
            outputs.append(run.output)
        }
        #expect(Set(outputs).count == 1)
    }

    @Test("simulate names the CSV line of a bad row")
    func simulateBadRow() throws {
        let run = try RowHeightExecutable.run(
            ["simulate", "--input", "-", "--input-format", "csv"], stdin: Data("text\n\"a\nb\"\nc,d\n".utf8))
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: <stdin>:4: 2 columns, expected 1 as in the header\n")
    }
}
