import TextMeasure

/// The rich-text rows of the benchmarks (issue 12's goal: ≥ 500,000 rows/s): chat rows of two or
/// three runs — a bold name, the message (an English row of ~100 characters) and, in two rows of
/// three, a small timestamp — in DejaVu Sans and its bold face. `TextMeasureBenchmarks` measures
/// them, `MeasureProbe` runs the same loop for counting instructions.
public enum BenchmarkChatRows {
    /// DejaVu Sans and DejaVu Sans Bold (fonts-dejavu-core).
    public static func fontChain() -> FontChain {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        guard let chain = try? FontChain(paths: [dejaVu + "DejaVuSans.ttf", dejaVu + "DejaVuSans-Bold.ttf"]) else {
            fatalError("install fonts-dejavu-core (Scripts/debian-packages.txt)")
        }
        return chain
    }

    /// `count` chat rows, each an `AttributedText` of two or three runs.
    public static func rows(count: Int) -> [AttributedText] {
        let names = ["Ann", "Bo", "Chiara", "Dmitri", "Grace Hopper", "Jamal", "Liam O'Brien", "Priya"]
        let messages = BenchmarkRows.rows("en", count: count, length: 100)
        let bold = TextAttributes(weight: 700)
        let small = TextAttributes(fontScale: 1 / 1.2)
        return messages.enumerated().map { i, message in
            let name = names[i % names.count]
            var string = name + " " + message
            var runs: [AttributedText.Run] = [
                .init(utf8Range: 0..<name.utf8.count, attributes: bold),
                .init(utf8Range: name.utf8.count..<string.utf8.count, attributes: .inherited),
            ]
            if i % 3 != 0 {
                let start = string.utf8.count + 1
                string += " \(i % 24):\(10 + i % 50)"
                runs[1].utf8Range = runs[1].utf8Range.lowerBound..<start
                runs.append(.init(utf8Range: start..<string.utf8.count, attributes: small))
            }
            return try! AttributedText(string, runs: runs)
        }
    }
}
