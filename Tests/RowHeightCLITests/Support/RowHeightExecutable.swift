import Foundation
import Testing

/// The built `rowheight` executable, run as a user would (like swift-argument-parser's
/// `AssertExecuteCommand`): `swift test` builds it because this test target depends on
/// `RowHeightCLI`, and puts it next to the test bundle.
enum RowHeightExecutable {
    /// What a run printed and how it ended.
    struct Run: Sendable {
        var stdout: Data
        var stderr: String
        var exitCode: Int32

        /// Standard output as text.
        var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard output's lines (without the final empty one).
        var outputLines: [Substring] {
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// The executable, looked for in the products directory of the running test bundle.
    static let url: URL? = {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles {
            directories.append(bundle.bundleURL)
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent("rowheight")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Runs `rowheight arguments…` with `stdin` as standard input (empty if `nil`), output to
    /// temporary files so nothing can block.
    ///
    /// - Parameters:
    ///   - stdoutPath: where standard output goes instead (e.g. `/dev/full`); `stdout` is then
    ///     empty.
    ///   - environment: variables to set for the run, on top of the test's own.
    static func run(
        _ arguments: [String], stdin: Data? = nil, stdoutPath: String? = nil, environment: [String: String] = [:]
    ) throws -> Run {
        let executable = try #require(url, "no rowheight executable next to the test bundle")
        let directory = try TemporaryDirectory()
        let inputURL = directory.url.appendingPathComponent("stdin")
        let outputURL = directory.url.appendingPathComponent("stdout")
        let errorURL = directory.url.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: stdoutPath.map { URL(fileURLWithPath: $0) } ?? outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return Run(
            stdout: try Data(contentsOf: outputURL),
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
            exitCode: process.terminationStatus)
    }
}

/// A fresh temporary directory, deleted when the value is released.
final class TemporaryDirectory: Sendable {
    /// The directory.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rowheight-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    func file(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        let fileURL = url.appendingPathComponent(name)
        try Data(bytes).write(to: fileURL)
        return fileURL.path
    }

    /// Writes `text` to a file named `name` in the directory and returns its path.
    func file(_ name: String, text: String) throws -> String {
        try file(name, Array(text.utf8))
    }
}
