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
                "3: unterminated quoted field: its opening '\"' never closes (every later line is inside it)"
            ),
            (
                "text,n\nok,1\n\"two\nlines\",\"never\nclosed\n",
                "4: unterminated quoted field: its opening '\"' never closes (every later line is inside it)"
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

    @Test("CSV/TSV: a quote inside an unquoted field is a literal quote; no later row is lost", arguments: [1, 3])
    func strayQuote(jobs: Int) throws {
        for (separator, format) in [(",", "csv"), ("\t", "tsv")] {
            var input = "id\(separator)text\n1\(separator)A 27\" monitor\n\n"
            for k in 2...3000 { input += "\(k)\(separator)row \(k)\n" }
            let run = try RowHeightExecutable.run(
                ["measure", "--input", "-", "--input-format", format, "--skip-invalid", "--jobs", "\(jobs)"],
                stdin: Data(input.utf8))
            #expect(run.exitCode == 0, "\(format)")
            #expect(run.stderr == "")
            #expect(run.outputLines.count == 3000)
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
        #expect(run.outputLines.count == 5000, "one record per input row")
        for k in bad {
            #expect(
                run.outputLines[k - 1]
                    == "{\"line\":\(k),\"error\":\"field \\\"text\\\" must be a string, found number\"}")
        }
        #expect(run.outputLines[bad[0]].hasPrefix("{\"lines\":"))
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
        #expect(run.outputLines.count == 4)
        #expect(run.outputLines[2] == ",", "the bad row's record: empty fields")
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
        let template = MeasureFormatTests.repositoryFile("Examples/templates/two-labels.json").path
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

    @Test("A template row without one of the template's fields names the field and line")
    func templateMissingField() throws {
        let template = MeasureFormatTests.repositoryFile("Examples/templates/two-labels.json").path
        let run = try RowHeightExecutable.run(
            ["measure", "--template", template, "--input", "-"],
            stdin: Data("{\"title\":\"t\",\"body\":\"b\"}\n{\"title\":\"t\"}\n".utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 1)
        #expect(run.stderr == "rowheight: error: <stdin>:2: field \"body\" is missing\n")
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
            (["--font", "/nonexistent/font.ttf"], "font file not found: /nonexistent/font.ttf"),
            (["--font", corrupt], "not a font file (FreeType does not recognise its format): \(corrupt)"),
            (["--template", "/nonexistent/t.json"], "/nonexistent/t.json: no such template file"),
            (["--template", fontlessTemplate], "\(fontlessTemplate): font file not found: /nonexistent/x.ttf"),
            (
                ["--template", badTemplate],
                "\(badTemplate): root: unknown node type \"circle\" (use text, box, inset, vstack, hstack or sized)"
            ),
        ]
        for (arguments, message) in cases {
            let run = try RowHeightExecutable.run(["measure", "--input", rows] + arguments)
            #expect(run.exitCode == 1, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "rowheight: error: \(message)\n")
        }
    }

    @Test("Numeric options out of range are usage errors naming the option, the value and the range")
    func outOfRange() throws {
        let cases: [([String], String)] = [
            (["--width", "0"], "--width 0 is out of range: it must be greater than 0 and at most 1000000"),
            (["--width", "-5"], "--width -5 is out of range: it must be greater than 0 and at most 1000000"),
            (["--width=-3"], "--width -3 is out of range: it must be greater than 0 and at most 1000000"),
            (["--widths", "100,nan"], "--widths nan is out of range: it must be greater than 0 and at most 1000000"),
            (["--widths", "100,wide"], "--widths: 'wide' is not a number of points"),
            (["--size", "1e16"], "--size 1e+16 is out of range: it must be at least 0.01 and at most 10000"),
            (["--size", "1e11", "--profile", "pango"], "--size 100000000000 is out of range: it must be at least 0.01 and at most 10000"),
            (["--line-spacing", "1e308"], "--line-spacing 1e+308 is out of range: it must be at least 0 and at most 10000"),
            (["--line-spacing", "-1"], "--line-spacing -1 is out of range: it must be at least 0 and at most 10000"),
            (["--scale", "1e308"], "--scale 1e+308 is out of range: it must be at least 0.01 and at most 1000"),
            (
                ["--line-height-multiple", "1e308"],
                "--line-height-multiple 1e+308 is out of range: it must be at least 0.01 and at most 100"
            ),
            (["--size", "1e-300"], "--size 1e-300 is out of range: it must be at least 0.01 and at most 10000"),
            (["--scale", "0"], "--scale 0 is out of range: it must be at least 0.01 and at most 1000"),
            (["--max-lines", "-1"], "--max-lines -1 is out of range: it must be at least 0 and at most 1000000000"),
            (["--jobs", "1000000"], "--jobs 1000000 is out of range: it must be at least 1 and at most 256"),
        ]
        let directory = try TemporaryDirectory()
        let rows = try directory.file("rows.jsonl", text: "{\"text\":\"a\"}\n")
        for (arguments, message) in cases {
            let run = try RowHeightExecutable.run(["measure", "--input", rows] + arguments)
            #expect(run.exitCode == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("Error: \(message)\n"), "\(arguments)")
        }
        let others: [([String], String)] = [
            (["dataset", "--rows", "99999999999"], "--rows 99999999999 is out of range"),
            (["dataset", "--rows", "1", "--jobs", "4096"], "--jobs 4096 is out of range"),
            (["simulate", "--steps", "999999999999"], "--steps 999999999999 is out of range"),
            (["simulate", "--width", "1e300"], "--width 1e+300 is out of range"),
            (["simulate", "--estimate", "-1"], "--estimate -1 is out of range"),
            (["render", "x", "--scale", "1e308", "-o", "x.png"], "--scale 1e+308 is out of range"),
            (["breaks", "--input", "-", "--jobs", "100000"], "--jobs 100000 is out of range"),
        ]
        for (arguments, message) in others {
            let run = try RowHeightExecutable.run(arguments)
            #expect(run.exitCode == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix("Error: \(message)"), "\(arguments)")
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

@Suite("rowheight measure: every printed height is finite and not negative")
struct MeasurePrintedHeightTests {
    @Test("A template that makes a negative cell height is an error, never a negative height with exit 0")
    func negativeTemplateHeight() throws {
        let directory = try TemporaryDirectory()
        let template = try directory.file("t.json", text: #"{"root":{"type":"box","width":10,"height":-180}}"#)
        let run = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--template", template], stdin: Data("{\"text\":\"a\"}\n".utf8))
        #expect(run.exitCode == 1)
        #expect(!run.output.contains("-180"))
        #expect(run.stderr.hasPrefix("rowheight: error: "))
    }
}

@Suite("rowheight measure --template: valid JSON that is not a template is reported as what it is")
struct MeasureTemplateMessageTests {
    @Test("An unknown enum value names its place; nesting deeper than the decoder reads says so")
    func messages() throws {
        let directory = try TemporaryDirectory()
        let unknown = try directory.file(
            "unknown.json", text: #"{"root":{"type":"vstack","alignment":"middle","children":[]}}"#)
        var nested = #"{"type":"box","width":1,"height":1}"#
        for _ in 0..<600 { nested = #"{"type":"inset","all":1,"child":"# + nested + "}" }
        let deep = try directory.file("deep.json", text: #"{"root":"# + nested + "}")
        let broken = try directory.file("broken.json", text: #"{"root":"#)
        let cases: [(String, String)] = [
            (unknown, "invalid template: invalid value at .root.alignment: "),
            (deep, "invalid template: nested 602 levels deep; at most 512 can be read"),
            (broken, "invalid template: not valid JSON"),
        ]
        for (template, message) in cases {
            let run = try RowHeightExecutable.run(
                ["measure", "--input", "-", "--template", template], stdin: Data("{\"text\":\"a\"}\n".utf8))
            #expect(run.exitCode == 1)
            #expect(run.stderr.hasPrefix("rowheight: error: \(template): \(message)"), "\(run.stderr)")
        }
    }
}
