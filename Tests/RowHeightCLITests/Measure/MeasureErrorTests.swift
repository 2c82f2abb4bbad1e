import Foundation
import Testing

@Suite("rowheight measure: bad input, fonts, templates and widths, end to end")
struct MeasureErrorTests {
    @Test("CSV: a wrong column count stops at its line, after the rows before it", arguments: [1, 3])
    func wrongColumnCount(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.csv", text: "id,text\n1,a\n2,\"b\nc\"\n3,d,extra\n4,e\n")
        let run = try RowHeightExecutable.run(["measure", "--input", path, "--jobs", "\(jobs)"])
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 2)
        #expect(run.stderr == "rowheight: error: \(path):5: 3 columns, expected 2 as in the header\n")
    }

    @Test("CSV: malformed quoting names the first line of the record")
    func badQuoting() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, String)] = [
            (
                "text\nok\n\"unterminated\nstill in it\n",
                "3: unterminated quoted field (opened at byte 1 of the record)"
            ),
            (
                "text\nok\nab\"c\n",
                "3: '\"' inside an unquoted field at byte 3 of the record (quote the whole field and double the quote)"
            ),
            (
                "text\nok\n\"a\"b\n",
                "3: text after a closing quote at byte 4 of the record (expected a separator or the end of the record)"
            ),
        ]
        for (k, (csv, message)) in cases.enumerated() {
            let path = try directory.file("bad\(k).csv", text: csv)
            let run = try RowHeightExecutable.run(["measure", "--input", path])
            #expect(run.exitCode == 1)
            #expect(run.stderr == "rowheight: error: \(path):\(message)\n")
        }
    }

    @Test("Invalid UTF-8 in JSON Lines and in CSV")
    func invalidUTF8() throws {
        let directory = try TemporaryDirectory()
        let jsonl = try directory.file(
            "rows.jsonl", Array("{\"text\":\"ok\"}\n{\"text\":\"a".utf8) + [0xC3, 0x28] + Array("\"}\n".utf8))
        let json = try RowHeightExecutable.run(["measure", "--input", jsonl])
        #expect(json.exitCode == 1)
        #expect(json.outputLines.count == 1)
        #expect(json.stderr == "rowheight: error: \(jsonl):2: invalid UTF-8 at byte 11\n")
        let csv = try directory.file("rows.csv", Array("n,text\n1,ok\n2,\"a".utf8) + [0xFF] + Array("\"\n".utf8))
        let run = try RowHeightExecutable.run(["measure", "--input", csv])
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 1)
        #expect(run.stderr == "rowheight: error: \(csv):3: invalid UTF-8 at byte 5\n")
    }

    @Test("JSON Lines: malformed JSON, a missing field, a field of the wrong type")
    func jsonRecords() throws {
        let cases: [(String, String)] = [
            (#"{"text":"a" "b"}"#, #"invalid JSON: expected ',' or '}' after a value, found '"' at column 13"#),
            (#"{"txt":"a"}"#, #"field "text" is missing"#),
            (#"{"text":42}"#, #"field "text" must be a string, found number"#),
        ]
        for (line, message) in cases {
            for format in ["jsonl", "csv"] {
                let run = try RowHeightExecutable.run(
                    ["measure", "--input", "-", "--format", format],
                    stdin: Data("{\"text\":\"ok\"}\n\(line)\n{\"text\":\"no\"}\n".utf8))
                #expect(run.exitCode == 1)
                #expect(run.outputLines.count == (format == "csv" ? 2 : 1))
                #expect(run.stderr == "rowheight: error: <stdin>:2: \(message)\n")
            }
        }
    }

    @Test(
        "--skip-invalid reports every bad row in place, measures the rest, ends with the count and exit 1",
        arguments: [1, 3])
    func skipInvalid(jobs: Int) throws {
        var input = ""
        var bad: [Int] = []
        for k in 1...5000 {
            if k % 997 == 0 {
                input += "{\"text\":\(k)}\n"
                bad.append(k)
            } else {
                input += "{\"text\":\"row \(k)\"}\n"
            }
        }
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--skip-invalid", "--jobs", "\(jobs)"], stdin: Data(input.utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 5000 - bad.count)
        let expected =
            bad.map { "rowheight: error: <stdin>:\($0): field \"text\" must be a string, found number\n" }.joined()
            + "rowheight: error: \(bad.count) invalid rows skipped\n"
        #expect(run.stderr == expected)
    }

    @Test("--skip-invalid with CSV: a bad row spanning lines is reported at its first line")
    func skipInvalidCSV() throws {
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "csv", "--skip-invalid", "--format", "csv"],
            stdin: Data("a,text\n1,x\n2,\"multi\nline\",extra\n3,y\n".utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 3)
        #expect(
            run.stderr
                == "rowheight: error: <stdin>:3: 3 columns, expected 2 as in the header\nrowheight: error: 1 invalid row skipped\n"
        )
    }

    @Test("Header problems fail before any output: unknown text column, unknown template field, empty input")
    func headerErrors() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.csv", text: "id,body\n1,hello\n")
        let column = try RowHeightExecutable.run(["measure", "--input", path, "--format", "csv"])
        #expect(column.exitCode == 1)
        #expect(column.stdout.isEmpty)
        #expect(
            column.stderr
                == "rowheight: error: \(path):1: no column \"text\" in the header (columns: \"id\", \"body\")\n")
        let template = try directory.file("required.json", text: Self.requiredTitleTemplate)
        let field = try RowHeightExecutable.run(["measure", "--input", path, "--template", template])
        #expect(field.exitCode == 1)
        #expect(field.stdout.isEmpty)
        #expect(
            field.stderr
                == "rowheight: error: \(path):1: no column \"title\" in the header (columns: \"id\", \"body\")\n")
        let empty = try RowHeightExecutable.run(["measure", "--input", try directory.file("empty.csv", text: "")])
        #expect(empty.exitCode == 1)
        #expect(empty.stderr.hasSuffix("empty.csv: empty input, expected a header row\n"))
    }

    /// A template whose "title" field is required and whose "body" is optional.
    static let requiredTitleTemplate = #"""
        {"root": {"type": "vstack", "spacing": 8, "children": [
          {"type": "text", "field": "title", "required": true},
          {"type": "text", "field": "body"}]}}
        """#

    @Test("A template row without a required field names the field and line; an optional one collapses")
    func templateMissingField() throws {
        let directory = try TemporaryDirectory()
        let template = try directory.file("required.json", text: Self.requiredTitleTemplate)
        let run = try RowHeightExecutable.run(
            ["measure", "--template", template, "--input", "-"],
            stdin: Data("{\"title\":\"t\",\"body\":\"b\"}\n{\"title\":\"t\"}\n{\"title\":\"t\",\"body\":null}\n{\"body\":\"b\"}\n".utf8))
        #expect(run.exitCode == 1)
        // Two lines of DejaVu Sans 17 (19.79 pt each) and the spacing; one line when the body is missing or null.
        #expect(run.outputLines == [#"{"height":48}"#, #"{"height":20}"#, #"{"height":20}"#])
        #expect(run.stderr == "rowheight: error: <stdin>:4: field \"title\" is missing\n")
        // CSV: an optional column may be absent from the header.
        let csv = try directory.file("rows.csv", text: "title\nhello\n")
        let fromCSV = try RowHeightExecutable.run(["measure", "--template", template, "--input", csv])
        #expect(fromCSV.exitCode == 0, "\(fromCSV.stderr)")
        #expect(fromCSV.outputLines == [#"{"height":20}"#])
    }

    @Test("Bad widths, missing or corrupt fonts and bad templates fail before any output")
    func setupErrors() throws {
        let directory = try TemporaryDirectory()
        let rows = try directory.file("rows.jsonl", text: "{\"text\":\"a\"}\n")
        let corrupt = try directory.file("corrupt.ttf", Array(repeating: 0x5A, count: 2000))
        let badTemplate = try directory.file("t.json", text: "{\"root\":{\"type\":\"circle\"}}")
        let fontlessTemplate = try directory.file(
            "f.json", text: #"{"root":{"type":"text","field":"text","style":{"fonts":["/nonexistent/x.ttf"]}}}"#)
        let cases: [([String], String)] = [
            (["--width", "0"], "invalid width 0.0: a max layout width must be a finite number greater than 0"),
            (["--widths", "100,nan"], "invalid width nan: a max layout width must be a finite number greater than 0"),
            (["--width=-3"], "invalid width -3.0: a max layout width must be a finite number greater than 0"),
            (["--widths", "100,wide"], "invalid width 'wide' in --widths"),
            (["--font", "/nonexistent/font.ttf"], "font file not found: /nonexistent/font.ttf"),
            (["--font", corrupt], "not a font file (FreeType does not recognise its format): \(corrupt)"),
            (["--template", "/nonexistent/t.json"], "/nonexistent/t.json: no such template file"),
            (["--template", fontlessTemplate], "\(fontlessTemplate): font file not found: /nonexistent/x.ttf"),
            (
                ["--template", badTemplate],
                "\(badTemplate): root.type: unknown node type \"circle\" (use text, box, inset, vstack, hstack or sized)"
            ),
        ]
        for (arguments, message) in cases {
            let run = try RowHeightExecutable.run(["measure", "--input", rows] + arguments)
            #expect(run.exitCode == 1, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "rowheight: error: \(message)\n")
        }
    }

    @Test("Usage errors exit 64")
    func usage() throws {
        for arguments in [
            ["measure"], ["measure", "x", "--input", "-"], ["measure", "--input", "-", "--format", "text"],
            ["measure", "--input", "-", "--format", "xml"], ["measure", "--input", "-", "--input-format", "xls"],
            ["measure", "x", "--json", "--format", "csv"], ["measure", "--input", "-", "--jobs", "0"],
            ["dataset"], ["dataset", "--rows", "-1"], ["dataset", "--rows", "3", "--kind", "klingon"],
        ] {
            let run = try RowHeightExecutable.run(arguments)
            #expect(run.exitCode == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
    }
}
