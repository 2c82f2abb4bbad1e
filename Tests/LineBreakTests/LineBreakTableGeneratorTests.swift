import Foundation
import Testing

@Suite("Generated tables")
struct LineBreakTableGeneratorTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let generator = repositoryRoot.appendingPathComponent("Sources/LineBreak/Generated/generate.py")
    static let committed = repositoryRoot.appendingPathComponent("Sources/LineBreak/Generated/LineBreakData.swift")

    /// python3 on the PATH, if any.
    static var python3: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var canRegenerate: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/unicode/LineBreak.txt") && python3 != nil
    }

    @Test("Re-running generate.py reproduces LineBreakData.swift byte for byte",
          .enabled(if: canRegenerate, "needs python3 and Debian's unicode-data (/usr/share/unicode)"))
    func reproducible() throws {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("LineBreakData-\(ProcessInfo.processInfo.globallyUniqueString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python3))
        process.arguments = [Self.generator.path, "--unicode-dir", "/usr/share/unicode", "--output", output.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let regenerated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: Self.committed)
        #expect(regenerated == committed, "generate.py output differs from the committed LineBreakData.swift: re-run the generator")
    }
}
