import Foundation
import Testing

@Suite("rowheight dataset, end to end")
struct DatasetCommandTests {
    /// The `"text"` of every line, each line checked to be exactly one JSON object with a string "text".
    private func texts(_ run: RowHeightExecutable.Run) throws -> [String] {
        try run.outputLines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object.count == 1)
            return try #require(object["text"] as? String)
        }
    }

    @Test(
        "The same seed gives identical bytes across runs and job counts; fewer rows give a prefix",
        arguments: DatasetKindName.all)
    func determinism(kind: DatasetKindName) throws {
        let arguments = ["dataset", "--rows", "10000", "--kind", kind.rawValue, "--seed", "42"]
        let one = try RowHeightExecutable.run(arguments + ["--jobs", "1"])
        let two = try RowHeightExecutable.run(arguments + ["--jobs", "2"])
        let three = try RowHeightExecutable.run(arguments + ["--jobs", "3"])
        #expect(one.exitCode == 0 && one.stderr.isEmpty)
        #expect(one.outputLines.count == 10000)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout == three.stdout)
        let again = try RowHeightExecutable.run(arguments + ["--jobs", "1"])
        #expect(again.stdout == one.stdout)
        let fewer = try RowHeightExecutable.run(["dataset", "--rows", "5000", "--kind", kind.rawValue, "--seed", "42"])
        #expect(one.stdout.starts(with: fewer.stdout))
        let other = try RowHeightExecutable.run(["dataset", "--rows", "10000", "--kind", kind.rawValue, "--seed", "43"])
        #expect(other.stdout != one.stdout)
    }

    @Test("English rows: long-tailed lengths, URLs, numbers, newlines, empty rows")
    func english() throws {
        let texts = try texts(try RowHeightExecutable.run(["dataset", "--rows", "20000", "--kind", "en"]))
        let lengths = texts.map(\.count).sorted()
        let median = lengths[lengths.count / 2]
        #expect((20...200).contains(median), "median length \(median)")
        #expect(lengths.last! > 10 * median, "a long tail: longest \(lengths.last!)")
        #expect(texts.contains { $0.contains("https://") })
        #expect(texts.contains { $0.contains("\n") })
        #expect(texts.contains { $0.isEmpty })
        #expect(texts.contains { $0.contains("\"") })
        #expect(texts.filter { $0.contains(where: \.isNumber) }.count > texts.count / 10)
    }

    @Test("Japanese rows: kana and kanji with Japanese punctuation")
    func japanese() throws {
        let texts = try texts(try RowHeightExecutable.run(["dataset", "--rows", "5000", "--kind", "ja"]))
        let joined = texts.joined()
        for mark in ["。", "、", "「", "」", "（", "ー"] { #expect(joined.contains(mark), "\(mark)") }
        let japanese = joined.unicodeScalars.filter { (0x3040...0x9FFF).contains($0.value) }.count
        #expect(japanese > joined.unicodeScalars.count / 2)
    }

    @Test("Mixed and chat rows: emoji; chat mostly short")
    func mixedAndChat() throws {
        let mixed = try texts(try RowHeightExecutable.run(["dataset", "--rows", "5000", "--kind", "mixed"]))
        #expect(mixed.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(mixed.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
        let chat = try texts(try RowHeightExecutable.run(["dataset", "--rows", "5000", "--kind", "chat"]))
        let short = chat.filter { $0.count <= 20 }.count
        #expect(short > chat.count / 2)
        #expect(chat.contains { $0.count > 200 }, "some long messages")
        #expect(chat.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    }

    @Test("Output that cannot be written stops the run with exit 1", arguments: [1, 2])
    func fullDisk(jobs: Int) throws {
        let run = try RowHeightExecutable.run(
            ["dataset", "--rows", "200000", "--jobs", "\(jobs)"], stdoutPath: "/dev/full")
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: cannot write the output: No space left on device\n")
    }

    @Test("--rows 0 writes nothing; -o writes a file; the output measures")
    func outputAndMeasure() throws {
        let none = try RowHeightExecutable.run(["dataset", "--rows", "0"])
        #expect(none.exitCode == 0 && none.stdout.isEmpty)
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("rows.jsonl").path
        let written = try RowHeightExecutable.run(["dataset", "--rows", "3000", "--kind", "mixed", "-o", path])
        #expect(written.exitCode == 0 && written.stdout.isEmpty)
        let measured = try RowHeightExecutable.run(["measure", "--input", path, "--widths", "200,375"])
        #expect(measured.exitCode == 0, "\(measured.stderr)")
        #expect(measured.outputLines.count == 3000)
    }
}

/// The `--kind` values, as test arguments.
enum DatasetKindName: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case en, ja, mixed, chat
    static let all = allCases
    var testDescription: String { rawValue }
}
