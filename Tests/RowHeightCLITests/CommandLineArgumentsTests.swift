import Foundation
import Testing

@testable import RowHeightCLI

@Suite("The command line: negative numbers, TEXT after --, UTF-8 arguments, byte order marks")
struct CommandLineArgumentsTests {
    @Test("A negative number after a long option becomes its value; nothing after -- changes")
    func joining() {
        #expect(
            CommandLineArguments.joiningNegativeNumbers(["measure", "x", "--width", "-5", "--size", "-1e3"])
                == ["measure", "x", "--width=-5", "--size=-1e3"])
        #expect(
            CommandLineArguments.joiningNegativeNumbers(["measure", "--width", "-.5", "--", "--x", "-5"])
                == ["measure", "--width=-.5", "--", "--x", "-5"])
        #expect(
            CommandLineArguments.joiningNegativeNumbers(["measure", "-i", "-", "--width", "-w", "--jobs=-1"])
                == ["measure", "-i", "-", "--width", "-w", "--jobs=-1"])
        #expect(!CommandLineArguments.isNegativeNumber("-"))
        #expect(!CommandLineArguments.isNegativeNumber("-i"))
        #expect(!CommandLineArguments.isNegativeNumber("-5x"))
        #expect(CommandLineArguments.isNegativeNumber("-0"))
    }

    @Test("--width -5 says the value is out of range, not that it is missing")
    func negativeWidth() throws {
        for command in [["measure", "x"], ["simulate"]] {
            let run = try RowHeightExecutable.run(command + ["--width", "-5"])
            #expect(run.exitCode == 64)
            #expect(run.stderr.hasPrefix("Error: --width -5 is out of range"), "\(command)")
        }
        // render checks its width when it runs (its own code): the message names the value too.
        let render = try RowHeightExecutable.run(["render", "x", "-o", "x.png", "--width", "-5"])
        #expect(render.exitCode == 1)
        #expect(render.stderr.hasPrefix("rowheight: error: invalid width -5.0"))
    }

    @Test("A TEXT starting with - is measured after --; without it, the error says how")
    func dashText() throws {
        let measured = try RowHeightExecutable.run(["measure", "--width", "200", "--json", "--", "-5 °C is cold"])
        #expect(measured.exitCode == 0)
        #expect(measured.output.hasPrefix("{\"lines\":1,"))
        let refused = try RowHeightExecutable.run(["measure", "-5 °C is cold"])
        #expect(refused.exitCode == 64)
        #expect(refused.stderr.contains("Unknown option '-5 °C is cold'"))
        #expect(refused.stderr.contains("A TEXT that starts with '-' goes last, after '--'"))
    }

    @Test("A TEXT argument that is not valid UTF-8 is an error, not measured as U+FFFD")
    func invalidUTF8Argument() throws {
        let executable = try #require(RowHeightExecutable.url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #""$0" measure "$(printf 'a\377b')" 2>&1"#, executable.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(output == "rowheight: error: argument 2 is not valid UTF-8 (byte 2); give texts and paths in UTF-8\n")
    }

    @Test("JSON Lines starting with a UTF-8 byte order mark are read like CSV with one")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let jsonl = try RowHeightExecutable.run(
            ["measure", "--input", "-"], stdin: Data(bom + Array("{\"text\":\"a\"}\n{\"text\":\"b\"}\n".utf8)))
        #expect(jsonl.exitCode == 0)
        #expect(jsonl.outputLines.count == 2)
        let csv = try RowHeightExecutable.run(
            ["measure", "--input", "-", "--input-format", "csv"], stdin: Data(bom + Array("text\na\n".utf8)))
        #expect(csv.exitCode == 0)
        #expect(csv.outputLines.count == 1)
    }
}
