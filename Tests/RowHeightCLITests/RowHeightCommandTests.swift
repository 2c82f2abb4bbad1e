import Foundation
import Testing

@testable import RowHeightCLI

@Suite("rowheight: errors and exit codes, end to end")
struct RowHeightCommandTests {
    @Test("A command line its subcommand parses is parsed without the root's pass; help, version and errors are left to the root")
    func parsedBySubcommand() throws {
        let measure = try #require(RowHeightCommand.parsedBySubcommand(["measure", "x", "--width", "100"]) as? MeasureCommand)
        #expect(measure.text == "x" && measure.widthList == [100])
        #expect(RowHeightCommand.parsedBySubcommand(["fonts", "x"]) is FontsCommand)
        for arguments in [
            ["measure", "--help"], ["measure", "-h"], ["measure", "--version"], ["measure"], ["measure", "--bogus", "x"],
            ["measure", "x", "--width", "-5"], ["help", "measure"], ["--version"], ["x"], [],
            ["measure", "--generate-completion-script", "bash"],
        ] {
            #expect(RowHeightCommand.parsedBySubcommand(arguments) == nil, "\(arguments)")
        }
    }

    @Test("Help and usage errors of a subcommand name the whole command")
    func subcommandMessages() throws {
        let help = try RowHeightExecutable.run(["measure", "--help"])
        #expect(help.exitCode == 0 && help.output.contains("USAGE: rowheight measure"))
        let unknown = try RowHeightExecutable.run(["measure", "--bogus", "x"])
        #expect(unknown.exitCode == 64 && unknown.stderr.contains("rowheight measure"), "\(unknown.stderr)")
        let version = try RowHeightExecutable.run(["measure", "--version"])
        #expect(version.exitCode == 0 && version.output == "0.1.0\n", "\(version.output)")
    }

    @Test("A missing file is one line on stderr and exit 1, before any output")
    func missingFile() throws {
        let run = try RowHeightExecutable.run(["breaks", "--input", "/nonexistent/rows.jsonl"])
        #expect(run.exitCode == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "rowheight: error: /nonexistent/rows.jsonl: no such file\n")
    }

    @Test("A directory is not an input file")
    func directory() throws {
        let directory = try TemporaryDirectory()
        let run = try RowHeightExecutable.run(["breaks", "--input", directory.url.path])
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: \(directory.url.path): is a directory, not a file\n")
    }

    @Test("Invalid JSON on line 3: lines 1–2 are written, then the error names file and line", arguments: [1, 2])
    func invalidJSONOnLine3(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: "{\"text\":\"a b\"}\n{\"text\":\"c\"}\n{\"text\":\"d\" \"e\"}\n{\"text\":\"f\"}\n")
        let run = try RowHeightExecutable.run(["breaks", "--input", path, "--jobs", "\(jobs)"])
        #expect(run.exitCode == 1)
        #expect(run.outputLines == [#"{"breaks":[2,3],"mandatory":[]}"#, #"{"breaks":[1],"mandatory":[]}"#])
        #expect(run.stderr == "rowheight: error: \(path):3: invalid JSON: expected ',' or '}' after a value, found '\"' at column 13\n")
    }

    @Test("A bad record deep in a large input: everything before it is written", arguments: [1, 2, 3])
    func badRecordAfterManyBatches(jobs: Int) throws {
        var input = ""
        for k in 1...20_000 { input += k == 12_345 ? "{\"text\":[\"x\"]}\n" : "{\"text\":\"x\(k)\"}\n" }
        let run = try RowHeightExecutable.run(["breaks", "--input", "-", "--jobs", "\(jobs)"], stdin: Data(input.utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 12_344)
        #expect(run.outputLines.allSatisfy { $0.hasPrefix("{\"breaks\":[") })
        #expect(run.stderr == "rowheight: error: <stdin>:12345: field \"text\" must be a string, found array\n")
    }

    @Test("Missing \"text\", \"text\" not a string, invalid UTF-8, not an object, an empty line")
    func recordErrors() throws {
        let cases: [(input: [UInt8], message: String)] = [
            (Array(#"{"txt":"a"}"#.utf8), #"field "text" is missing"#),
            (Array(#"{"text":5}"#.utf8), #"field "text" must be a string, found number"#),
            (Array(#"{"text":null}"#.utf8), #"field "text" must be a string, found null"#),
            (Array(#"{"text":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8), "invalid UTF-8 at byte 11"),
            (Array(#"{"text":"a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), "invalid UTF-8 at byte 11"),
            (Array(#"["text"]"#.utf8), "invalid JSON: expected '{' (a JSON object), found '[' at column 1"),
            (Array(#"{"text":"a\q"}"#.utf8), #"invalid JSON: invalid escape: '\' followed by 'q' at column 11"#),
            (Array(#"{"text":"\ud800"}"#.utf8), #"invalid JSON: unpaired surrogate \uD800 (a high surrogate must be followed by a \u low surrogate) at column 10"#),
            (Array("   ".utf8), "empty line, expected a JSON object"),
        ]
        for (input, message) in cases {
            let data = Data(Array(#"{"text":"ok"}"#.utf8) + [0x0A] + input + [0x0A] + Array(#"{"text":"later"}"#.utf8) + [0x0A])
            let run = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: data)
            #expect(run.exitCode == 1)
            #expect(run.outputLines == [#"{"breaks":[2],"mandatory":[]}"#])
            #expect(run.stderr == "rowheight: error: <stdin>:2: \(message)\n")
        }
    }

    @Test("Empty input: no output, exit 0; trailing blank lines and a missing final newline are fine")
    func emptyAndTrailing() throws {
        let empty = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: Data())
        #expect(empty.exitCode == 0)
        #expect(empty.stdout.isEmpty && empty.stderr.isEmpty)
        let trailing = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: Data("{\"text\":\"a\"}\r\n\n  \n".utf8))
        #expect(trailing.exitCode == 0)
        #expect(trailing.output == "{\"breaks\":[1],\"mandatory\":[]}\n")
        let unterminated = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: Data("{\"text\":\"a\"}\n{\"text\":\"b c\"}".utf8))
        #expect(unterminated.outputLines == [#"{"breaks":[1],"mandatory":[]}"#, #"{"breaks":[2,3],"mandatory":[]}"#])
    }

    @Test("Output that cannot be written is an error too")
    func fullDisk() throws {
        let run = try RowHeightExecutable.run(
            ["breaks", "--input", "-"], stdin: Data("{\"text\":\"a\"}\n".utf8), stdoutPath: "/dev/full")
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: cannot write the output: No space left on device\n")
    }

    @Test("Usage errors are argument-parser's: exit 64, usage on stderr")
    func usageErrors() throws {
        let none = try RowHeightExecutable.run(["breaks"])
        #expect(none.exitCode == 64)
        #expect(none.stderr.contains("Give a TEXT or --input FILE."))
        #expect(none.stderr.contains("Usage: rowheight breaks"))
        let both = try RowHeightExecutable.run(["breaks", "x", "--input", "-"])
        #expect(both.exitCode == 64)
        let zeroJobs = try RowHeightExecutable.run(["breaks", "--input", "-", "--jobs", "0"])
        #expect(zeroJobs.exitCode == 64)
        #expect(zeroJobs.stderr.contains("--jobs 0 is out of range: it must be at least 1 and at most 256"))
        let unknown = try RowHeightExecutable.run(["frobnicate"])
        #expect(unknown.exitCode == 64)
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        let version = try RowHeightExecutable.run(["--version"])
        #expect(version.exitCode == 0)
        #expect(version.output == "0.1.0\n")
        let help = try RowHeightExecutable.run(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.output.contains("rowheight breaks"))
        #expect(help.output.contains("breaks"))
    }
}
