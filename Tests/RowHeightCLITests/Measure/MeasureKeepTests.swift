import Foundation
import Testing

@Suite("rowheight measure --keep and --skip-invalid: records line up with the input and carry its ids")
struct MeasureKeepTests {
    private static let jsonl = """
        {"id":7,"text":"hello"}
        {"id":"x","text":5}
        {"id":{"a":[1,2]},"text":"a \\"q\\" b","other":true}
        {"id":"tab\\tand, comma","text":"last"}

        """

    @Test("JSON Lines in, JSON Lines out: kept values as they were; a bad row is an error record", arguments: [1, 2])
    func jsonToJSON(jobs: Int) throws {
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--keep", "id", "--skip-invalid", "--jobs", "\(jobs)", "--width", "200"],
            stdin: Data(Self.jsonl.utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 4)
        #expect(run.outputLines[0].hasPrefix("{\"id\":7,\"lines\":1,\"height\":20,"))
        #expect(run.outputLines[1] == "{\"line\":2,\"error\":\"field \\\"text\\\" must be a string, found number\"}")
        #expect(run.outputLines[2].hasPrefix("{\"id\":{\"a\":[1,2]},\"lines\":1,"))
        #expect(run.outputLines[3].hasPrefix("{\"id\":\"tab\\tand, comma\",\"lines\":1,"))
        for line in run.outputLines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    @Test("CSV out: kept columns first, quoted when needed; a bad row is a row of empty fields")
    func jsonToCSV() throws {
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--keep", "id", "--skip-invalid", "--format", "csv", "--widths", "200,300"],
            stdin: Data(Self.jsonl.utf8))
        #expect(run.exitCode == 1)
        #expect(
            run.outputLines == [
                "id,lines_200,height_200,lines_300,height_300", "7,1,20,1,20", ",,,,", "\"{\"\"a\"\":[1,2]}\",1,20,1,20",
                "\"tab\tand, comma\",1,20,1,20",
            ])
    }

    @Test("CSV in: kept columns, several of them, in JSON and TSV; a missing column fails before any output")
    func csvInput() throws {
        let csv = "id,lang,text\n1,en,\"Hello, world\"\n2,ja,日本語\n"
        let json = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "csv", "--keep", "id", "--keep", "lang"],
            stdin: Data(csv.utf8))
        #expect(json.exitCode == 0)
        #expect(json.outputLines.count == 2)
        #expect(json.outputLines[1].hasPrefix("{\"id\":\"2\",\"lang\":\"ja\",\"lines\":1,"))
        let tsv = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "csv", "--keep", "id", "--format", "tsv"],
            stdin: Data(csv.utf8))
        #expect(tsv.outputLines.first == "id\tlines_375\theight_375")
        #expect(tsv.outputLines.dropFirst().map { $0.split(separator: "\t").first } == ["1", "2"])
        let missing = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "csv", "--keep", "uuid"], stdin: Data(csv.utf8))
        #expect(missing.exitCode == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("no column \"uuid\" in the header"))
    }

    @Test("Template rows keep fields too")
    func template() throws {
        let template = MeasureFormatTests.repositoryFile("Examples/templates/two-labels.json").path
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--template", template, "--keep", "id"],
            stdin: Data("{\"id\":1,\"title\":\"t\",\"body\":\"b\"}\n".utf8))
        #expect(run.exitCode == 0)
        #expect(run.outputLines.first?.hasPrefix("{\"id\":1,\"height\":") == true)
    }
}
