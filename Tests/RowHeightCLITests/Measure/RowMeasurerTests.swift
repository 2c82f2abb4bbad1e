import Testing
import TextMeasure
@testable import RowHeightCLI

@Suite("RowMeasurer")
struct RowMeasurerTests {
    static let texts = [
        "", "Hello, world!", "A \"quoted\" word and a tab\there.\nSecond line\n",
        "b27ea118a94ab502ecde4903f9fb900c29026265d736a9099e518f4251ef20dd is longer than any line",
        "いろはにほへとちりぬるを、わかよたれそ。「つねならむ」うゐのおくやま", "e\u{301}e\u{301} 👍🏽 🇯🇵 a\u{200D}b  spaced   out  ",
    ]

    /// The JSON record `rowheight measure` writes for `text` at `widths`, from `measure` alone.
    static func expectedRecord(_ text: String, widths: [Double], measurer: TextMeasurer) throws -> [UInt8] {
        var output = OutputBuffer()
        RowMeasurer.appendRecord(try widths.map { try measurer.measure(text, width: $0) }, to: &output)
        return output.bytes
    }

    static func record(_ text: String, widths: [Double], measurer: TextMeasurer) throws -> [UInt8] {
        var row = RowMeasurer(measurer: measurer, widths: widths)
        var line = OutputBuffer()
        line.append("{\"text\":")
        line.appendJSONString(text)
        line.append("}")
        var output = OutputBuffer()
        try line.bytes.withUnsafeBufferPointer { try row.measure(line: $0, lineNumber: 1, into: &output) }
        return output.bytes
    }

    @Test("A one-width record, formatted in one go, reads as its numbers' descriptions")
    func oneWidthRecord() {
        func text(_ value: Double) -> String {
            guard value.isFinite else { return "null" }
            if value == 0 { return "0" }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text
        }
        let cases: [(Int, Double, Double)] = [
            (0, 0, 0), (1, 20, 238.033203125), (3, 60.5, 0.1 + 0.2), (Int.max, 1e300, -1.7976931348623157e308),
            (Int.min, .nan, .infinity), (12, 1.0 / 3, .leastNonzeroMagnitude), (7, 123456789012345.6, 0.001),
        ]
        for (lines, height, width) in cases {
            var output = OutputBuffer(capacity: 0)
            RowMeasurer.appendRecord(TextMeasurement(lineCount: lines, height: height, maxLineWidth: width), to: &output)
            let expected = "{\"lines\":\(lines),\"height\":\(text(height)),\"maxLineWidth\":\(text(width))}\n"
            #expect(String(decoding: output.bytes, as: UTF8.self) == expected)
        }
    }

    @Test("One width, a few widths and many widths (measured through a prepared text) give the same records")
    func widthsAgree() throws {
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                let measurer = try TextMeasurer(style: try TextStyle.bundled(lineBreakMode: mode, profile: profile))
                let many = [40.0, 97.5, 150, 280, 320, 375, 600]
                #expect(many.count >= RowMeasurer.widthsWorthPreparing)
                for text in Self.texts {
                    for widths in [[280.0], [97.5, 320], many] {
                        let expected = try Self.expectedRecord(text, widths: widths, measurer: measurer)
                        #expect(try Self.record(text, widths: widths, measurer: measurer) == expected, "\(text) at \(widths)")
                    }
                }
            }
        }
    }
}
