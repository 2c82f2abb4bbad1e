import Foundation
import Testing

@Suite("Progress line and --stats, end to end")
struct ProgressTests {
    static let rows = Data(String(repeating: "{\"text\":\"a few words\"}\n", count: 3000).utf8)

    @Test("Not on a pipe or file unless asked for: stderr stays empty")
    func absentByDefault() throws {
        let measure = try RowHeightExecutable.run(["measure", "--input", "-"], stdin: Self.rows)
        #expect(measure.exitCode == 0)
        #expect(measure.stderr.isEmpty)
        let dataset = try RowHeightExecutable.run(["dataset", "--rows", "3000"])
        #expect(dataset.stderr.isEmpty)
    }

    @Test("--progress draws the line (ending with the final count) on stderr; --no-progress wins over nothing")
    func present() throws {
        let measure = try RowHeightExecutable.run(["measure", "--input", "-", "--progress"], stdin: Self.rows)
        #expect(measure.exitCode == 0)
        #expect(measure.outputLines.count == 3000)
        // A slow run may draw intermediate counts first (each redraw starts with "\r"); the last
        // drawing is the final count.
        #expect(Self.drawings(measure.stderr).allSatisfy { $0.hasPrefix("rowheight: ") && $0.contains(" rows/s") })
        let last = Self.drawings(measure.stderr).last
        #expect(last?.hasPrefix("rowheight: 3,000 rows, ") == true && last?.contains(" rows/s, ") == true)
        #expect(measure.stderr.hasPrefix("\r"))
        #expect(measure.stderr.hasSuffix("\n"))
        let dataset = try RowHeightExecutable.run(["dataset", "--rows", "3000", "--progress"])
        #expect(Self.drawings(dataset.stderr).last?.hasPrefix("rowheight: 3,000 rows, ") == true)
        let off = try RowHeightExecutable.run(["measure", "--input", "-", "--no-progress"], stdin: Self.rows)
        #expect(off.stderr.isEmpty)
    }

    /// The drawings of a progress line: what follows each "\r".
    static func drawings(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\r", omittingEmptySubsequences: true)
    }

    @Test("--stats prints rows, seconds, rows/s, peak memory and the rows with characters no font covers")
    func stats() throws {
        let run = try RowHeightExecutable.run(["measure", "--input", "-", "--stats"], stdin: Self.rows)
        #expect(run.exitCode == 0)
        let pattern =
            #/^rowheight: 3000 rows in [0-9.]+ s, [0-9]+ rows/s, peak memory [0-9.]+ MB, 0 rows with characters no font covers \(0 clusters\)\n$/#
        #expect(run.stderr.wholeMatch(of: pattern) != nil, "\(run.stderr)")
    }
}
