import Benchmark
import Foundation

/// Start-up: whole runs of `rowheight` with a one-row input and the bundled chain (DejaVu Sans,
/// IPAexGothic, Noto Color Emoji), where loading the fonts, building the style's tables and
/// parsing the command line is all the work. Issues 10 and 11: ≤ 15 ms. The wall clock of an
/// iteration includes starting the process from this one (`Process`, about a millisecond); for
/// the CPU time of the command alone, `perf stat -e task-clock -r 20 rowheight measure "x"`.
func startupBenchmarks() {
    let runs = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(10),
        maxIterations: 100)
    let template = CommandLineTools.root.appendingPathComponent("Examples/templates/message-time.json").path
    let cases: [(String, [String])] = [
        ("measure \"x\" --width 100", ["measure", "x", "--width", "100"]),
        ("measure \"Hi 👋\" (the emoji font's first glyph)", ["measure", "Hi 👋"]),
        ("fonts \"x\"", ["fonts", "x"]),
        ("measure --template message-time.json, one row", ["measure", "--input", CommandLineTools.oneChatRow, "--template", template]),
    ]
    for (name, arguments) in cases {
        Benchmark("start-up: rowheight \(name)", configuration: runs) { _ in
            CommandLineTools.run(CommandLineTools.rowheight, arguments)
        }
    }
}

extension CommandLineTools {
    /// One chat row (`author`, `text`, `time`) in a JSON Lines file.
    static let oneChatRow: String = {
        let file = directory.appendingPathComponent("one-chat-row.jsonl")
        let row = #"{"author":"Ann","text":"Lunch at noon? The new place on 5th has a quiet table for four.","time":"11:42"}"#
        try! Data((row + "\n").utf8).write(to: file)
        return file.path
    }()
}
