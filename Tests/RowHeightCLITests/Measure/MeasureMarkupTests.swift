import Foundation
import Testing

/// `rowheight measure --markup` and templates with `"markup": true`, run as a user would.
@Suite("rowheight measure: Pango markup, end to end")
struct MeasureMarkupTests {
    static let chatMarkup = SimulateCommandTests.repositoryFile("Examples/templates/chat-markup.json")

    /// The one JSON record `measure` prints for these arguments.
    static func record(_ arguments: [String]) throws -> [String: Any] {
        let run = try RowHeightExecutable.run(["measure", "--json"] + arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    }

    @Test("TEXT: markup without tags measures as its text; <big> and letter spacing change the measurement")
    func text() throws {
        let plain = try Self.record(["a & b <c>", "--width", "100"])
        #expect(try Self.record(["--markup", "a &amp; b &lt;c&gt;", "--width", "100"]) as NSDictionary == plain as NSDictionary)
        let regular = try Self.record(["Ann said hello", "--width", "400"])
        let big = try Self.record(["--markup", "Ann said <big>hello</big>", "--width", "400"])
        let spaced = try Self.record(["--markup", "<span letter_spacing=\"10240\">Ann</span> said hello", "--width", "400"])
        #expect(try #require(big["height"] as? Double) > (try #require(regular["height"] as? Double)))
        // 10 pt after each of the three clusters of "Ann".
        let extra = try #require(spaced["maxLineWidth"] as? Double) - (try #require(regular["maxLineWidth"] as? Double))
        #expect(abs(extra - 30) < 0.01)
        let summary = try RowHeightExecutable.run(["measure", "--markup", "<i>one</i> two", "--width", "300"])
        #expect(summary.exitCode == 0)
        #expect(summary.output.contains("│one two│"))
    }

    @Test("TEXT: bad markup is one error line naming the problem and its byte")
    func badText() throws {
        let run = try RowHeightExecutable.run(["measure", "--markup", "<b>Ann hello"])
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: markup at byte 12: <b> is never closed\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("Rows: bad markup stops at FILE:LINE; --skip-invalid keeps its error record", arguments: [1, 2])
    func rows(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(
            "rows.jsonl", text: "{\"text\":\"<b>Ann</b> hi\"}\n{\"text\":\"<foo>x</foo>\"}\n{\"text\":\"a &amp; b\"}\n")
        let stopped = try RowHeightExecutable.run(["measure", "-i", path, "--markup", "--jobs", "\(jobs)"])
        #expect(stopped.exitCode == 1)
        #expect(stopped.outputLines.count == 1)
        #expect(stopped.stderr == "rowheight: error: \(path):2: markup at byte 0: unknown tag <foo>\n")
        let skipped = try RowHeightExecutable.run(
            ["measure", "-i", path, "--markup", "--skip-invalid", "--jobs", "\(jobs)"])
        #expect(skipped.exitCode == 1)
        #expect(skipped.outputLines.count == 3)
        #expect(skipped.outputLines[1] == "{\"line\":2,\"error\":\"markup at byte 0: unknown tag <foo>\"}")
        #expect(
            skipped.stderr
                == "rowheight: error: \(path):2: markup at byte 0: unknown tag <foo>\nrowheight: error: 1 invalid row skipped\n")
        let plain = try RowHeightExecutable.run(["measure", "a & b", "--json"])
        #expect(skipped.outputLines[2] == plain.outputLines[0])
    }

    @Test("Rows: CSV input and several widths (prepared) agree with one width at a time")
    func csvAndWidths() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.file(
            "rows.csv", text: "id,text\n1,\"<b>Ann</b> says <big>hello</big> to everyone in the room\"\n")
        let all = try RowHeightExecutable.run(["measure", "-i", path, "--markup", "--widths", "80,120,200", "--format", "csv"])
        #expect(all.exitCode == 0, "\(all.stderr)")
        var columns: [Substring] = []
        for width in ["80", "120", "200"] {
            let one = try RowHeightExecutable.run(["measure", "-i", path, "--markup", "--width", width, "--format", "csv"])
            columns += one.outputLines[1].split(separator: ",")
        }
        #expect(all.outputLines[1].split(separator: ",") == columns)
    }

    @Test("--markup with --template is a usage error (templates mark markup text nodes)")
    func markupWithTemplate() throws {
        let run = try RowHeightExecutable.run(["measure", "-i", "-", "--markup", "--template", Self.chatMarkup])
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("--markup is for texts"))
    }

    @Test("Templates: a markup literal's fields are escaped, so any field text measures as plain text")
    func escapedFields() throws {
        let directory = try TemporaryDirectory()
        let markup = try directory.file(
            "markup.json", text: "{\"root\":{\"type\":\"text\",\"text\":\"{text}\",\"markup\":true}}")
        let plain = try directory.file("plain.json", text: "{\"root\":{\"type\":\"text\",\"field\":\"text\"}}")
        let rows = try directory.file(
            "rows.jsonl",
            text: "{\"text\":\"<b>not bold</b> & <i>not italic</i> \\\"quoted\\\" 'x' &amp;\"}\n{\"text\":\"plain words that wrap at a narrow width\"}\n")
        let a = try RowHeightExecutable.run(["measure", "-i", rows, "--template", markup, "--width", "90"])
        let b = try RowHeightExecutable.run(["measure", "-i", rows, "--template", plain, "--width", "90"])
        #expect(a.exitCode == 0, "\(a.stderr)")
        #expect(a.output == b.output)
    }

    @Test("Templates: chat-markup.json measures, collapses a row without author and text, names the path of bad markup")
    func chatTemplate() throws {
        let directory = try TemporaryDirectory()
        let rows = try directory.file(
            "rows.jsonl",
            text: "{\"author\":\"Ann\",\"text\":\"hello\",\"time\":\"12:30\"}\n{\"time\":\"2:00\"}\n"
                + "{\"author\":\"Bob\",\"text\":\"a long message that wraps over several lines at this width\",\"time\":\"3:00\"}\n")
        let run = try RowHeightExecutable.run(["measure", "-i", rows, "--template", Self.chatMarkup, "--width", "240"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        // One line beside the 36 pt box: the box and the 6 + 6 pt insets; an empty row keeps the box.
        #expect(run.outputLines.prefix(2) == ["{\"height\":48}", "{\"height\":48}"])
        let wrapped = try #require(try JSONSerialization.jsonObject(with: Data(run.outputLines[2].utf8)) as? [String: Double])
        #expect(try #require(wrapped["height"]) > 48 + 20)

        let bad = try directory.file(
            "bad.json", text: "{\"root\":{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"field\":\"body\",\"markup\":true}]}}")
        let body = try directory.file("body.jsonl", text: "{\"body\":\"<i>ok</i>\"}\n{\"body\":\"<i>bad\"}\n")
        let failed = try RowHeightExecutable.run(["measure", "-i", body, "--template", bad])
        #expect(failed.exitCode == 1)
        #expect(failed.outputLines.count == 1)
        #expect(failed.stderr == "rowheight: error: \(body):2: root.children[0]: markup at byte 6: <i> is never closed\n")
    }
}
