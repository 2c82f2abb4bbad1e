import Testing
import TextMeasure

/// The README's rich-text example ("Measuring text"), compiled with only public imports.
@Suite struct ReadmeRichTextExampleTests {
    @Test func theRichTextExample() throws {
        // --- README example begins ---
        let dejaVu = try TextMeasurer(style: TextStyle(fontChain: try FontChain(paths: [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        ]), fontSize: 17))
        let message = try AttributedText("Ann hello there 12:30", runs: [
            .init(utf8Range: 0..<3, attributes: TextAttributes(weight: 700)),  // <b>Ann</b>
            .init(utf8Range: 3..<16, attributes: .inherited),
            .init(utf8Range: 16..<21, attributes: TextAttributes(fontScale: 1 / 1.2)),  // <small>12:30</small>
        ])
        print(try dejaVu.measure(message, width: 120).height)
        let preparedRich = try dejaVu.prepare(message)  // re-wraps by arithmetic, like plain text
        // --- README example ends ---

        // "Ann hello there " does not fit 120 pt with "12:30": two lines of the 17 pt font (the
        // small timestamp is shorter than its line's 17 pt text), 2 × 19.7891 rounded up.
        let m = try dejaVu.measure(message, width: 120, includeLines: true)
        #expect(m.lineCount == 2)
        #expect(m.height == 40)
        #expect(try preparedRich.measure(width: 120, includeLines: true) == m)
        #expect(try dejaVu.measure(message, width: 400).lineCount == 1)
    }
}
