import ArgumentParser
import Testing
@testable import RowHeightCLI

/// `MeasureCommand.parseFast` must give exactly the command argument-parser gives for the same
/// arguments — every property, defaults included — or `nil`, leaving the parsing to it.
@Suite("measure: parsing without argument-parser")
struct MeasureFastParseTests {
    /// Everything a parsed command holds: each property wrapper and its value (a wrapper left
    /// unset would show as a definition, not a value).
    static func contents(_ command: MeasureCommand) -> String { String(reflecting: command) }

    static let accepted: [[String]] = [
        ["--input", "rows.jsonl", "--width", "280", "--jobs", "1"],
        ["--input", "rows.jsonl"],
        ["--input", "-"],
        ["--width", "320", "--input", "rows.jsonl", "--width", "375.5", "--stats"],
        ["--input", "rows.csv", "--widths", "320, 375,414", "--format", "csv", "--text-column", "body"],
        ["--input", "rows.txt", "--input-format", "tsv", "--format", "tsv", "--no-progress", "--skip-invalid"],
        ["--input", "rows.jsonl", "--json", "--progress", "--output", "out.jsonl", "--jobs", "3"],
        [
            "--input", "rows.jsonl", "--font", "a.ttf", "--font", "b.ttc#2", "--size", "13.5", "--line-break", "char",
            "--max-lines", "3", "--line-spacing", "2", "--line-height-multiple", "1.25", "--scale", "3",
            "--profile", "pango",
        ],
        ["--input", "rows.jsonl", "--template", "cell.json", "--widths", "320,375"],
        ["--input", "rows.jsonl", "--width", "1e2", "--size", "0x1p4"],
    ]

    @Test("Plain command lines parse to argument-parser's command", arguments: accepted)
    func equalsArgumentParser(_ arguments: [String]) throws {
        let fast = try #require(MeasureCommand.parseFast(arguments[...]))
        let parsed = try MeasureCommand.parse(arguments)
        #expect(Self.contents(fast) == Self.contents(parsed))
        #expect(!Self.contents(fast).contains("definition"))
    }

    static let declined: [[String]] = [
        [], ["Hello"], ["Hello", "--width", "120"], ["-i", "rows.jsonl"], ["--input=rows.jsonl"],
        ["--input", "rows.jsonl", "--jobs", "0"], ["--input", "rows.jsonl", "--width", "-5"],
        ["--input", "rows.jsonl", "--width", "wide"], ["--input", "rows.jsonl", "--input", "other.jsonl"],
        ["--input", "rows.jsonl", "--progress", "--no-progress"], ["--input", "rows.jsonl", "--format", "text"],
        ["--input", "rows.jsonl", "--json", "--format", "csv"], ["--input", "rows.jsonl", "--help"], ["--help"],
        ["--input", "rows.jsonl", "--profile", "webkit"], ["--input", "rows.jsonl", "--width"],
        ["--input", ""], ["--input", "rows.jsonl", "--stats", "--stats"], ["--input", "rows.jsonl", "--"],
        ["--input", "rows.jsonl", "--unknown", "1"], ["--version"],
    ]

    @Test("Anything else is left to argument-parser", arguments: declined)
    func declines(_ arguments: [String]) {
        #expect(MeasureCommand.parseFast(arguments[...]) == nil)
    }
}
