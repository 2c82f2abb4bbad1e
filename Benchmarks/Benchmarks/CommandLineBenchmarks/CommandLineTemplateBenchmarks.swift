import Benchmark
import Foundation

/// End to end through a cell template: the 60,000 English rows with an author and a time added
/// (`CommandLineTools.chatCorpus60k`), each measured as `chat-message.json` (a box, the author,
/// the message) and `message-time.json` (author and message beside a timestamp), against the same
/// rows' text alone. Issue goal: a template ≤ 2.5× the text alone.
func templateBenchmarks(_ runs: Benchmark.Configuration) {
    let rows = CommandLineTools.chatCorpus60k
    let templates = CommandLineTools.root.appendingPathComponent("Examples/templates")
    Benchmark("rowheight measure --jobs 1, 60,000 chat rows, the text alone, 375 pt", configuration: runs) { _ in
        CommandLineTools.run(CommandLineTools.rowheight, ["measure", "--input", rows, "--width", "375", "--jobs", "1"])
    }
    for name in ["chat-message", "message-time"] {
        Benchmark("rowheight measure --jobs 1, 60,000 chat rows, --template \(name).json, 375 pt", configuration: runs) {
            _ in
            CommandLineTools.run(
                CommandLineTools.rowheight,
                [
                    "measure", "--input", rows, "--template", templates.appendingPathComponent("\(name).json").path,
                    "--width", "375", "--jobs", "1",
                ])
        }
    }
}

extension CommandLineTools {
    /// `englishCorpus60k` with an `author` and a `time` field added to every row.
    static let chatCorpus60k: String = {
        let file = directory.appendingPathComponent("en-chat.jsonl")
        if !FileManager.default.fileExists(atPath: file.path) {
            let authors = ["Ann", "Bob", "Chidi", "Dana", "Eve"]
            let data = try! Data(contentsOf: URL(fileURLWithPath: englishCorpus60k))
            var output = Data()
            for (i, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
                var object = try! JSONSerialization.jsonObject(with: Data(line)) as! [String: Any]
                object["author"] = authors[i % authors.count]
                object["time"] = "\(i % 24):\(i % 60 < 10 ? "0" : "")\(i % 60)"
                output.append(try! JSONSerialization.data(withJSONObject: object))
                output.append(UInt8(ascii: "\n"))
            }
            try! output.write(to: file)
        }
        return file.path
    }()
}
