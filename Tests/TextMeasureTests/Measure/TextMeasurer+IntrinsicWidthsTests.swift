import Testing
import TextMeasure

private func style(mode: LineBreakMode = .byWordWrapping, profile: LayoutProfile = .uikit, lines: Int = 0) throws
    -> TextStyle
{
    let chain = try FontChain([Font(path: try #require(BundledFonts.dejaVuSansPath))])
    return TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, numberOfLines: lines, profile: profile)
}

@Suite("Intrinsic widths of a text")
struct IntrinsicWidthsTests {
    static let texts = [
        "Cozy lummox gives smart squid who asks for job pen.",
        "12:30",
        "short\na much longer second paragraph\nend",
        "https://example.com/a/very/long/path/without/spaces and more",
        "two  spaces   between words   ",
        "",
    ]

    @Test("max-content is the widest paragraph on one line; min-content the widest word", arguments: [LayoutProfile.uikit, .pango])
    func words(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try style(profile: profile))
        let w = measurer.intrinsicWidths("Cozy lummox gives")
        let whole = try measurer.measure("Cozy lummox gives", width: 10_000)
        #expect(w.maxContent == whole.maxLineWidth)
        #expect(w.unconstrained == whole)
        let widest = try ["Cozy", "lummox", "gives"].map { try measurer.measure($0, width: 10_000).maxLineWidth }.max()
        #expect(w.minContent == widest)
        #expect(w.minContent < w.maxContent)
    }

    @Test(
        "At max-content a text has one line per paragraph and at min-content no word is broken",
        arguments: [LayoutProfile.uikit, .pango], [LineBreakMode.byWordWrapping, .byCharWrapping])
    func fitting(profile: LayoutProfile, mode: LineBreakMode) throws {
        let measurer = try TextMeasurer(style: try style(mode: mode, profile: profile))
        for text in Self.texts where !text.isEmpty {
            let w = measurer.intrinsicWidths(text)
            let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let atMax = try measurer.measure(text, width: w.maxContent)
            #expect(atMax.lineCount == paragraphs, "\(text)")
            #expect(atMax == w.unconstrained, "\(text)")
            let narrower = try measurer.measure(text, width: w.maxContent - 0.5)
            #expect(narrower.lineCount > paragraphs, "\(text)")
            // At min-content every line's content fits; any narrower and the widest piece is broken.
            let atMin = try measurer.measure(text, width: w.minContent)
            #expect(atMin.maxLineWidth <= w.minContent + 1e-9, "\(text)")
        }
        // One unbreakable piece: any narrower than min-content and it is broken between clusters.
        for word in ["lummox", "12:30"] where mode == .byWordWrapping {
            let w = measurer.intrinsicWidths(word)
            #expect(w.minContent == w.maxContent)
            #expect(try measurer.measure(word, width: w.minContent).lineCount == 1)
            #expect(try measurer.measure(word, width: w.minContent - 0.5).lineCount == 2, "\(word)")
        }
    }

    @Test("A prepared text has the same intrinsic widths", arguments: [LayoutProfile.uikit, .pango])
    func prepared(profile: LayoutProfile) throws {
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
            let measurer = try TextMeasurer(style: try style(mode: mode, profile: profile))
            for text in Self.texts {
                #expect(measurer.prepare(text).intrinsicWidths == measurer.intrinsicWidths(text), "\(text)")
            }
        }
    }

    @Test("Empty text: both widths 0; numberOfLines limits the paragraphs that count")
    func emptyAndCapped() throws {
        let measurer = try TextMeasurer(style: try style())
        let empty = measurer.intrinsicWidths("")
        #expect(empty.minContent == 0 && empty.maxContent == 0 && empty.unconstrained.lineCount == 0)
        let capped = try TextMeasurer(style: try style(lines: 1)).intrinsicWidths("ab\nlonger second paragraph")
        #expect(capped.maxContent == (try measurer.measure("ab", width: 500).maxLineWidth))
        #expect(capped.unconstrained.lineCount == 1)
    }
}

@Suite("Wrapping a walked text")
struct WalkedTextTests {
    @Test("Wrapping from the kept pieces gives what measuring gives", arguments: [LayoutProfile.uikit, .pango])
    func sameAsMeasuring(profile: LayoutProfile) throws {
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
            for lines in [0, 2] {
                let measurer = try TextMeasurer(style: try style(mode: mode, profile: profile, lines: lines))
                var walked = WalkedText()
                for text in IntrinsicWidthsTests.texts + ["Pneumonoultramicroscopicsilicovolcanoconiosis is long"] {
                    var bytes = text
                    let widths = bytes.withUTF8 { measurer.intrinsicWidths(utf8: $0, keeping: &walked) }
                    #expect(widths == measurer.intrinsicWidths(text))
                    for width in [20.0, 57.5, 120, 280, 1000] {
                        let fromPieces = try bytes.withUTF8 { (b) throws(TextMeasureError) in
                            try measurer.measure(walked: walked, utf8: b, width: width, includeLines: true)
                        }
                        #expect(fromPieces == (try measurer.measure(text, width: width, includeLines: true)), "\(text) \(width)")
                    }
                }
            }
        }
    }
}
