import Foundation
import Testing

@testable import TextMeasure

/// `AttributedText(markup:)` against Pango 1.50's `pango_parse_markup`.
@Suite struct AttributedTextMarkupTests {
    /// The runs of `text` in the fixture's notation (`pango-parse.c`): resolved over a base of
    /// family "BASE", 10 pt, weight 400, upright; sizes in Pango units after scaling, truncated.
    static func summary(_ text: AttributedText) -> String {
        var result = "OK \(text.string.utf8.count)"
        for run in text.runs {
            let a = run.attributes
            let size = MarkupFontState.truncatedToInt32(a.fontScale * ((a.fontSize ?? 10) * 1024))
            let spacing = Int((a.letterSpacing * 1024).rounded())
            result += " \(run.utf8Range.lowerBound)-\(run.utf8Range.upperBound):"
            result += "\(a.family ?? "BASE")|\(a.weight)|\(a.italic ? 1 : 0)|\(size)|\(spacing)"
        }
        return result
    }

    static func parse(_ markup: String) -> String {
        do { return summary(try AttributedText(markup: markup)) } catch { return "ERR" }
    }

    @Test("4,000 markups (hand-picked and random) are accepted, refused and resolved as Pango 1.50 does")
    func conformsToPango() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/markup/pango-1.50-parse", withExtension: "jsonl"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4000)
        var mismatches: [String] = []
        for line in lines {
            let record = try JSONDecoder().decode([String: String].self, from: Data(line.utf8))
            let markup = try #require(record["markup"]), pango = try #require(record["pango"])
            let ours = Self.parse(markup)
            // Pango takes a font size of 0 (`font="Serif"` then `<big>`, `font="Sans 0"`); RowHeight
            // refuses it as unsupported: nothing can be measured at size 0.
            // "OK n s-e:family|weight|italic|size|spacing s-e:…": every fourth field is a size.
            let fields = pango.split(separator: "|", omittingEmptySubsequences: false)
            let zeroSize = fields.indices.contains { $0 % 4 == 3 && fields[$0] == "0" }
            if ours != (zeroSize ? "ERR" : pango) {
                mismatches.append("\(markup.debugDescription): pango \(pango), ours \(ours)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test("The rich-text corpus' markup parses to the runs its generator lists (the accuracy suite measures those)")
    func richCorpusMarkupParsesToItsRuns() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/rich", withExtension: "jsonl"))
        let markups = try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")).map { line in
            try #require((try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])?["text"] as? String)
        }
        let rows = try PangoRichTextAccuracyTests.rows()
        try #require(markups.count == rows.count)
        #expect(rows.count >= 1_000)
        let mismatches = zip(markups, rows).filter { (try? AttributedText(markup: $0.0)) != $0.1 }.map(\.0)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.first ?? "")")
    }

    // MARK: - Tags

    @Test func boldItalicAndPlainText() throws {
        let text = try AttributedText(markup: "<b>Ann</b> says <i>hi</i>")
        #expect(text.string == "Ann says hi")
        #expect(text.runs.map(\.utf8Range) == [0..<3, 3..<9, 9..<11])
        #expect(text.runs[0].attributes == TextAttributes(weight: 700))
        #expect(text.runs[1].attributes == .inherited)
        #expect(text.runs[2].attributes == TextAttributes(italic: true))
    }

    @Test func bigAndSmallScaleByOnePointTwoAndNest() throws {
        let text = try AttributedText(markup: "<big>a<big>b</big></big><small>c<small>d</small></small><big><small>e</small></big>")
        let scales = text.runs.map(\.attributes.fontScale)
        #expect(scales.count == 5)
        #expect(scales[0] == 1.2)
        #expect(scales[1] == 1.2 * 1.2)
        #expect(scales[2] == 1 / 1.2)
        #expect(scales[3] == 1 / 1.2 / 1.2)
        #expect(scales[4] == 1)
    }

    @Test func bigInsideAnAbsoluteSizeIsAnAbsoluteSizeTruncatedToPangoUnits() throws {
        let text = try AttributedText(markup: "<span size=\"10.7pt\"><big>x</big></span>")
        // 10.7 pt = 10956 units (truncated); × 1.2 = 13147.2 → 13147 units.
        #expect(text.runs[0].attributes.fontSize == 13147.0 / 1024)
        #expect(text.runs[0].attributes.fontScale == 1)
    }

    @Test func aScaleAboveAnAbsoluteSizeStillMultipliesIt() throws {
        // Pango: <big> outside makes a scale attribute, which multiplies the inner 20 pt.
        let text = try AttributedText(markup: "<big><span size=\"20pt\">x</span></big>")
        #expect(text.runs[0].attributes.fontSize == 20)
        #expect(text.runs[0].attributes.fontScale == 1.2)
    }

    @Test func ttIsTheMonospaceFamilyAndPaintOnlyTagsAreIgnored() throws {
        #expect(try AttributedText(markup: "<tt>x</tt>").runs[0].attributes.family == "Monospace")
        let painted = try AttributedText(markup: "<u>a</u><s>b</s><span color=\"#f00\" underline=\"double\">c</span>")
        #expect(painted.runs == [AttributedText.Run(utf8Range: 0..<3, attributes: .inherited)])
    }

    @Test func theMarkupRootTagIsAccepted() throws {
        #expect(try AttributedText(markup: "<markup>a<markup>b</markup></markup>").string == "ab")
    }

    // MARK: - span attributes and units

    @Test(arguments: [
        ("20pt", 20.0), ("12.5pt", 12.5), ("10240", 10.0), ("1536", 1.5), (" 12pt", 12.0),
    ])
    func absoluteSizes(value: String, points: Double) throws {
        let text = try AttributedText(markup: "<span size=\"\(value)\">x</span>")
        #expect(text.runs[0].attributes.fontSize == points)
        #expect(text.runs[0].attributes.fontScale == 1)
    }

    @Test(arguments: [
        ("xx-small", -3), ("x-small", -2), ("small", -1), ("medium", 0), ("large", 1), ("x-large", 2), ("xx-large", 3),
    ])
    func sizeKeywordsArePowersOfOnePointTwo(keyword: String, level: Int) throws {
        let text = try AttributedText(markup: "<span size=\"\(keyword)\">x</span>")
        #expect(text.runs.first?.attributes.fontScale ?? 1 == MarkupFontState.scaleFactor(level: level, base: 1))
        #expect(text.runs.first?.attributes.fontSize == nil)
    }

    @Test func smallerLargerAndPercentages() throws {
        let text = try AttributedText(
            markup: "<span size=\"smaller\">a</span><span font_size=\"larger\">b</span><span size=\"150%\">c<big>d</big></span>")
        #expect(text.runs.map(\.attributes.fontScale) == [1 / 1.2, 1.2, 1.5, 1.5 * 1.2])
    }

    @Test(arguments: [
        ("bold", 700), ("700", 700), ("ultrabold", 800), ("Ultra-Bold", 800), ("semilight", 350), ("book", 380),
        ("normal", 400), ("heavy", 900), ("thin", 100), ("0", 1), ("1500", 1000),
    ])
    func weights(value: String, weight: Int) throws {
        let text = try AttributedText(markup: "<span weight=\"\(value)\">x</span>")
        #expect(text.runs[0].attributes.weight == weight)
    }

    @Test func styleFamilyAndLetterSpacing() throws {
        let text = try AttributedText(
            markup: "<span font-family=\"Noto Serif\" style=\"oblique\" letter_spacing=\"-512\">x</span><span face=\"A\" style=\"normal\">y</span>")
        #expect(text.runs[0].attributes == TextAttributes(family: "Noto Serif", italic: true, letterSpacing: -0.5))
        #expect(text.runs[1].attributes == TextAttributes(family: "A"))
    }

    @Test func fontDescriptionsSetFamilyFaceAndSizeAndResetTheFace() throws {
        let text = try AttributedText(markup: "<b><span font=\"DejaVu Serif, Italic 10.5\">x</span></b>")
        // weight back to normal (a description always sets it), 10.5 pt = 10752 units.
        #expect(text.runs[0].attributes == TextAttributes(family: "DejaVu Serif", italic: true, fontSize: 10.5))
        #expect(MarkupFontDescription("Sans Book 12px").weight == 380)
        #expect(MarkupFontDescription("  A ,B , 12").family == "A,B")
        #expect(MarkupFontDescription("weight=650 13").sizeUnits == 13 * 1024)
    }

    @Test func entitiesAndCharacterReferences() throws {
        #expect(try AttributedText(markup: "&amp;&lt;&gt;&quot;&apos;&#65;&#x263A;").string == "&<>\"'A☺")
        #expect(try AttributedText(markup: "<span face=\"a&amp;b\">x</span>").runs[0].attributes.family == "a&b")
    }

    // MARK: - Errors

    @Test(arguments: [
        ("<foo>x</foo>", MarkupError(.unknownTag("foo"), at: 0)),
        ("ab<b x=\"1\">c</b>", MarkupError(.unknownAttribute(tag: "b", attribute: "x"), at: 5)),
        ("<span colour=\"red\">x</span>", MarkupError(.unknownAttribute(tag: "span", attribute: "colour"), at: 6)),
        ("<span size=\"1pt\" font_size=\"2pt\">x</span>", MarkupError(.duplicateAttribute("font_size"), at: 17)),
        ("<b>x</i>", MarkupError(.mismatchedClosingTag(found: "i", open: "b"), at: 4)),
        ("x</markup>", MarkupError(.mismatchedClosingTag(found: "markup", open: nil), at: 1)),
        ("<b>x", MarkupError(.unclosedTag("b"), at: 4)),
        ("a &foo; b", MarkupError(.invalidEntity("unknown entity '&foo;'"), at: 2)),
        ("a & b", MarkupError(.invalidEntity("'&' does not start an entity ending with ';'"), at: 2)),
        (
            "<span weight=\"fat\">x</span>",
            MarkupError(
                .invalidValue(attribute: "weight", value: "fat", expected: "a weight name such as 'light' or 'ultrabold', or a number"),
                at: 6)
        ),
    ])
    func errorsNameTheProblemAndItsOffset(markup: String, error: MarkupError) {
        #expect(throws: error) { try AttributedText(markup: markup) }
    }

    @Test(arguments: [
        "a<sub>2</sub>", "a<sup>2</sup>", "<span rise=\"5pt\">x</span>", "<span baseline_shift=\"superscript\">x</span>",
        "<span line_height=\"1.5\">x</span>", "<span variant=\"small-caps\">x</span>", "<span font=\"Sans @wght=700\">x</span>",
        "<span font_desc=\"Sans Small-Caps\">x</span>", "<span font=\"Sans Condensed 9\">x</span>",
        "<span font=\"Sans Rotated-Left\">x</span>", "<span font_scale=\"subscript\">x</span>", "<span text_transform=\"uppercase\">x</span>",
        "<span allow_breaks=\"false\">x</span>", "<span insert_hyphens=\"true\">x</span>", "<span stretch=\"condensed\">x</span>",
        "<span gravity=\"east\">x</span>", "<span fallback=\"false\">x</span>", "<span show=\"spaces\">x</span>",
        "<span font_features=\"liga=0\">x</span>", "<span segment=\"word\">x</span>",
    ])
    func metricChangesPangoMakesDifferentlyAreUnsupported(markup: String) {
        #expect {
            try AttributedText(markup: markup)
        } throws: { error in
            guard let error = error as? MarkupError, case .unsupported = error.problem else { return false }
            return true
        }
    }

    @Test func noEffectValuesOfUnsupportedAttributesAreAccepted() throws {
        let markup = "<span rise=\"0\" baseline_shift=\"none\" variant=\"normal\" stretch=\"normal\" gravity=\"south\" "
            + "fallback=\"true\" show=\"none\" text_transform=\"none\" font_scale=\"none\" allow_breaks=\"true\" "
            + "insert_hyphens=\"false\" lang=\"en\" font_features=\"\">x</span>"
        #expect(try AttributedText(markup: markup).runs == [AttributedText.Run(utf8Range: 0..<1, attributes: .inherited)])
    }

    @Test func tooManySmallTagsAreAnErrorNotASizeOfZero() {
        let markup = "<span size=\"1\"><small>x</small></span>"
        #expect(throws: MarkupError.self) { try AttributedText(markup: markup) }
    }

    @Test func deepNestingNeitherCrashesNorOverflows() throws {
        let depth = 20_000
        let markup = String(repeating: "<b>", count: depth) + "x" + String(repeating: "</b>", count: depth)
        #expect(try AttributedText(markup: markup).runs[0].attributes.weight == 700)
        let big = String(repeating: "<big>", count: 5000) + "x" + String(repeating: "</big>", count: 5000)
        #expect(throws: MarkupError.self) { try AttributedText(markup: big) }
    }

    @Test func descriptionsNameTheProblemAndTheByte() {
        let error = MarkupError(.unknownTag("foo"), at: 3)
        #expect(error.description == "markup at byte 3: unknown tag <foo>")
    }
}
