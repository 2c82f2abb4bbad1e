import Benchmark
import BenchmarkSupport
import RowHeight
import TextMeasure

/// Cell templates in the library: 10,000 English rows (~150 characters) with an author and a
/// time, as a message + timestamp cell and as the chat-message cell, against the main text
/// alone (issue goal: ≤ 2.5×); one width, several widths, and a list precompute through a template.
func templateBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 2, maxDuration: .seconds(5))
    let texts = BenchmarkRows.rows("en", count: 10_000, length: 150)
    let body = try! TextStyle.bundled(fontSize: 17)
    let small = try! TextStyle.bundled(fontSize: 13)
    let measurer = try! TextMeasurer(style: body)
    let messageTime = CellTemplate(.inset(EdgeInsets(top: 8, left: 16, bottom: 8, right: 16), .hstack(spacing: 8, children: [
        .text(TextNode(.field("text"), style: body)), .text(TextNode(.field("time"), style: small)),
    ])))
    let chat = CellTemplate(.inset(EdgeInsets(top: 6, left: 12, bottom: 6, right: 12), .hstack(spacing: 10, children: [
        .box(width: 36, height: 36),
        .vstack(spacing: 2, alignment: .leading, children: [
            .text(TextNode(.field("author"), style: small)), .text(TextNode(.field("text"), style: body)),
        ]),
    ])))
    let authors = ["Ann", "Bob", "Chidi", "Dana", "Eve"]
    func rows(_ template: CellTemplate) -> [CellRow] {
        texts.enumerated().map { i, text in
            template.row(["text": text, "author": authors[i % 5], "time": "\(i % 24):\(10 + i % 50)"])
        }
    }
    let messageRows = rows(messageTime)
    let chatRows = rows(chat)

    Benchmark("Template baseline: the main text alone, 10,000 English rows, 343 pt", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for text in texts { blackHole(try measurer.measure(text, width: 343).height) }
        }
    }
    for (name, template, cells) in [("message + time", messageTime, messageRows), ("chat-message", chat, chatRows)] {
        Benchmark("Template \(name): height of 10,000 English rows, 375 pt", configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                for row in cells { blackHole(try template.height(for: row, width: 375)) }
            }
        }
        Benchmark("Template \(name): 10,000 rows prepared, then 3 widths (320, 375, 414)", configuration: config) {
            benchmark in
            for _ in benchmark.scaledIterations {
                for row in cells {
                    let prepared = try template.prepare(row)
                    for width in [320.0, 375, 414] { blackHole(try prepared.height(width: width)) }
                }
            }
        }
    }
    let prepared = messageRows.map { try! messageTime.prepare($0) }
    Benchmark("Template message + time: re-wrap 10,000 prepared rows at a new width", configuration: config) {
        benchmark in
        var width = 300.0
        for _ in benchmark.scaledIterations {
            width = width == 300 ? 420 : 300
            for cell in prepared { blackHole(try cell.height(width: width)) }
        }
    }
    Benchmark(
        "Template message + time: list precompute of 10,000 rows, 1 task",
        configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(5))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let list = try ListHeightModel(rowCount: messageRows.count, width: 375) { row, width in
                try messageTime.height(for: messageRows[row], width: width)
            }
            try await list.precompute(maxConcurrency: 1)
            blackHole(list.contentHeight)
        }
    }
}
