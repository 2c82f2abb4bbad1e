import Testing
@testable import TextMeasure

/// Measuring attributed text: runs with their own faces, sizes and spacing, breaking and
/// fitting as one string, line heights from every font on the line.
@Suite("Measuring attributed text")
struct TextMeasurerAttributedTextTests {
    /// DejaVu Sans and DejaVu Serif, four faces each (fonts-dejavu-core).
    static func chain() throws -> FontChain {
        try FontChain(paths: PangoRichTextAccuracyTests.fonts)
    }

    static func style(
        size: Double = 17, mode: LineBreakMode = .byWordWrapping, profile: LayoutProfile = .uikit
    ) throws -> TextStyle {
        TextStyle(fontChain: try chain(), fontSize: size, lineBreakMode: mode, profile: profile)
    }

    static let bold = TextAttributes(weight: 700)
    static let big = TextAttributes(fontScale: 1.2)

    /// `string` with the runs `parts` gives (text, attributes), concatenated.
    static func text(_ parts: [(String, TextAttributes)]) throws -> AttributedText {
        var string = ""
        var runs: [AttributedText.Run] = []
        for (part, attributes) in parts {
            let start = string.utf8.count
            string += part
            runs.append(.init(utf8Range: start..<string.utf8.count, attributes: attributes))
        }
        return try AttributedText(string, runs: runs)
    }

    @Test("One run of inherited attributes measures exactly as the plain string", arguments: LayoutProfile.allCases)
    func inheritedRunIsPlain(profile: LayoutProfile) throws {
        let texts = try MeasurePathEquivalenceTests.sample("en", stride: 37)
        for mode in LineBreakMode.allCases {
            let measurer = try TextMeasurer(style: try Self.style(mode: mode, profile: profile))
            for text in texts {
                for width in [23.5, 97.25, 280] {
                    let plain = try measurer.measure(text, width: width, includeLines: true)
                    #expect(try measurer.measure(AttributedText(text), width: width, includeLines: true) == plain)
                    #expect(try measurer.prepare(AttributedText(text)).measure(width: width, includeLines: true) == plain)
                }
            }
        }
    }

    @Test("A run boundary inside a word is not a break opportunity", arguments: LayoutProfile.allCases)
    func runBoundaryInsideWord(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: profile))
        let text = try Self.text([("aa ", .inherited), ("Ann", Self.bold), ("hello bb", .inherited)])
        // From the width of "Annhello" alone (it is never broken between characters) up.
        let word = try measurer.measure(Self.text([("Ann", Self.bold), ("hello", .inherited)]), width: 400).maxLineWidth
        var sawTwoLines = false
        for width in stride(from: word.rounded(.up), through: word + 60, by: 2) {
            let lines = try #require(try measurer.measure(text, width: width, includeLines: true).lines)
            #expect(!lines.contains { $0.utf8Range.upperBound == 6 }, "width \(width): a line ends between Ann and hello")
            sawTwoLines = sawTwoLines || lines.count >= 2
        }
        #expect(sawTwoLines)
    }

    @Test("Nothing kerns across runs: A|V in two runs of the same font is wider than AV")
    func noKerningAcrossRuns() throws {
        let measurer = try TextMeasurer(style: try Self.style())
        let kerned = try measurer.measure("AV", width: 300).maxLineWidth
        let split = try measurer.measure(
            Self.text([("A", .inherited), ("V", TextAttributes(fontSize: 17))]), width: 300).maxLineWidth
        let a = try measurer.measure("A", width: 300).maxLineWidth
        let v = try measurer.measure("V", width: 300).maxLineWidth
        #expect(kerned < a + v)
        #expect(abs(split - (a + v)) < 1e-9)
    }

    @Test("A bold run draws with the family's bold face, a serif run with the other family's")
    func facesAndFamilies() throws {
        let measurer = try TextMeasurer(style: try Self.style())
        let regular = try measurer.measure("Hello world", width: 400).maxLineWidth
        let bold = try measurer.measure(AttributedText("Hello world", attributes: Self.bold), width: 400).maxLineWidth
        let serif = try measurer.measure(
            AttributedText("Hello world", attributes: TextAttributes(family: "dejavu serif")), width: 400).maxLineWidth
        let chain = try Self.chain()
        let boldAlone = try TextMeasurer(style: TextStyle(
            fontChain: FontChain([try #require(chain.face(family: "DejaVu Sans", weight: 700))]), fontSize: 17))
        #expect(bold > regular)
        #expect(bold == (try boldAlone.measure("Hello world", width: 400).maxLineWidth))
        let serifAlone = try TextMeasurer(style: TextStyle(
            fontChain: FontChain([try #require(chain.face(family: "DejaVu Serif"))]), fontSize: 17))
        #expect(serif == (try serifAlone.measure("Hello world", width: 400).maxLineWidth))
    }

    @Test("A line is as tall as its largest ascent plus its largest descent", arguments: LayoutProfile.allCases)
    func lineHeightOfMixedSizes(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: profile))
        let bigSize = RunStyle.fontSize(of: Self.big, baseSize: 17, profile: profile)
        let bigAlone = try TextMeasurer(style: try Self.style(size: bigSize, profile: profile))
        let bigLine = try #require(try bigAlone.measure("big", width: 400, includeLines: true).lines?.first).lineHeight
        let smallLine = try #require(try measurer.measure("x", width: 400, includeLines: true).lines?.first).lineHeight
        let text = try Self.text([("hello ", .inherited), ("big", Self.big), (" world", .inherited)])
        let one = try measurer.measure(text, width: 400, includeLines: true)
        // (In `.uikit`, ascent + descent + line gap of the largest font, summed in another order.)
        func same(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }
        #expect(one.lineCount == 1)
        #expect(same(one.lines?.first?.lineHeight, bigLine))
        // At a width where "world" wraps: the second line has only the base size.
        let wrapped = try measurer.measure(text, width: 90, includeLines: true)
        #expect(wrapped.lineCount == 2)
        #expect(same(wrapped.lines?.first?.lineHeight, bigLine))
        #expect(wrapped.lines?.last?.lineHeight == smallLine)
        #expect(wrapped.height == LineFitter.roundUp(bigLine + smallLine, scale: 1))
    }

    @Test("An empty line is as tall as its run's font; the break ending a line of text adds nothing")
    func emptyLineHeight() throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: .pango))
        let bigSize = RunStyle.fontSize(of: Self.big, baseSize: 17, profile: .pango)
        let bigLine = try #require(
            try TextMeasurer(style: try Self.style(size: bigSize, profile: .pango)).measure("x", width: 400, includeLines: true)
                .lines?.first).lineHeight
        let baseLine = try #require(try measurer.measure("x", width: 400, includeLines: true).lines?.first).lineHeight
        #expect(bigLine > baseLine)
        let text = try Self.text([("a\n", .inherited), ("\n", Self.big), ("b", .inherited)])
        let lines = try #require(try measurer.measure(text, width: 400, includeLines: true).lines)
        #expect(lines.map(\.lineHeight) == [baseLine, bigLine, baseLine])
        let ending = try Self.text([("a", .inherited), ("\nb", Self.big)])
        #expect(try measurer.measure(ending, width: 400, includeLines: true).lines?.first?.lineHeight == baseLine)
    }

    @Test("Letter spacing adds its amount after every grapheme cluster", arguments: LayoutProfile.allCases)
    func letterSpacing(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: profile))
        let plain = try measurer.measure("abc de", width: 400).maxLineWidth
        let spaced = try measurer.measure(
            AttributedText("abc de", attributes: TextAttributes(letterSpacing: 1.5)), width: 400).maxLineWidth
        // Six clusters (the space included) in one run: nothing kerns in "abc de" with DejaVu Sans.
        #expect(abs(spaced - (plain + 6 * 1.5)) < 1e-9)
    }

    @Test("Letter-spaced text forms no ligature (Pango turns them off)", arguments: LayoutProfile.allCases)
    func letterSpacingWithoutLigatures(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: profile))
        let ligated = try measurer.measure("fi", width: 400).maxLineWidth
        let f = try measurer.measure("f", width: 400).maxLineWidth
        let i = try measurer.measure("i", width: 400).maxLineWidth
        // DejaVu Sans's "fi" ligature (in whole Pango units it is 1 unit narrower than f + i).
        if profile == .pango { #expect(ligated != f + i) }
        let spacing = TextAttributes(letterSpacing: 2)
        let spaced = try measurer.measure(AttributedText("fi", attributes: spacing), width: 400).maxLineWidth
        #expect(abs(spaced - (f + i + 4)) < 1e-9)
        // The plain text of the same measurer still forms it.
        #expect(try measurer.measure("fi", width: 400).maxLineWidth == ligated)
    }

    @Test("Prepared attributed text re-wraps exactly as measuring it", arguments: LayoutProfile.allCases)
    func preparedMatchesDirect(profile: LayoutProfile) throws {
        let rows = try PangoRichTextAccuracyTests.rows()
        for mode in LineBreakMode.allCases {
            let measurer = try TextMeasurer(style: try Self.style(mode: mode, profile: profile))
            for row in rows.prefix(150) {
                let prepared = try measurer.prepare(row)
                for width in [7.0, 41, 97.25, 200, 280, 375.5] {
                    let direct = try measurer.measure(row, width: width, includeLines: true)
                    #expect(try prepared.measure(width: width, includeLines: true) == direct)
                    let height = try prepared.measure(width: width)
                    #expect(height.lineCount == direct.lineCount && height.height == direct.height)
                    #expect(height.maxLineWidth == direct.maxLineWidth)
                }
            }
        }
    }

    @Test("Invalid attributes are typed errors naming the value")
    func invalidAttributes() throws {
        let measurer = try TextMeasurer(style: try Self.style())
        func error(_ attributes: TextAttributes) -> TextMeasureError? {
            do {
                _ = try measurer.measure(Self.text([("ok ", .inherited), ("run", attributes)]), width: 100)
                return nil
            } catch {
                return error as? TextMeasureError
            }
        }
        #expect(error(TextAttributes(family: "Comic Sans")) == .unknownFontFamily("Comic Sans"))
        #expect(error(TextAttributes(weight: 0)) == .invalidFontWeight(0))
        #expect(error(TextAttributes(weight: 1001)) == .invalidFontWeight(1001))
        #expect(error(TextAttributes(fontSize: -3)) == .invalidFontSize(-3))
        #expect(error(TextAttributes(fontSize: .infinity)) == .invalidFontSize(.infinity))
        #expect(error(TextAttributes(fontScale: 0)) == .invalidFontScale(0))
        #expect(error(TextAttributes(fontScale: -.infinity)) == .invalidFontScale(-.infinity))
        #expect(error(TextAttributes(fontSize: 9000, fontScale: 2)) == .invalidFontSize(18000))
        #expect(error(TextAttributes(letterSpacing: .infinity)) == .invalidLetterSpacing(.infinity))
        #expect(error(TextAttributes(letterSpacing: 1e6)) == .invalidLetterSpacing(1e6))
        if case .invalidFontScale(let scale)? = error(TextAttributes(fontScale: .nan)) {
            #expect(scale.isNaN)
        } else {
            Issue.record("a NaN scale is not invalidFontScale")
        }
        #expect(error(TextAttributes(family: "DejaVu Serif", weight: 900, italic: true)) == nil)
        #expect(throws: TextMeasureError.unknownFontFamily("Nope")) {
            try measurer.prepare(AttributedText("x", attributes: TextAttributes(family: "Nope")))
        }
        #expect(TextMeasureError.unknownFontFamily("Nope").description.contains("\"Nope\""))
    }

    @Test("Heights are finite and never negative, whatever the runs", arguments: LayoutProfile.allCases)
    func saneResults(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try Self.style(profile: profile))
        let attributes = [
            Self.bold, Self.big, TextAttributes(fontSize: 0.01), TextAttributes(fontScale: 50),
            TextAttributes(letterSpacing: -20), TextAttributes(family: "DejaVu Serif", italic: true),
        ]
        for (i, a) in attributes.enumerated() {
            for b in attributes[i...] {
                let text = try Self.text([("Ann ", a), ("hello\n\n", b), ("x", a)])
                for width in [0.5, 30, 300] {
                    let m = try measurer.measure(text, width: width)
                    #expect(m.height.isFinite && m.height > 0 && m.lineCount >= 3)
                    #expect(m.maxLineWidth.isFinite)
                }
            }
        }
    }
}
