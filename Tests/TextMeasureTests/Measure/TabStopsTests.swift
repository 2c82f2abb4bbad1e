import Foundation
import Testing
@testable import TextMeasure

/// Tabs move the pen to tab stops and always fit (`TabStops`); in `.pango` an overlong piece
/// breaks between its white-space characters (`LayoutCluster.Role`). Checked against Pango 1.50
/// (the oracle), against the documented `.uikit` stops, and across every path that fits pieces
/// (direct, prepared, intrinsic widths, glyph lines).
@Suite("Tab stops and runs of white space")
struct TabStopsTests {
    /// Rows where tabs and runs of spaces decide the lines: column layouts as help texts write
    /// them, tabs at line starts and ends, runs of spaces wider than the line, a no-break space
    /// ending the text, paragraphs ending in spaces.
    static let rows = [
        "a\tb",
        "Name:\tvalue\tmore text here and there",
        "\tindented line with a tab at the start and more words follow",
        "col1\tcol2\tcol3\tcol4\tcol5\tcol6\tcol7\tcol8\tcol9\tcol10",
        "word                                                  next",
        "a b                                                                                   c d e",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa                                   b",
        "x\t\ty",
        "abc\u{A0}",
        "  -h, --help\t\tshow this help message and exit",
        "  -v, --verbose      print more; twice for debugging output   \n  -q\tquiet",
        "line one   \nline two\t\n\tline three",
        "tab at the end\t",
        "spaces then a tab  \tand text",
        "W                    \n",
        "日本語\tテキスト\t表",
    ]

    static let sizes: [Double] = [13, 17, 24]
    static let widths: [Double] = [40, 60, 100, 150, 200, 280]

    @Test("`.pango` line counts and heights equal Pango's")
    func pangoLineCounts() throws {
        let fonts = [try #require(BundledFonts.dejaVuSansPath), try #require(BundledFonts.ipaexGothicPath)]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tab-stops-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try Self.rows.map { String(decoding: try JSONSerialization.data(withJSONObject: ["text": $0]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let expected = try PangoOracle.layouts(corpus: file, fonts: fonts, sizes: Self.sizes, widths: Self.widths)
        let chain = try FontChain(fonts.map { try Font(path: $0) })
        for result in try PangoOracle.compare(Self.rows, chain: chain, expected: expected, sizes: Self.sizes, widths: Self.widths) {
            #expect(result.lineMismatches.isEmpty, "\(result.label): rows \(result.lineMismatches.map { Self.rows[$0] })")
            #expect(result.heightMismatches.isEmpty, "\(result.label): rows \(result.heightMismatches.map { Self.rows[$0] })")
        }
    }

    @Test("`.pango`: a stop every eight spaces, at least one space after the pen")
    func pangoStops() throws {
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: FontChain([Font(path: try #require(BundledFonts.dejaVuSansPath))]), fontSize: 17, profile: .pango))
        let space = try measurer.measure("x x", width: 500).maxLineWidth - 2 * measurer.measure("x", width: 500).maxLineWidth
        let stop = 8 * space
        let b = try measurer.measure("b", width: 500).maxLineWidth
        #expect(try measurer.measure("a\tb", width: 500).maxLineWidth == stop + b)
        #expect(try measurer.measure("\tb", width: 500).maxLineWidth == stop + b)
        // After seven spaces one space is left before the first stop: the tab goes there; after
        // eight, to the second.
        #expect(try measurer.measure("       \tb", width: 500).maxLineWidth == stop + b)
        #expect(try measurer.measure("        \tb", width: 500).maxLineWidth == 2 * stop + b)
        // A tab always fits: the line ends after it, and it hangs.
        let m = try measurer.measure("aaaa\taaaa", width: measurer.measure("aaaa", width: 500).maxLineWidth)
        #expect(m.lineCount == 2)
        #expect(try m.maxLineWidth == measurer.measure("aaaa", width: 500).maxLineWidth)
    }

    @Test("`.uikit`: NSParagraphStyle's stops every 28 pt, the first after the pen")
    func uikitStops() throws {
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: FontChain([Font(path: try #require(BundledFonts.dejaVuSansPath))]), fontSize: 17))
        let b = try measurer.measure("b", width: 500).maxLineWidth
        #expect(try measurer.measure("a\tb", width: 500).maxLineWidth == 28 + b)
        #expect(try measurer.measure("\t\tb", width: 500).maxLineWidth == 56 + b)
        let long = "aaaaaaaaaaaaaaaaaaaa"  // 20 × 10.4 pt: past 196, before 224
        let pen = try measurer.measure(long, width: 500).maxLineWidth
        #expect(try measurer.measure(long + "\tb", width: 500).maxLineWidth == ((pen / 28).rounded(.down) + 1) * 28 + b)
        // Intrinsic widths: the tab counts in the one-line width, never as a piece of its own.
        let widths = measurer.intrinsicWidths("a\tb")
        #expect(widths.maxContent == 28 + b)
        #expect(widths.minContent == max(try measurer.measure("a", width: 500).maxLineWidth, b))
    }

    @Test("Prepared text, walked text and glyph lines agree with direct measuring", arguments: LayoutProfile.allCases)
    func everyPathAgrees(profile: LayoutProfile) throws {
        for mode in LineBreakMode.allCases {
            let measurer = try TextMeasurer(style: .bundled(fontSize: 17, lineBreakMode: mode, profile: profile))
            for text in Self.rows {
                let prepared = measurer.prepare(text)
                var walked = WalkedText()
                var bytes = text
                for width in Self.widths + [23.5, 97.25, 375] {
                    let direct = try measurer.measure(text, width: width, includeLines: true)
                    var heightOnly = direct
                    heightOnly.lines = nil
                    #expect(try prepared.measure(width: width) == heightOnly, "\(profile) \(mode) \(width) \(text.debugDescription)")
                    #expect(try prepared.measure(width: width, includeLines: true) == direct, "\(profile) \(mode) \(width) \(text.debugDescription)")
                    let fromWalk = try bytes.withUTF8 { utf8 in
                        _ = measurer.intrinsicWidths(utf8: utf8, keeping: &walked)
                        return try measurer.measure(walked: walked, utf8: utf8, width: width, includeLines: true)
                    }
                    #expect(fromWalk == direct, "\(profile) \(mode) \(width) \(text.debugDescription)")
                    let drawn = measurer.glyphLines(text, lines: direct.lines ?? [])
                    let measured = direct.lines?.map(\.width) ?? []
                    #expect(drawn.count == measured.count)
                    for (line, width) in zip(drawn, measured) {
                        #expect(abs(line.width - width) <= 1e-9 * max(1, width), "\(profile) \(mode) \(width) \(text.debugDescription) \(line.glyphs)")
                    }
                }
            }
        }
    }
}
