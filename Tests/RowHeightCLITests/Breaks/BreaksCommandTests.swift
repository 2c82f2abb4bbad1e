import Foundation
import Testing
@testable import RowHeightCLI

@Suite("rowheight breaks, end to end")
struct BreaksCommandTests {
    @Test("Every LineBreakTest.txt case through `breaks --input -` gives its ÷ positions", arguments: [1, 3])
    func lineBreakTestCases(jobs: Int) throws {
        let fixture = try LineBreakTestFixture()
        #expect(fixture.cases.count == fixture.caseLineCount)
        #expect(fixture.cases.count > 7000)
        // Alternate raw UTF-8 and fully escaped strings, and vary the shape of the objects.
        var input = ""
        for (k, testCase) in fixture.cases.enumerated() {
            switch k % 3 {
            case 0: input += "{\"text\":\(JSONText.raw(testCase.scalars))}\n"
            case 1: input += "{ \"line\": \(testCase.line), \"text\" : \(JSONText.escaped(testCase.scalars)) }\r\n"
            default: input += "{\"meta\":{\"a\":[1,2,{\"b\":null}]},\"text\":\(JSONText.raw(testCase.scalars)),\"ok\":true}\n"
            }
        }
        let run = try RowHeightExecutable.run(["breaks", "--input", "-", "--jobs", "\(jobs)"], stdin: Data(input.utf8))
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        let lines = run.outputLines
        #expect(lines.count == fixture.cases.count)
        var passed = 0
        var failures: [String] = []
        for (testCase, line) in zip(fixture.cases, lines) {
            if line == testCase.expectedRecord {
                passed += 1
            } else if failures.count < 5 {
                failures.append("LineBreakTest.txt:\(testCase.line): expected \(testCase.expectedRecord), got \(line)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(passed == fixture.caseLineCount, "\(passed) of \(fixture.caseLineCount) LineBreakTest.txt cases passed")
        print("LineBreakTest.txt through `rowheight breaks --input - --jobs \(jobs)`: \(passed) of \(fixture.caseLineCount) cases pass")
    }

    @Test("Mandatory breaks, CR LF, an empty text, astral scalars")
    func records() throws {
        let input = """
            {"text":"a\\nb"}
            {"text":"a\\r\\nb"}
            {"text":"a\\rb\\u2028c"}
            {"text":""}
            {"text":"😀😀 x"}
            {"text":"\\n"}

            """
        let run = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: Data(input.utf8))
        #expect(run.exitCode == 0)
        #expect(run.outputLines == [
            #"{"breaks":[2,3],"mandatory":[2]}"#,
            #"{"breaks":[3,4],"mandatory":[3]}"#,
            #"{"breaks":[2,4,5],"mandatory":[2,4]}"#,
            #"{"breaks":[],"mandatory":[]}"#,
            #"{"breaks":[1,3,4],"mandatory":[]}"#,
            #"{"breaks":[1],"mandatory":[1]}"#,
        ])
    }

    @Test("The TEXT form marks breaks, lists segments and classes, and agrees with --input")
    func textForm() throws {
        let text = "Hello, world!\nBye\u{200B}x"
        let run = try RowHeightExecutable.run(["breaks", text])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        let lines = run.outputLines
        #expect(lines.first == "Hello,·÷world!␊⏎Bye⟨U+200B⟩÷x÷")
        #expect(lines.contains { $0.hasPrefix("÷ a line may break here") })
        let jsonInput = Data("{\"text\":\(JSONText.escaped(Array(text.unicodeScalars)))}\n".utf8)
        let record = try RowHeightExecutable.run(["breaks", "--input", "-"], stdin: jsonInput).outputLines.first
        let summary = try #require(lines.first { $0.contains("as JSON:") })
        #expect(summary.hasPrefix("4 segments in 19 scalars"))
        #expect(try summary.hasSuffix(#require(record)))
        #expect(record == #"{"breaks":[7,14,18,19],"mandatory":[14]}"#)
        #expect(lines.contains { $0.contains("7..<14") && $0.contains("⏎ 14") && $0.contains("│world!␊│") })
        // The scalar table: the line feed is class LF with a mandatory break after it.
        let lineFeed = try #require(lines.first { $0.contains("U+000A") })
        #expect(lineFeed.contains(" LF ") && lineFeed.contains("⏎ 14") && lineFeed.contains("LINE FEED"))
        let zeroWidthSpace = try #require(lines.first { $0.contains("U+200B") && $0.contains("ZERO WIDTH SPACE") })
        #expect(zeroWidthSpace.contains(" ZW ") && zeroWidthSpace.contains("÷ 18"))
    }

    @Test("--compact prints only the marked text")
    func compact() throws {
        let run = try RowHeightExecutable.run(["breaks", "--compact", "a-b c\td\r\ne"])
        #expect(run.exitCode == 0)
        #expect(run.output == "a-÷b·÷c␉÷d␍␊⏎e÷\n")
    }

    @Test("The report shows invisible characters and control pictures")
    func visibleScalars() {
        #expect(BreaksReport(text: "a\u{00A0}b\u{0007}").markedText == "a⟨U+00A0⟩b␇÷")
        #expect(BreaksReport(text: "").render(compact: false) == "(empty text: no break opportunities)\n")
        #expect(BreaksReport.visible("\u{7F}") == "␡")
        #expect(BreaksReport.visible("é") == "é")
    }

    @Test("Output is the same, in order, for any number of jobs", arguments: [2, 4])
    func jobsKeepOrder(jobs: Int) throws {
        // Enough lines for several batches of 2,048, with texts of very different lengths.
        var input = ""
        var expected: [String] = []
        for k in 0..<9000 {
            let words = (k * 7919) % 40
            let text = (0..<words).map { "w\($0 % 10)" }.joined(separator: " ")
            input += "{\"text\":\"\(text)\"}\n"
            var offsets: [Int] = []
            var position = 0
            for (w, word) in text.split(separator: " ").enumerated() {
                position += word.count + (w + 1 < words ? 1 : 0)
                offsets.append(position)
            }
            expected.append("{\"breaks\":[\(offsets.map(String.init).joined(separator: ","))],\"mandatory\":[]}")
        }
        let run = try RowHeightExecutable.run(["breaks", "--input", "-", "--jobs", "\(jobs)"], stdin: Data(input.utf8))
        #expect(run.exitCode == 0)
        #expect(run.outputLines.map(String.init) == expected)
    }
}
