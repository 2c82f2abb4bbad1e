import BenchmarkSupport
import Foundation
import TextMeasure

// Runs one of the text benchmarks' loops a given number of times, for counting instructions
// with callgrind (the machine has no hardware counters and its wall clock is shared):
//
//   swift build -c release --product MeasureProbe
//   strip --strip-debug .build/release/MeasureProbe -o /tmp/probe
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/probe en 20000   (and 10000)
//
// The difference of the two totals over 10,000 is the instructions per row in steady state (the
// set-up — fonts, tables, rows — is the same in both runs). Cases: `en` (English rows, `.uikit`,
// bundled chain), `en-pango` (English rows, `.pango`, DejaVu Sans), `ja` (Japanese rows),
// `prepare` (prepare an English row), `rewrap` (re-wrap a prepared English row, width 200–400) —
// `ar`, `hi`, `th` (Arabic, Hindi, Thai rows of ~100 characters, Noto chain, `.uikit`; add
// `-pango` for `.pango`), `rich` (the chat rows of `BenchmarkChatRows`, `.uikit`; `rich-pango`
// for `.pango`), `emoji`/`emoji-pango` (the emoji corpus's 1,000 chat rows, bundled default
// chain), `shared1`/`shared2` (ITERATIONS passes over 60,000 cache-missing shaped rows
// with one new measurer shared by 1 or 2 threads, for `perf`) — the same rows, styles and widths as `TextMeasureBenchmarks`.
let arguments = CommandLine.arguments
guard arguments.count == 3, let iterations = Int(arguments[2]), iterations >= 0 else {
    print("usage: MeasureProbe en|en-pango|ja|prepare|rewrap|ar|hi|th|ar-pango|hi-pango|th-pango|rich|rich-pango|emoji|emoji-pango|shared1|shared2 ITERATIONS")
    exit(2)
}
let english = BenchmarkRows.rows("en", count: 10_000, length: 150)
let measurer = try! TextMeasurer(style: try! TextStyle.bundled(fontSize: 17))
var sink = 0.0

/// The sum of `body` over the rows in turn, `iterations` times.
@inline(never)
func loop(_ rows: [String], _ iterations: Int, _ body: (String) -> Double) -> Double {
    var sum = 0.0
    var i = 0
    for _ in 0..<iterations {
        sum += body(rows[i])
        i = i == rows.count - 1 ? 0 : i + 1
    }
    return sum
}

switch arguments[1] {
case "en":
    sink = loop(english, iterations) { try! measurer.measure($0, width: 280).height }
case "en-pango":
    let dejaVu = BenchmarkRows.repositoryRoot.appendingPathComponent("fonts/DejaVuSans.ttf").path
    let style = TextStyle(fontChain: try! FontChain(paths: [dejaVu]), fontSize: 17, profile: .pango)
    let pango = try! TextMeasurer(style: style)
    sink = loop(english, iterations) { Double(try! pango.measure($0, width: 280).lineCount) }
case "ja":
    sink = loop(BenchmarkRows.rows("ja", count: 10_000, length: 90), iterations) { try! measurer.measure($0, width: 280).height }
case "prepare":
    sink = loop(english, iterations) { Double(measurer.prepare($0).segmentCount) }
case "rewrap":
    let prepared = english.map { measurer.prepare($0) }
    var i = 0
    var width = 200.0
    for _ in 0..<iterations {
        sink += Double(try! prepared[i].measure(width: width).lineCount)
        i = i == prepared.count - 1 ? 0 : i + 1
        width = width == 400 ? 200 : width + 1
    }
case "ar", "hi", "th", "ar-pango", "hi-pango", "th-pango":
    let parts = arguments[1].split(separator: "-")
    let script = ["ar": "NotoSansArabic", "hi": "NotoSansDevanagari", "th": "NotoSansThai"][String(parts[0])]!
    let noto = "/usr/share/fonts/truetype/noto/"
    let chain = try! FontChain(paths: [noto + "NotoSans-Regular.ttf", noto + script + "-Regular.ttf"])
    let style = TextStyle(fontChain: chain, fontSize: 17, profile: parts.count == 2 ? .pango : .uikit)
    let shaped = try! TextMeasurer(style: style)
    let rows = BenchmarkRows.rows(String(parts[0]), count: 10_000, length: 100)
    sink = loop(rows, iterations) { try! shaped.measure($0, width: 280).height }
case "rich", "rich-pango":
    let profile: LayoutProfile = arguments[1] == "rich" ? .uikit : .pango
    let rich = try! TextMeasurer(style: TextStyle(fontChain: BenchmarkChatRows.fontChain(), fontSize: 17, profile: profile))
    let rows = BenchmarkChatRows.rows(count: 10_000)
    var i = 0
    for _ in 0..<iterations {
        sink += try! rich.measure(rows[i], width: 280).height
        i = i == rows.count - 1 ? 0 : i + 1
    }
case "emoji", "emoji-pango":
    // `EmojiBenchmarks`' rows: the 1,000 rows of the emoji corpus, bundled default chain.
    let profile: LayoutProfile = arguments[1] == "emoji" ? .uikit : .pango
    let emoji = try! TextMeasurer(style: TextStyle.bundled(fontSize: 17, profile: profile))
    sink = loop(BenchmarkRows.corpus("emoji"), iterations) { try! emoji.measure($0, width: 280).height }
case "shared1", "shared2":
    // The threads benchmark's loop (`SharedMeasurerBenchmarks`): ITERATIONS passes over the
    // 60,000 cache-missing shaped rows, each with a new measurer shared by 1 or 2 threads.
    let threads = arguments[1] == "shared1" ? 1 : 2
    let rows = BenchmarkShapedRows.rows(count: 60_000)
    let chain = try! FontChain(paths: BenchmarkShapedRows.fontPaths)
    for _ in 0..<iterations {
        let shared = try! TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        sink += BenchmarkShapedRows.measure(rows, by: shared, threads: threads)
    }
default:
    print("unknown case \(arguments[1])")
    exit(2)
}
print(sink)
