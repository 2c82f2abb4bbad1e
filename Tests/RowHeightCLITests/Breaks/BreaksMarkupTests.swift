import Foundation
import Testing

/// `rowheight breaks --markup`: the breaks of the text markup holds.
@Suite struct BreaksMarkupTests {
    @Test("TEXT and rows: the breaks of the markup's text; bad markup names its row and byte")
    func markup() throws {
        let marked = try RowHeightExecutable.run(["breaks", "--markup", "<b>Ann</b> says &lt;hi&gt;\nbye", "--compact"])
        let plain = try RowHeightExecutable.run(["breaks", "Ann says <hi>\nbye", "--compact"])
        #expect(marked.exitCode == 0)
        #expect(marked.output == plain.output)

        let rows = "{\"text\":\"<i>a</i> b\"}\n{\"text\":\"<i>a\"}\n"
        let run = try RowHeightExecutable.run(["breaks", "-i", "-", "--markup"], stdin: Data(rows.utf8))
        let expected = try RowHeightExecutable.run(["breaks", "-i", "-"], stdin: Data("{\"text\":\"a b\"}\n".utf8))
        #expect(run.exitCode == 1)
        #expect(run.outputLines.first == expected.outputLines.first)
        #expect(run.stderr == "rowheight: error: <stdin>:2: markup at byte 4: <i> is never closed\n")
    }
}
