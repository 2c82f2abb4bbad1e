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
