import Testing
@testable import TextMeasure

/// DejaVu Sans advances in font units (2048 per em), read from its `hmtx` table, used to derive
/// expected widths independently of the measurer.
private enum DejaVu {
    static let unitsPerEm = 2048.0
    static func points(_ units: Double, size: Double = 17) -> Double { units * size / unitsPerEm }
}

private func dejaVuStyle(
    size: Double = 17, mode: LineBreakMode = .byWordWrapping, profile: LayoutProfile = .uikit,
    numberOfLines: Int = 0
) throws -> TextStyle {
    let path = try #require(BundledFonts.dejaVuSansPath)
    let chain = try FontChain([Font(path: path)])
    return TextStyle(fontChain: chain, fontSize: size, lineBreakMode: mode, numberOfLines: numberOfLines, profile: profile)
}

@Suite("Measuring text")
struct TextMeasurerTests {
    @Test("A single glyph's width is its unhinted advance scaled in floating point")
    func singleGlyphWidth() throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle())
        let m = try measurer.measure("A", width: 375)
        #expect(m.lineCount == 1)
        #expect(abs(m.maxLineWidth - 11.6294) < 0.0001)
        // One line of DejaVu Sans 17: 19.7891 rounded up to the pixel grid.
        #expect(m.height == 20)
    }

    @Test("Empty text: 0 lines in .uikit, one full line in .pango")
    func emptyText() throws {
        let uikit = try TextMeasurer(style: try dejaVuStyle())
        #expect(try uikit.measure("", width: 100) == TextMeasurement(lineCount: 0, height: 0, maxLineWidth: 0))
        let pango = try TextMeasurer(style: try dejaVuStyle(profile: .pango))
        let m = try pango.measure("", width: 100)
        #expect(m.lineCount == 1)
        #expect(m.height == 20)
    }

    @Test("A trailing newline starts one more (empty) line; blank lines count")
    func trailingNewline() throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle())
        #expect(try measurer.measure("abc", width: 375).lineCount == 1)
        #expect(try measurer.measure("abc\n", width: 375).lineCount == 2)
        #expect(try measurer.measure("abc\r\n", width: 375).lineCount == 2)
        #expect(try measurer.measure("a\n\nb", width: 375).lineCount == 3)
        #expect(try measurer.measure("\n", width: 375).lineCount == 2)
        #expect(try measurer.measure("a\u{2028}b\u{2029}c\rd", width: 375).lineCount == 4)
    }

    @Test("Trailing white space hangs in .uikit; .pango hangs one space only, none before a newline")
    func whitespaceProfiles() throws {
        let uikit = try TextMeasurer(style: try dejaVuStyle())
        let pango = try TextMeasurer(style: try dejaVuStyle(profile: .pango))
        // DESIGN.md's observed Pango 1.50.12 cases.
        #expect(try pango.measure("aa jumps  over", width: 80).lineCount == 3)
        #expect(try pango.measure("aa jumps \nover", width: 80).lineCount == 3)
        #expect(try pango.measure("aa jumps \nover", width: 84).lineCount == 2)
        #expect(try uikit.measure("aa jumps  over", width: 80).lineCount == 2)
        #expect(try uikit.measure("aa jumps \nover", width: 80).lineCount == 2)
        // Hanging white space never widens a line.
        let spaced = try uikit.measure("aa      ", width: 30)
        #expect(spaced.lineCount == 1)
        #expect(abs(spaced.maxLineWidth - DejaVu.points(2 * 1255)) < 1e-9)
    }

    @Test("A word wider than the line is broken between characters (digits: seed layout 2)")
    func overlongWord() throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle())
        let digits50 = String(repeating: "1234567890", count: 5)
        let digits100 = String(repeating: "1234567890", count: 10)
        // Each digit is 1303 units = 10.8155 pt: 25 fit in 280 pt, 40 in 440 pt.
        #expect(try measurer.measure(digits50, width: 280).lineCount == 2)
        #expect(try measurer.measure(digits100, width: 280).lineCount == 4)
        #expect(try measurer.measure(digits50, width: 440).lineCount == 2)
        #expect(try measurer.measure(digits100, width: 440).lineCount == 3)
        let lines = try #require(try measurer.measure(digits100, width: 280, includeLines: true).lines)
        #expect(lines.map { $0.utf8Range.count } == [25, 25, 25, 25])
        // A word after a short one moves to the next line first, then breaks.
        #expect(try measurer.measure("ab " + digits50, width: 280).lineCount == 3)
    }

    @Test("Char wrapping ends lines between any two grapheme clusters")
    func charWrapping() throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle(mode: .byCharWrapping))
        // "aaaa aaaa": 'a' is 1255 units = 10.4175 pt; 3 fit in 32 pt.
        let m = try measurer.measure("aaaa aaaa", width: 32, includeLines: true)
        #expect(m.lineCount == 3)
        let word = try TextMeasurer(style: try dejaVuStyle())
        #expect(try word.measure("aaaa aaaa", width: 50).lineCount == 2)
        #expect(try measurer.measure("aaaa aaaa", width: 50).lineCount == 2)
        // e + combining acute is one cluster: never split.
        let accents = String(repeating: "e\u{301}", count: 6)
        let lines = try #require(try measurer.measure(accents, width: 32, includeLines: true).lines)
        #expect(lines.allSatisfy { $0.utf8Range.count % 3 == 0 })
    }

    @Test("numberOfLines caps the reported lines and the height")
    func numberOfLines() throws {
        let text = String(repeating: "word ", count: 100)
        let all = try TextMeasurer(style: try dejaVuStyle()).measure(text, width: 100)
        let capped = try TextMeasurer(style: try dejaVuStyle(numberOfLines: 2)).measure(text, width: 100)
        #expect(all.lineCount > 2)
        #expect(capped.lineCount == 2)
        #expect(capped.height == 40)  // 2 × 19.7891 = 39.578 → 40
    }

    @Test("Height: lines × lineHeight × multiple + spacing, rounded up to the pixel grid")
    func heightFormula() throws {
        var style = try dejaVuStyle()
        let lineHeight = (1901.0 + 483.0) * 17 / 2048  // DejaVu Sans hhea ascender − descender
        let three = "a\nb\nc"
        #expect(try TextMeasurer(style: style).measure(three, width: 100).height == (3 * lineHeight).rounded(.up))
        style.lineSpacing = 4
        style.lineHeightMultiple = 1.5
        style.scale = 3
        let expected = ((3 * lineHeight * 1.5 + 2 * 4) * 3).rounded(.up) / 3
        #expect(try TextMeasurer(style: style).measure(three, width: 100).height == expected)
    }

    @Test("A line is as tall as the tallest font used on it")
    func fallbackLineHeight() throws {
        let chain = try FontChain.bundled()
        let style = TextStyle(fontChain: chain, fontSize: 17)
        let measurer = try TextMeasurer(style: style)
        let latin = try measurer.measure("abc", width: 375, includeLines: true)
        let mixed = try measurer.measure("abc 日本", width: 375, includeLines: true)
        let dejaVu = chain.fonts[0].metrics(size: 17).lineHeight
        let ipa = chain.fonts[1].metrics(size: 17).lineHeight
        #expect(latin.lines?.first?.lineHeight == dejaVu)
        #expect(mixed.lines?.first?.lineHeight == max(dejaVu, ipa))
    }

    @Test("Lines only when asked for: none, or every line (an empty list for a text of no line)", arguments: LayoutProfile.allCases)
    func linesWhenAsked(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17, profile: profile))
        #expect(try measurer.measure("one two three", width: 40).lines == nil)
        let wrapped = try measurer.measure("one two three", width: 40, includeLines: true)
        #expect(wrapped.lineCount > 1 && wrapped.lines?.count == wrapped.lineCount)
        let empty = try measurer.measure("", width: 40, includeLines: true)
        #expect(empty.lines?.count == empty.lineCount)
    }

    @Test("Invalid widths and styles are typed errors", arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func invalidWidth(width: Double) throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle())
        #expect(throws: TextMeasureError.self) { try measurer.measure("a", width: width) }
        #expect(throws: TextMeasureError.self) { try measurer.prepare("a").measure(width: width) }
    }

    @Test("Invalid style numbers are rejected")
    func invalidStyle() throws {
        var style = try dejaVuStyle()
        style.fontSize = 0
        #expect(throws: TextMeasureError.invalidFontSize(0)) { try TextMeasurer(style: style) }
        style.fontSize = .nan
        #expect(throws: TextMeasureError.self) { try TextMeasurer(style: style) }
        // Found by the template fuzz target: a size like 2e122 trapped converting to Pango units.
        for profile in LayoutProfile.allCases {
            style.profile = profile
            style.fontSize = 2e122
            #expect(throws: TextMeasureError.invalidFontSize(2e122)) { try TextMeasurer(style: style) }
            style.fontSize = TextStyle.maximumFontSize
            #expect(try TextMeasurer(style: style).measure("a", width: 1e6).height > 0)
        }
        style = try dejaVuStyle()
        style.numberOfLines = -1
        #expect(throws: TextMeasureError.invalidNumberOfLines(-1)) { try TextMeasurer(style: style) }
        style = try dejaVuStyle()
        style.scale = -2
        #expect(throws: TextMeasureError.invalidScale(-2)) { try TextMeasurer(style: style) }
    }

    @Test("Prepared text gives the same answer as direct measuring at every width")
    func preparedMatchesDirect() throws {
        let texts = [
            "", "a", "Hello, world! This is a row of a chat log with a https://example.com/a/very/long/url?x=1 in it.",
            "いろはにほへとちりぬるを、わかよたれそ。「つねならむ」", "line one\nline two\n\n  spaced   out  ",
            String(repeating: "supercalifragilistic", count: 8), "e\u{301}e\u{301} 👍🏽 🇯🇵🇺🇸 a\u{200D}b",
        ]
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                let measurer = try TextMeasurer(style: TextStyle(
                    fontChain: try FontChain.bundled(), fontSize: 17, lineBreakMode: mode, profile: profile))
                for text in texts {
                    let prepared = measurer.prepare(text)
                    for width in stride(from: 5.0, through: 400, by: 7.5) {
                        let direct = try measurer.measure(text, width: width, includeLines: true)
                        #expect(try prepared.measure(width: width, includeLines: true) == direct, "\(text) at \(width)")
                    }
                }
            }
        }
    }

    @Test("Any Unicode is measured without a crash")
    func anyUnicode() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled())
        let samples = [
            "\u{301}", "\u{E000}\u{F8FF}\u{10FFFD}", "\u{0378}\u{E01EF}", "\u{0}\u{1}\u{7}\u{1B}[0m\t\u{7F}",
            "👩‍👩‍👧‍👦🧑🏿‍🚀", "\u{FEFF}\u{200B}\u{2060}", "\r\r\n\n\u{85}\u{B}\u{C}", "ـــ",
        ]
        for text in samples {
            let m = try measurer.measure(text, width: 10)
            #expect(m.lineCount >= 1)
            #expect(m.height > 0)
        }
    }

    @Test("A 10 MB single paragraph is measured")
    func hugeParagraph() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled())
        let text = String(repeating: "lorem ipsum dolor sit amet ", count: 10_000_000 / 27)
        let m = try measurer.measure(text, width: 375)
        #expect(m.lineCount > 100_000)
        let noSpaces = String(repeating: "x", count: 10_000_000)
        #expect(try measurer.measure(noSpaces, width: 375).lineCount > 100_000)
    }

    @Test(".pango char wrapping hangs a space before the break inside a segment too (\" .\" has no UAX #14 break)")
    func charModeSpaceInsideSegmentHangs() throws {
        let measurer = try TextMeasurer(style: try dejaVuStyle(mode: .byCharWrapping, profile: .pango))
        let aaaa = try measurer.measure("aaaa", width: 400).maxLineWidth
        // "aaaa " does not fit with its space counted; Pango hangs the space and breaks after it.
        let m = try measurer.measure("aaaa .bbb", width: aaaa + 1, includeLines: true)
        #expect(m.lines?.map(\.utf8Range) == [0..<5, 5..<9])
        #expect(m.lines?.first?.width == aaaa)
        let prepared = measurer.prepare("aaaa .bbb")
        #expect(try prepared.measure(width: aaaa + 1, includeLines: true) == m)
    }
}
