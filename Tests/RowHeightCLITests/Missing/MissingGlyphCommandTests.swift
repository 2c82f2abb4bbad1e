import Foundation
import Testing

/// Characters no font covers are never silent: `measure`, `simulate`, templates and `render`
/// warn once per run, `--stats` counts the rows, `--strict` makes them errors, and
/// `--system-fallback` finds fonts for them — the built binary, end to end.
@Suite("Missing glyphs: warning, --stats, --strict, --system-fallback, end to end")
struct MissingGlyphCommandTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    /// Rows through Noto Sans alone: line 2 has three kanji, line 4 an unassigned code point.
    static let rows = """
        {"text":"hello"}
        {"text":"日本語 abc"}
        {"text":"ok"}
        {"text":"x \\u0378"}

        """

    @Test("measure --input: one warning naming the first row, the same output as without it", arguments: [1, 2])
    func warning(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: Self.rows)
        let run = try RowHeightExecutable.run(["measure", "-i", path, "--font", Self.notoSans, "--jobs", "\(jobs)"])
        #expect(run.exitCode == 0)
        #expect(run.outputLines.count == 4)
        #expect(run.stderr == "rowheight: warning: 2 rows have characters no font covers; first \(path):2 U+65E5\n")
        // The bundled chain covers them all but U+0378: one row, no other message.
        let bundled = try RowHeightExecutable.run(["measure", "-i", path, "--jobs", "\(jobs)"])
        #expect(bundled.stderr == "rowheight: warning: 1 row has characters no font covers; first \(path):4 U+0378\n")
        #expect(bundled.outputLines.count == 4)
    }

    @Test("With --jobs, 'first' is the row with the lowest line, whatever worker saw it first", arguments: [1, 2, 4])
    func firstIsLowestLine(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        var text = ""
        for line in 1...30_000 {
            text += line % 2_000 == 1_500 ? "{\"text\":\"row \(line) \\u0378\"}\n" : "{\"text\":\"row \(line) plain\"}\n"
        }
        let path = try directory.file("many.jsonl", text: text)
        let run = try RowHeightExecutable.run(["measure", "-i", path, "--jobs", "\(jobs)", "--stats"])
        #expect(run.exitCode == 0)
        #expect(run.outputLines.count == 30_000)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == "rowheight: warning: 15 rows have characters no font covers; first \(path):1500 U+0378")
        #expect(lines.first?.hasSuffix(", 15 rows with characters no font covers (15 clusters)") == true, "\(run.stderr)")
    }

    @Test("--stats counts the rows and their clusters; covered rows print no warning")
    func stats() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: Self.rows)
        let run = try RowHeightExecutable.run(["measure", "-i", path, "--font", Self.notoSans, "--stats"])
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("rowheight: 4 rows in ") == true)
        #expect(lines.first?.hasSuffix(", 2 rows with characters no font covers (4 clusters)") == true, "\(run.stderr)")
        let covered = try directory.file("covered.jsonl", text: "{\"text\":\"hello\"}\n{\"text\":\"日本\"}\n")
        let clean = try RowHeightExecutable.run(["measure", "-i", covered, "--stats"])
        #expect(clean.exitCode == 0)
        #expect(clean.stderr.hasSuffix(", 0 rows with characters no font covers (0 clusters)\n"), "\(clean.stderr)")
        #expect(!clean.stderr.contains("warning"))
    }

    @Test("--strict: the first such row is an error naming FILE:LINE and the character", arguments: ["jsonl", "csv"])
    func strict(format: String) throws {
        let directory = try TemporaryDirectory()
        let path = format == "jsonl"
            ? try directory.file("rows.jsonl", text: Self.rows)
            : try directory.file("rows.csv", text: "text\nhello\n日本語 abc\nok\nx \u{0378}\n")
        let line = format == "jsonl" ? 2 : 3
        let run = try RowHeightExecutable.run(["measure", "-i", path, "--font", Self.notoSans, "--strict"])
        #expect(run.exitCode == 1)
        #expect(run.outputLines.count == 1)  // the row before it
        #expect(run.stderr == "rowheight: error: \(path):\(line): no font covers U+65E5 and 2 more characters (--strict)\n")
    }

    @Test("--strict --skip-invalid: an error record per such row, then the count")
    func strictSkipInvalid() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: Self.rows)
        let run = try RowHeightExecutable.run(
            ["measure", "-i", path, "--font", Self.notoSans, "--strict", "--skip-invalid", "--jobs", "2"])
        #expect(run.exitCode == 1)
        let records = run.outputLines
        #expect(records.count == 4)
        #expect(records[1] == "{\"line\":2,\"error\":\"no font covers U+65E5 and 2 more characters (--strict)\"}")
        #expect(records[3] == "{\"line\":4,\"error\":\"no font covers U+0378 (--strict)\"}")
        #expect(run.stderr == """
            rowheight: error: \(path):2: no font covers U+65E5 and 2 more characters (--strict)
            rowheight: error: \(path):4: no font covers U+0378 (--strict)
            rowheight: error: 2 invalid rows skipped

            """)
    }

    @Test("A TEXT argument: a warning without a location; --strict fails")
    func textArgument() throws {
        let run = try RowHeightExecutable.run(["measure", "日本", "--font", Self.notoSans, "--json"])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "rowheight: warning: 1 row has characters no font covers; first U+65E5\n")
        let strict = try RowHeightExecutable.run(["measure", "日本", "--font", Self.notoSans, "--strict"])
        #expect(strict.exitCode == 1)
        #expect(strict.stderr == "rowheight: error: no font covers U+65E5 and 1 more character (--strict)\n")
        #expect(strict.stdout.isEmpty)
    }

    @Test("Templates: every text node of the cell counts, literals included")
    func template() throws {
        let directory = try TemporaryDirectory()
        let cell = try directory.file("cell.json", text: """
            {"root": {"type": "vstack", "children": [
              {"type": "text", "field": "title", "style": {"fonts": ["\(Self.notoSans)"]}},
              {"type": "hstack", "children": [
                {"type": "text", "field": "body", "style": {"fonts": ["\(Self.notoSans)"]}},
                {"type": "text", "text": "\\u0378", "style": {"fonts": ["\(Self.notoSans)"]}}]}]}}
            """)
        let rows = try directory.file("rows.jsonl", text: """
            {"title":"A","body":"plain"}
            {"title":"B","body":"日本"}

            """)
        let run = try RowHeightExecutable.run(["measure", "-i", rows, "--template", cell, "--stats"])
        #expect(run.exitCode == 0)
        #expect(run.outputLines.count == 2)
        #expect(run.stderr.contains(", 2 rows with characters no font covers (4 clusters)\n"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("rowheight: warning: 2 rows have characters no font covers; first \(rows):1 U+0378\n"))
        let strict = try RowHeightExecutable.run(["measure", "-i", rows, "--template", cell, "--strict"])
        #expect(strict.exitCode == 1)
        #expect(strict.stderr == "rowheight: error: \(rows):1: no font covers U+0378 (--strict)\n")
        // A template style's "systemFallback" finds the CJK font: only the literal stays missing.
        let fallback = try directory.file("fallback.json", text: """
            {"root": {"type": "text", "field": "body", "style": {"fonts": ["\(Self.notoSans)"], "systemFallback": true}}}
            """)
        let found = try RowHeightExecutable.run(["measure", "-i", rows, "--template", fallback])
        #expect(found.exitCode == 0)
        #expect(found.stderr.isEmpty, "\(found.stderr)")
    }

    @Test("simulate checks every row; render checks the row it draws")
    func simulateAndRender() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: Self.rows)
        let simulate = try RowHeightExecutable.run(
            ["simulate", "-i", path, "--font", Self.notoSans, "--steps", "3", "--json"])
        #expect(simulate.exitCode == 0)
        #expect(simulate.stderr == "rowheight: warning: 2 rows have characters no font covers; first \(path):2 U+65E5\n")
        let strict = try RowHeightExecutable.run(
            ["simulate", "-i", path, "--font", Self.notoSans, "--steps", "3", "--strict"])
        #expect(strict.exitCode == 1)
        #expect(strict.stderr == "rowheight: error: \(path):2: no font covers U+65E5 and 2 more characters (--strict)\n")
        let png = directory.url.appendingPathComponent("row.png").path
        let render = try RowHeightExecutable.run(
            ["render", "-i", path, "--line", "4", "--font", Self.notoSans, "-o", png])
        #expect(render.exitCode == 0)
        #expect(render.stderr == "rowheight: warning: 1 row has characters no font covers; first \(path):4 U+0378\n")
        let renderStrict = try RowHeightExecutable.run(
            ["render", "-i", path, "--line", "2", "--font", Self.notoSans, "-o", png, "--strict"])
        #expect(renderStrict.exitCode == 1)
        #expect(renderStrict.stderr == "rowheight: error: \(path):2: no font covers U+65E5 and 2 more characters (--strict)\n")
        let covered = try RowHeightExecutable.run(["render", "-i", path, "--line", "1", "-o", png, "--strict"])
        #expect(covered.exitCode == 0 && covered.stderr.isEmpty)
    }

    @Test("--system-fallback: fontconfig's fonts cover Japanese and Thai; only what no font has is left")
    func systemFallback() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file("rows.jsonl", text: Self.rows + "{\"text\":\"สวัสดีครับ\"}\n")
        let without = try RowHeightExecutable.run(["measure", "-i", path, "--font", Self.notoSans, "--stats"])
        #expect(without.stderr.contains(", 3 rows with characters no font covers"), "\(without.stderr)")
        let with = try RowHeightExecutable.run(
            ["measure", "-i", path, "--font", Self.notoSans, "--stats", "--system-fallback", "--jobs", "2"])
        #expect(with.exitCode == 0)
        #expect(with.stderr.contains(", 1 row with characters no font covers (1 cluster)\n"), "\(with.stderr)")
        #expect(with.stderr.hasSuffix("rowheight: warning: 1 row has characters no font covers; first \(path):4 U+0378\n"))
        // The Japanese row is measured in the CJK font, as when it is named.
        let named = try RowHeightExecutable.run(
            ["measure", "日本語 abc", "--font", Self.notoSans, "--font", "Noto Sans CJK JP", "--json"])
        #expect(with.outputLines[1] == named.outputLines[0])
        let none = try RowHeightExecutable.run(
            ["measure", "-i", path, "--font", Self.notoSans, "--system-fallback", "--strict", "--skip-invalid"])
        #expect(none.outputLines.filter { $0.contains("\"error\"") } == ["{\"line\":4,\"error\":\"no font covers U+0378 (--strict)\"}"])
    }
}
