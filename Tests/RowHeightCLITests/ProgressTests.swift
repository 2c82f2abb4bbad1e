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
        #expect(measure.stderr.hasPrefix("\rrowheight: 3,000 rows, "))
        #expect(measure.stderr.hasSuffix("\n"))
        #expect(measure.stderr.contains(" rows/s, "))
        let dataset = try RowHeightExecutable.run(["dataset", "--rows", "3000", "--progress"])
        #expect(dataset.stderr.hasPrefix("\rrowheight: 3,000 rows, "))
        let off = try RowHeightExecutable.run(["measure", "--input", "-", "--no-progress"], stdin: Self.rows)
        #expect(off.stderr.isEmpty)
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
