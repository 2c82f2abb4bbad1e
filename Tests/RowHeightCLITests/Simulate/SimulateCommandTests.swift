import Foundation
import Testing

/// `rowheight simulate`, run as a user would.
@Suite struct SimulateCommandTests {
    /// A file of the repository, relative to this test file.
    static func repositoryFile(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(path).path
    }

    static let english = repositoryFile("Tests/TextMeasureTests/Fixtures/corpus/en.jsonl")
    static let japanese = repositoryFile("Tests/TextMeasureTests/Fixtures/corpus/ja.jsonl")
    static let mixed = repositoryFile("Tests/TextMeasureTests/Fixtures/corpus/mixed.jsonl")
    static let sample = repositoryFile("Examples/sample.jsonl")
    static let tableCell = repositoryFile("Examples/templates/table-cell.json")
    static let chatMessage = repositoryFile("Examples/templates/chat-message.json")

    /// Runs `simulate --json` and decodes its one object.
    static func simulate(_ arguments: [String]) throws -> [String: Any] {
        let run = try RowHeightExecutable.run(["simulate", "--json"] + arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        // Nothing but the warning about characters no font covers (the templates' fonts have no emoji).
        #expect(run.stderr.isEmpty || run.stderr.hasPrefix("rowheight: warning: ") && run.stderr.split(separator: "\n").count == 1,
                "\(run.stderr)")
        #expect(run.outputLines.count == 1)
        return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    }

    /// The sum of the heights `rowheight measure` prints for the same rows and options.
    static func measuredSum(_ arguments: [String]) throws -> Double {
        let run = try RowHeightExecutable.run(["measure"] + arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        var sum = 0.0
        for line in run.outputLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            sum += try #require(object["height"] as? Double)
        }
        return sum
    }

    @Test(
        "--precompute: the final content height is the sum of the heights measure prints",
        arguments: [
            [english, "--width", "375"],
            [japanese, "--width", "320", "--line-break", "char", "--scale", "2"],
            [mixed, "--width", "414", "--size", "15", "--line-spacing", "2", "--profile", "pango"],
        ])
    func precomputeMatchesMeasure(arguments: [String]) throws {
        let options = ["--input"] + arguments
        let report = try Self.simulate(options + ["--precompute", "--steps", "200"])
        let expected = try Self.measuredSum(options)
        #expect(report["rows"] as? Int == 10_000)
        #expect(report["measuredRows"] as? Int == 10_000)
        #expect(report["contentHeightFinal"] as? Double == expected)
        #expect(report["maxAnchorShift"] as? Double == 0)
        // Nothing was left to measure while scrolling.
        #expect(report["estimateMeanAbsError"] is NSNull)
    }

    @Test("--precompute with a template matches measure --template")
    func precomputeMatchesMeasureWithATemplate() throws {
        for template in [Self.tableCell, Self.chatMessage] {
            let rows = try TemporaryDirectory()
            let path = rows.url.appendingPathComponent("rows.jsonl").path
            // The sample rows, each with an author for the chat template.
            let lines = try String(contentsOfFile: Self.sample, encoding: .utf8).split(separator: "\n").enumerated()
                .map { "{\"author\":\"Author \($0.offset)\"," + $0.element.dropFirst() }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let options = ["--input", path, "--template", template, "--width", "340"]
            let report = try Self.simulate(options + ["--precompute"])
            #expect(report["rows"] as? Int == lines.count)
            #expect(report["contentHeightFinal"] as? Double == (try Self.measuredSum(options)), "\(template)")
        }
    }

    @Test("A row without a template's optional field collapses it, as in measure (it was an error)")
    func missingOptionalFieldCollapses() throws {
        let rows = try TemporaryDirectory()
        let path = rows.url.appendingPathComponent("rows.jsonl").path
        let input = "{\"text\":\"a message\",\"author\":\"Ann\"}\n{\"text\":\"no author here\"}\n{\"author\":\"only\"}\n"
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        let options = ["--input", path, "--template", Self.chatMessage, "--width", "340"]
        let report = try Self.simulate(options + ["--precompute"])
        #expect(report["rows"] as? Int == 3)
        #expect(report["contentHeightFinal"] as? Double == (try Self.measuredSum(options)))
    }

    @Test("Scrolling real rows never moves the first visible row", arguments: [1, 2, 3] as [UInt64])
    func scrollingKeepsTheAnchor(seed: UInt64) throws {
        for (input, estimate) in [(Self.english, "auto"), (Self.japanese, "auto"), (Self.mixed, "100")] {
            let report = try Self.simulate([
                "--input", input, "--width", "375", "--estimate", estimate, "--steps", "1500", "--seed", "\(seed)",
            ])
            #expect(report["maxAnchorShift"] as? Double == 0, "\(input)")
            let measured = try #require(report["measuredRows"] as? Int)
            #expect(measured > 100 && measured <= 10_000)
            // Every row starts at the estimate.
            #expect(report["contentHeightInitial"] as? Double == (estimate == "auto" ? 44.0 : 100.0) * 10_000)
            #expect((report["estimateMeanAbsError"] as? Double ?? -1) > 0)
            #expect((report["stepTimeP50Us"] as? Double ?? -1) > 0)
            #expect((report["stepTimeP99Us"] as? Double ?? -1) >= (report["stepTimeP50Us"] as? Double ?? 0))
            // One width: 4 bytes per row plus group sums and block headers.
            let bytes = try #require(report["bytesPerRow"] as? Double)
            #expect(bytes >= 4 && bytes <= 16)
        }
    }

    @Test("The same seed makes the same moves; another seed others")
    func seedsAreReproducible() throws {
        let options = ["--input", Self.english, "--steps", "300"]
        let first = try Self.simulate(options + ["--seed", "42"])
        let again = try Self.simulate(options + ["--seed", "42"])
        let other = try Self.simulate(options + ["--seed", "43"])
        for key in ["measuredRows", "contentHeightFinal", "estimateMeanAbsError"] {
            #expect(first[key] as? Double == again[key] as? Double, "\(key)")
        }
        #expect(first["measuredRows"] as? Int != other["measuredRows"] as? Int)
    }

    @Test("Without --json, one readable line per value")
    func readableOutput() throws {
        let run = try RowHeightExecutable.run(["simulate", "--input", Self.sample, "--steps", "20"])
        #expect(run.exitCode == 0)
        #expect(run.outputLines.first == "rows: 26")
        #expect(run.outputLines.contains("maxAnchorShift: 0"))
        #expect(run.outputLines.count == 9)
    }

    @Test("An empty input is a list without rows")
    func emptyInput() throws {
        let run = try RowHeightExecutable.run(["simulate", "--json"], stdin: Data())
        #expect(run.exitCode == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["rows"] as? Int == 0)
        #expect(report["contentHeightFinal"] as? Double == 0)
    }

    @Test(
        "Bad input is one error line naming the file and line, exit code 1",
        arguments: [
            ("{\"text\":\"a\"}\n{\"tex\":\"b\"}\n", [String](), "<stdin>:2: field \"text\" is missing"),
            ("{\"text\":\"a\"}\n{\"text\":3}\n", [], "<stdin>:2: field \"text\" must be a string, found number"),
            (
                "{\"text\":\"a\"}\n\n{\"text\":\"b\"}\n", [],
                "<stdin>:2: empty line, expected a JSON object"
            ),
            (
                "{\"text\":\"a\",\"author\":\"x\"}\n{\"text\":\"b\",\"author\":3}\n", ["--template", chatMessage],
                "<stdin>:2: field \"author\" must be a string, found number"
            ),
        ])
    func badInput(input: String, options: [String], message: String) throws {
        let run = try RowHeightExecutable.run(["simulate"] + options, stdin: Data(input.utf8))
        #expect(run.exitCode == 1)
        #expect(run.stderr == "rowheight: error: \(message)\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("Missing files are named")
    func missingFiles() throws {
        let input = try RowHeightExecutable.run(["simulate", "--input", "/nonexistent/rows.jsonl"])
        #expect(input.exitCode == 1)
        #expect(input.stderr == "rowheight: error: /nonexistent/rows.jsonl: no such file\n")
        let template = try RowHeightExecutable.run(["simulate", "--template", "/nonexistent/t.json"])
        #expect(template.exitCode == 1)
        #expect(template.stderr == "rowheight: error: /nonexistent/t.json: no such template file\n")
    }

    @Test(
        "Bad options are usage errors (exit code 64)",
        arguments: [
            ["--estimate", "tall"], ["--estimate", "-3"], ["--width", "0"], ["--viewport", "nan"], ["--steps", "-1"],
        ])
    func usageErrors(options: [String]) throws {
        let run = try RowHeightExecutable.run(["simulate"] + options, stdin: Data("{\"text\":\"a\"}\n".utf8))
        #expect(run.exitCode == 64)
        #expect(run.stdout.isEmpty)
    }
}
