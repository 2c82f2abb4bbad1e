import Foundation

/// Runs the repository's Pango 1.50 oracle (`Tools/pango-oracle`), building it first if needed.
enum PangoOracle {
    static let sizes: [Double] = [13, 17, 24]
    static let widths: [Double] = [200, 280, 375, 600]
    static let wraps = ["word", "char"]

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Builds the oracle with `make` (needs libpango1.0-dev) and returns its path.
    static func binary() throws -> URL {
        let dir = repositoryRoot.appendingPathComponent("Tools/pango-oracle")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "-C", dir.path]
        try make.run()
        make.waitUntilExit()
        guard make.terminationStatus == 0 else {
            throw Failure(description: "building Tools/pango-oracle failed (is libpango1.0-dev installed? run Scripts/test)")
        }
        return dir.appendingPathComponent("build/pango-oracle")
    }

    /// Line counts of every row of a JSON Lines corpus for every combination (size-major, then
    /// width, then wrap), as Pango lays them out with the single font `font`.
    static func lineCounts(corpus: URL, font: String) throws -> [[Int]] {
        try lineCounts(corpus: corpus, fonts: [font], sizes: sizes, widths: widths)
    }

    /// Line counts of every row of a JSON Lines corpus for every combination (size-major, then
    /// width, then wrap), as Pango lays them out with the fallback chain `fonts` (all files in
    /// the private font set, their families in chain order).
    static func lineCounts(
        corpus: URL, fonts: [String], sizes: [Double], widths: [Double], markup: Bool = false,
        configuration: String? = nil
    ) throws -> [[Int]] {
        let process = Process()
        process.executableURL = try binary()
        var arguments: [String] = fonts.flatMap { ["--font", $0] }
        arguments += ["--input", corpus.path]
        arguments += ["--size", sizes.map { String(Int($0)) }.joined(separator: ",")]
        arguments += ["--width", widths.map { String(Int($0)) }.joined(separator: ",")]
        arguments += ["--wrap", wraps.joined(separator: ","), "--quiet"]
        if markup { arguments.append("--markup") }
        if let configuration { arguments += ["--fontconfig-file", configuration] }
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "pango-oracle failed on \(corpus.path)") }
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            guard let counts = object?["counts"] as? [Int] else { throw Failure(description: "bad oracle output") }
            return counts
        }
    }
}
