import Testing
@testable import TextMeasure

/// `LineHeightMemo`: `StyleTables.lineHeight` with the last height of several fonts kept.
@Suite("Line height memo")
struct LineHeightMemoTests {
    @Test("Every mask of eight bits over one to five fonts, in random order and repeated, gives StyleTables.lineHeight's height")
    func everyMask() {
        var random = SystemRandomNumberGenerator()
        for fonts in [1, 2, 3, 5] {
            // Per font: line height, ascent, descent (distinct, so that a wrong font shows).
            var values: [Double] = []
            for part in 0..<3 {
                for i in 0..<fonts { values.append(Double(17 + 3 * i + part) + Double(i) / 7) }
            }
            values.withUnsafeBufferPointer { heights in
                var memo = LineHeightMemo()
                var masks = (0..<UInt32(256)).flatMap { [$0, $0] } + (0..<2_000).map { _ in UInt32.random(in: 0..<256, using: &random) }
                masks.shuffle(using: &random)
                masks += [UInt32.max, UInt32.max, 0x8000_0003, 3, 0x8000_0003]
                var wrong: [UInt32] = []
                for mask in masks {
                    let expected = StyleTables.lineHeight(mask: mask, heights: heights, baselines: nil, lineStart: 0)
                    if memo.lineHeight(mask: mask, heights: heights, baselines: nil, lineStart: 0) != expected {
                        wrong.append(mask)
                    }
                }
                #expect(wrong.isEmpty, "\(fonts) fonts: \(wrong.prefix(10))")
            }
        }
    }

    @Test("With baselines (.pango, fonts whose baselines differ) the height of a line of several fonts follows its start, never the memo")
    func withBaselines() throws {
        let chain = try FontChain([
            LineBaselinesTests.font(LineBaselinesTests.noto + "NotoSans-Regular.ttf"), LineBaselinesTests.font(LineBaselinesTests.cjk),
        ])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        var text = "a말 1말 (말) abc  말\n  말"
        text.withUTF8 { bytes in
            measurer.tables.fillEntries(coveringScalarsOf: bytes)
            guard let baselines = LineBaselines(tables: measurer.tables, bytes: bytes) else {
                Issue.record("Noto Sans and Noto Sans CJK disagree on the ideographic baseline")
                return
            }
            let heights = measurer.tables.lineHeights
            var memo = LineHeightMemo()
            var wrong: [String] = []
            for _ in 0..<2 {
                for start in [0, 1, 4, 0, 5, 9, 1, 20, 0] {
                    for mask: UInt32 in [3, 1, 2, 3] {
                        let expected = StyleTables.lineHeight(mask: mask, heights: heights, baselines: baselines, lineStart: start)
                        if memo.lineHeight(mask: mask, heights: heights, baselines: baselines, lineStart: start) != expected {
                            wrong.append("\(start) \(mask)")
                        }
                    }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        }
    }
}
