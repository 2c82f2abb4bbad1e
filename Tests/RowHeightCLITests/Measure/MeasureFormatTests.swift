import Foundation
import Testing

/// JSON Lines rows of `texts`.
func jsonLines(_ texts: [String]) throws -> String {
    try texts.map { String(decoding: try JSONSerialization.data(withJSONObject: ["text": $0]), as: UTF8.self) + "\n" }
        .joined()
}

/// A CSV field written the RFC 4180 way (always quoted).
func csvField(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

@Suite("rowheight measure: input and output formats, end to end")
struct MeasureFormatTests {
    /// Texts with what CSV has to quote: commas, quotes, newlines (LF and CR LF), and non-ASCII.
    static let texts = [
        "Hello, world", #"She said "hi", then left"#, "line one\nline two\r\nline three", "",
        "Plain words that wrap at a narrow width, certainly", "日本語の文章、句読点。「かぎ括弧」", "a\tb",
    ]

    @Test("CSV with quoted commas, doubled quotes and newlines measures like the same texts in JSON Lines")
    func csvMatchesJSONLines() throws {
        let directory = try TemporaryDirectory()
        let jsonl = try directory.file("rows.jsonl", text: try jsonLines(Self.texts))
        var csv = "id,text,note\r\n"
        for (k, text) in Self.texts.enumerated() { csv += "\(k),\(csvField(text)),x\r\n" }
        let csvPath = try directory.file("rows.csv", text: csv)
        let expected = try RowHeightExecutable.run(["measure", "--input", jsonl, "--widths", "80,200"])
        #expect(expected.exitCode == 0)
        #expect(expected.outputLines.count == Self.texts.count)
        let run = try RowHeightExecutable.run(["measure", "--input", csvPath, "--widths", "80,200"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.output == expected.output)
        // The same texts one by one as TEXT arguments give the same records.
        for (k, text) in Self.texts.enumerated() {
            let single = try RowHeightExecutable.run(["measure", text, "--widths", "80,200", "--json"])
            #expect(single.outputLines == [expected.outputLines[k]])
        }
    }

    @Test("TSV input, --text-column, --input-format overriding the extension")
    func tsvAndColumns() throws {
        let directory = try TemporaryDirectory()
        let texts = ["one", "two words here", "x, y"]
        let expected = try RowHeightExecutable.run(
            ["measure", "--input", try directory.file("r.jsonl", text: try jsonLines(texts)), "--width", "50"])
        var tsv = "message\tid\n"
        for (k, text) in texts.enumerated() { tsv += "\(text)\t\(k)\n" }
        let tsvPath = try directory.file("r.tsv", text: tsv)
        let run = try RowHeightExecutable.run([
            "measure", "--input", tsvPath, "--text-column", "message", "--width", "50",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.output == expected.output)
        let renamed = try directory.file("r.txt", text: tsv)
        let overridden = try RowHeightExecutable.run(
            ["measure", "--input", renamed, "--input-format", "tsv", "--text-column", "message", "--width", "50"])
        #expect(overridden.output == expected.output)
        let fromStdin = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "tsv", "--text-column", "message", "--width", "50"],
            stdin: Data(tsv.utf8))
        #expect(fromStdin.output == expected.output)
        let keyed = try texts.map {
            String(decoding: try JSONSerialization.data(withJSONObject: ["message": $0]), as: UTF8.self)
        }
        let fromKey = try RowHeightExecutable.run(
            [
                "measure", "--input", try directory.file("k.jsonl", text: keyed.joined(separator: "\n")),
                "--text-column", "message", "--width", "50",
            ])
        #expect(fromKey.output == expected.output)
    }

    @Test("--format csv and tsv: a header with one column per width, then the numbers of the JSON records")
    func csvOutput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: try jsonLines(Self.texts))
        let json = try RowHeightExecutable.run(["measure", "--input", path, "--widths", "80,200.5"])
        for (format, separator) in [("csv", ","), ("tsv", "\t")] {
            let run = try RowHeightExecutable.run([
                "measure", "--input", path, "--widths", "80,200.5", "--format", format,
            ])
            #expect(run.exitCode == 0)
            let lines = run.outputLines
            #expect(
                lines.first.map(String.init)
                    == ["lines_80", "height_80", "lines_200.5", "height_200.5"].joined(separator: separator))
            #expect(lines.count == Self.texts.count + 1)
            for (k, line) in lines.dropFirst().enumerated() {
                let record = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.outputLines[k].utf8)) as? [String: [Double]])
                let expected = zip(record["lines"]!, record["height"]!).flatMap { [$0, $1] }
                #expect(
                    line.split(separator: Character(separator), omittingEmptySubsequences: false).map { Double($0)! }
                        == expected)
            }
        }
    }

    @Test("TEXT: readable summary by default, one record with --json or --format csv")
    func textArgument() throws {
        // "Hello, world" is about 100 pt wide at 17 pt; "Hello," alone about 50: two lines at 80.
        let summary = try RowHeightExecutable.run(["measure", "Hello, world", "--width", "80"])
        #expect(summary.exitCode == 0)
        #expect(summary.output.contains("lines: 2"))
        #expect(summary.output.contains("│Hello, │"))
        let json = try RowHeightExecutable.run(["measure", "Hello, world", "--width", "80", "--json"])
        let record = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Double])
        #expect(record["lines"] == 2)
        let csv = try RowHeightExecutable.run(["measure", "Hello, world", "--width", "80", "--format", "csv"])
        #expect(csv.outputLines.first == "lines_80,height_80")
        #expect(csv.outputLines.dropFirst().first == "2,\(Int(record["height"]!))")
    }

    @Test("Templates read CSV columns as their fields; heights match the JSON Lines rows")
    func templateCSV() throws {
        let directory = try TemporaryDirectory()
        let template = Self.repositoryFile("Examples/templates/two-labels.json")
        let rows = [
            ("Title", "Body, with a comma"), ("A much longer title that wraps", "multi\nline body"),
            ("", "only a body"),
        ]
        var jsonl = ""
        var csv = "body,title\n"
        for (title, body) in rows {
            jsonl +=
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: ["title": title, "body": body], options: .sortedKeys), as: UTF8.self) + "\n"
            csv += "\(csvField(body)),\(csvField(title))\n"
        }
        let expected = try RowHeightExecutable.run(
            [
                "measure", "--template", template.path, "--input", try directory.file("t.jsonl", text: jsonl),
                "--widths", "200,375",
            ])
        #expect(expected.exitCode == 0, "\(expected.stderr)")
        #expect(expected.outputLines.count == rows.count)
        #expect(expected.outputLines.allSatisfy { $0.hasPrefix("{\"height\":[") })
        let run = try RowHeightExecutable.run(
            [
                "measure", "--template", template.path, "--input", try directory.file("t.csv", text: csv), "--widths",
                "200,375",
            ])
        #expect(run.output == expected.output, "\(run.stderr)")
        let asCSV = try RowHeightExecutable.run(
            [
                "measure", "--template", template.path, "--input", try directory.file("t2.csv", text: csv), "--widths",
                "200,375", "--format", "csv",
            ])
        #expect(asCSV.outputLines.first == "height_200,height_375")
        #expect(asCSV.outputLines.dropFirst().map { "{\"height\":[\($0)]}" } == expected.outputLines)
    }

    @Test("Records stay in input order with --jobs 3, in every format", arguments: ["jsonl", "csv"])
    func order(format: String) throws {
        // Each row's line count is known in advance: k mandatory breaks make k + 1 lines.
        let counts = (0..<30_000).map { ($0 * 7919) % 5 }
        var csv = "text\n"
        for k in counts { csv += csvField(String(repeating: "x\n", count: k) + "x") + "\n" }
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.csv", text: csv)
        let run = try RowHeightExecutable.run(["measure", "--input", path, "--jobs", "3", "--format", format])
        #expect(run.exitCode == 0)
        let lines = run.outputLines.dropFirst(format == "csv" ? 1 : 0)
        #expect(lines.count == counts.count)
        let got = lines.map { line -> Int in
            if format == "csv" { return Int(line.split(separator: ",")[0])! }
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double]
            return Int(object?["lines"] ?? -1)
        }
        #expect(got == counts.map { $0 + 1 })
    }

    @Test("--output writes to a file; nothing on standard output")
    func outputFile() throws {
        let directory = try TemporaryDirectory()
        let out = directory.url.appendingPathComponent("out.jsonl").path
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "-o", out], stdin: Data("{\"text\":\"a\"}\n".utf8))
        #expect(run.exitCode == 0)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("{\"lines\":1,"))
    }

    /// A file of the repository, found from this source file's path.
    static func repositoryFile(_ relative: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(relative)
    }
}
