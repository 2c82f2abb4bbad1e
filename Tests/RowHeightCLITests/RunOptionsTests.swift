import Foundation
import Testing

@Suite("rowheight -o: the output never replaces the input it reads")
struct RunOptionsTests {
    @Test("-o naming the input (same path, symbolic link, hard link) is refused before the file is touched")
    func outputIsInput() throws {
        let directory = try TemporaryDirectory()
        let rows = "{\"text\":\"a\"}\n{\"text\":\"b\"}\n"
        let path = try directory.file("rows.jsonl", text: rows)
        let symlink = directory.url.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: symlink, withDestinationPath: path)
        let hardLink = directory.url.appendingPathComponent("hard.jsonl").path
        try FileManager.default.linkItem(atPath: path, toPath: hardLink)
        for output in [path, symlink, hardLink, directory.url.path + "/./rows.jsonl"] {
            let run = try RowHeightExecutable.run(["measure", "--input", path, "-o", output])
            #expect(run.exitCode == 1, "\(output)")
            #expect(
                run.stderr
                    == "rowheight: error: \(output): is the input (\(path)): refusing to replace a file while reading it; write to another file\n"
            )
            #expect(try String(contentsOfFile: path, encoding: .utf8) == rows)
        }
    }

    @Test("A CSV input over 1 MiB given as its own output is refused, not read back as its output")
    func largeCSVOutputIsInput() throws {
        let directory = try TemporaryDirectory()
        var csv = "id,text\n"
        for k in 0..<60_000 { csv += "\(k),row number \(k) of the table\n" }
        #expect(csv.utf8.count > 1 << 20)
        let path = try directory.file("rows.csv", text: csv)
        let run = try RowHeightExecutable.run(["measure", "--input", path, "--format", "csv", "-o", path])
        #expect(run.exitCode == 1)
        #expect(run.stderr.contains("refusing to replace a file while reading it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == csv)
    }

    @Test("-o naming another file still writes it")
    func otherOutput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: "{\"text\":\"a\"}\n")
        let output = directory.url.appendingPathComponent("out.jsonl").path
        let run = try RowHeightExecutable.run(["measure", "--input", path, "-o", output])
        #expect(run.exitCode == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("{\"lines\":1,"))
    }

    @Test("Threads that cannot be started are an error message, not a crash (address space limited by ulimit -v)")
    func threadsThatCannotStart() throws {
        let executable = try #require(RowHeightExecutable.url)
        let rows = String(repeating: "{\"text\":\"a row\"}\n", count: 100)
        for limit in [400_000, 450_000, 500_000] {  // KiB: room to start, not for 200 thread stacks
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -v \(limit) && printf '%s' \"$1\" | \"$0\" measure -i - --jobs 200 >/dev/null",
                executable.path, rows,
            ]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect([0, 1].contains(process.terminationStatus), "\(limit): \(stderr)")
            if process.terminationStatus == 1 {
                #expect(stderr.hasPrefix("rowheight: error: cannot start worker thread "), "\(stderr)")
                #expect(stderr.hasSuffix("; try a smaller --jobs\n"))
            }
        }
    }
}
