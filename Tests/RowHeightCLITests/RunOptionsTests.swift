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
}
