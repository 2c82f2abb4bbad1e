import Foundation
import Testing
@testable import TextMeasure

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
    ///
    /// `make` runs once per test process (tests run in parallel: when the binary was stale, one
    /// test's `make` rewrote it while another executed it — "Permission denied").
    static func binary() throws -> URL {
        try built.get()
    }

    /// The result of the one `make` (a `static let` is initialized once, other threads waiting).
    private static let built: Result<URL, Failure> = {
        let dir = repositoryRoot.appendingPathComponent("Tools/pango-oracle")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "-C", dir.path]
        let failure = Failure(description: "building Tools/pango-oracle failed (is libpango1.0-dev installed? run Scripts/test)")
        do { try make.run() } catch { return .failure(failure) }
        make.waitUntilExit()
        guard make.terminationStatus == 0 else { return .failure(failure) }
        return .success(dir.appendingPathComponent("build/pango-oracle"))
    }()

    /// What Pango made of one row in every combination (size-major, then width, then wrap).
    struct Layout {
        var lineCounts: [Int]
        /// Layout heights in Pango units (1/1024 pt).
        var heights: [Int]
    }

    /// Line counts and layout heights of every row of a corpus for every combination.
    static func layouts(
        corpus: URL, fonts: [String], sizes: [Double], widths: [Double], markup: Bool = false,
        configuration: String? = nil
    ) throws -> [Layout] {
        var arguments: [String] = fonts.flatMap { ["--font", $0] }
        arguments += ["--input", corpus.path]
        arguments += ["--size", sizes.map { String(Int($0)) }.joined(separator: ",")]
        arguments += ["--width", widths.map { String(Int($0)) }.joined(separator: ",")]
        arguments += ["--wrap", wraps.joined(separator: ","), "--quiet", "--heights"]
        if markup { arguments.append("--markup") }
        if let configuration { arguments += ["--fontconfig-file", configuration] }
        return try rows(arguments, corpus: corpus).map { object in
            guard let counts = object?["counts"] as? [Int], let heights = object?["heights"] as? [Int] else {
                throw Failure(description: "bad oracle output")
            }
            return Layout(lineCounts: counts, heights: heights)
        }
    }

    /// Pango's char-wrapping breaks (`is_char_break`, its grapheme boundaries) of every row of
    /// a corpus, as scalar offsets (k = between scalars k − 1 and k; the text's end included).
    static func charBreaks(corpus: URL) throws -> [[Int]] {
        try rows(["--input", corpus.path, "--breaks", "--quiet"], corpus: corpus).map { object in
            guard let chars = object?["chars"] as? [Int] else { throw Failure(description: "bad oracle output") }
            return chars
        }
    }

    /// Pango's line-break opportunities (`is_line_break`: UAX #14 tailored per item, libthai's
    /// breaks in Thai items) of every row of a corpus laid out with `fonts` (the items depend on
    /// them), as scalar offsets (k = between scalars k − 1 and k; the text's end included).
    static func lineBreaks(corpus: URL, fonts: [String]) throws -> [[Int]] {
        let arguments = fonts.flatMap { ["--font", $0] } + ["--input", corpus.path, "--breaks", "--quiet"]
        return try rows(arguments, corpus: corpus).map { object in
            guard let breaks = object?["breaks"] as? [Int] else { throw Failure(description: "bad oracle output") }
            return breaks
        }
    }

    /// The widths, in Pango units (1/1024 pt), of the lines Pango lays `text` out in with `fonts`
    /// (a fallback chain) at `size` and `width` (points), `wrap` "word" or "char": what
    /// `pango-oracle --explain` prints for each line.
    static func lineWidths(of text: String, fonts: [String], size: Double, width: Double, wrap: String) throws -> [Int] {
        let row = try JSONSerialization.data(withJSONObject: ["text": text])
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("pango-oracle-\(UUID().uuidString).jsonl")
        try (row + Data("\n".utf8)).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let data = try output(of: fonts.flatMap { ["--font", $0] } + [
            "--input", input.path, "--size", String(Int(size)), "--width", String(Int(width)), "--wrap", wrap,
            "--explain", "1", "--quiet",
        ], failure: "pango-oracle --explain failed")
        // "  line 1: scalars 0+17, width 204963 (200.1592 pt), …"
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  line "), let range = line.range(of: ", width ") else { return nil }
            guard let units = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
                throw Failure(description: "bad oracle line: \(line)")
            }
            return units
        }
    }

    /// Runs the oracle with `arguments` and returns what it printed; `failure` describes a
    /// non-zero exit.
    private static func output(of arguments: [String], failure: String) throws -> Data {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: failure) }
        return data
    }

    /// Runs the oracle with `arguments` and returns its output, one JSON object per row.
    private static func rows(_ arguments: [String], corpus: URL) throws -> [[String: Any]?] {
        let data = try output(of: arguments, failure: "pango-oracle failed on \(corpus.path)")
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
        }
    }

    /// One combination's comparison of the `.pango` profile with Pango.
    struct Comparison {
        var size: Double
        var width: Double
        var wrap: String
        /// Rows (0-based) whose line counts differ.
        var lineMismatches: [Int]
        /// Rows whose line counts agree but whose heights (rounded up to whole points) differ.
        var heightMismatches: [Int]
        var rows: Int
        var agreement: Double { 1 - Double(lineMismatches.count) / Double(rows) }
        var label: String { "size \(Int(size)) width \(Int(width)) \(wrap)" }
    }

    /// Measures every text with the `.pango` profile in every combination and compares line
    /// counts, and heights where the counts agree, with Pango's `expected` layouts.
    static func compare(
        _ texts: [String], chain: FontChain, expected: [Layout], sizes: [Double], widths: [Double]
    ) throws -> [Comparison] {
        try compare(rows: texts.count, chain: chain, expected: expected, sizes: sizes, widths: widths) {
            try $0.measure(texts[$1], width: $2)
        }
    }

    /// `compare` for rows that `measure` measures (row index, width) with a `.pango` measurer of
    /// each combination's style, e.g. attributed texts.
    static func compare(
        rows: Int, chain: FontChain, expected: [Layout], sizes: [Double], widths: [Double],
        measure: (TextMeasurer, Int, Double) throws -> TextMeasurement
    ) throws -> [Comparison] {
        var comparisons: [Comparison] = []
        var combination = 0
        for size in sizes {
            for width in widths {
                for wrap in wraps {
                    let measurer = try TextMeasurer(style: TextStyle(
                        fontChain: chain, fontSize: size,
                        lineBreakMode: wrap == "word" ? .byWordWrapping : .byCharWrapping, profile: .pango))
                    var result = Comparison(
                        size: size, width: width, wrap: wrap, lineMismatches: [], heightMismatches: [], rows: rows)
                    for row in 0..<rows {
                        let measured = try measure(measurer, row, width)
                        if measured.lineCount != expected[row].lineCounts[combination] {
                            result.lineMismatches.append(row)
                        } else if measured.height != (Double(expected[row].heights[combination]) / 1024).rounded(.up) {
                            result.heightMismatches.append(row)
                        }
                    }
                    comparisons.append(result)
                    combination += 1
                }
            }
        }
        return comparisons
    }

    /// A known gap in line counts: the measured floor a corpus is held to, and why.
    struct KnownGap {
        var floor: Double
        var reason: String
    }

    /// Line counts must agree on ≥ 99.9 % of rows; a corpus with a `gap` is held to its floor
    /// instead, and the 99.9 % goal recorded as a known issue where it is not met yet.
    static func expectLineCounts(_ result: Comparison, corpus: String, gap: KnownGap?) {
        let detail = "\(corpus) \(result.label): \(result.lineMismatches.count) rows differ, e.g. rows \(result.lineMismatches.prefix(8).map { $0 + 1 })"
        guard let gap else {
            #expect(result.agreement >= 0.999, "\(detail)")
            return
        }
        #expect(result.agreement >= gap.floor, "\(detail)")
        if result.agreement < 0.999 {
            withKnownIssue("\(gap.reason)") { Issue.record("\(detail)") }
        }
    }

    /// Rows per combination (of 1,000) whose heights may differ from Pango's although their line
    /// counts agree: a known gap (README, Limits) — Pango can give a format character at a run's
    /// edge or a run of spaces a font the measurer does not, and a line is as tall as the fonts
    /// of all its runs. None since 2026-11-24: every corpus must agree everywhere (th and lo:
    /// libthai per Pango script run, th row 242; the oracle's batch state, th 369 and lo 1980;
    /// hi row 456 and ta row 694: a piece's leading common characters continue the script run
    /// before it, `TextWalker.continuedScriptRun`, Tools/corpus/pango-differences.md cause M).
    static let knownHeightGaps: [String: Int] = [:]

    /// Heights must agree wherever line counts do, but in `knownHeightGaps`.
    static func expectHeights(_ result: Comparison, corpus: String) {
        guard !result.heightMismatches.isEmpty else { return }
        let name = String(corpus.prefix { $0 != " " })
        let detail = "\(corpus) \(result.label): heights differ where lines agree in \(result.heightMismatches.count) rows, e.g. rows \(result.heightMismatches.prefix(8).map { $0 + 1 })"
        guard let allowed = knownHeightGaps[name] else {
            Issue.record("\(detail)")
            return
        }
        #expect(result.heightMismatches.count <= allowed, "\(detail)")
        withKnownIssue("line heights around bidi runs, format characters and space runs") { Issue.record("\(detail)") }
    }
}
