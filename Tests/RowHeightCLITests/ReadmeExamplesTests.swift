import Foundation
import Testing

@Suite("The README's rowheight examples run as written")
struct ReadmeExamplesTests {
    /// The `rowheight` command lines of the README: lines of ```sh blocks that start with
    /// `rowheight `, and `$ rowheight …` lines of the other blocks.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: MeasureFormatTests.repositoryFile("README.md"), encoding: .utf8)
        var commands: [String] = []
        var block: String?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                block = block == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            guard let language = block else { continue }
            if language == "sh" && line.hasPrefix("rowheight ") {
                commands.append(String(line))
            } else if line.hasPrefix("$ rowheight ") {
                commands.append(String(line.dropFirst(2)))
            }
        }
        return commands
    }

    @Test("The README has rowheight examples, each of a command that exists")
    func found() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 6)
        for command in commands {
            let name = command.split(separator: " ")[1]
            #expect(["measure", "dataset", "simulate", "render", "breaks", "fonts"].contains(name), "\(command)")
        }
    }

    @Test("Each example runs with exit 0 and no error, in order, from a directory holding Examples/")
    func run() throws {
        let executable = try #require(RowHeightExecutable.url)
        let directory = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("Examples"),
            withDestinationURL: MeasureFormatTests.repositoryFile("Examples"))
        let path = executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        for written in try Self.commands() {
            // Debug builds are slow: datasets of a million rows are cut to 2,000 rows (the same
            // commands otherwise, and their later steps read what they wrote).
            let command = written.replacingOccurrences(
                of: #"--rows [0-9]{5,}"#, with: "--rows 2000", options: .regularExpression)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = directory.url
            process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path]) { $1 }
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(written): \(stderr)")
            #expect(!stderr.contains("error"), "\(written): \(stderr)")
        }
    }
}
