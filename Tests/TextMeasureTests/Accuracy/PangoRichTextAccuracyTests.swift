import Foundation
import Testing
@testable import TextMeasure

/// Attributed text in the `.pango` profile against Pango 1.50 laying out the same rows as markup
/// (`pango_parse_markup`): chat and feed rows of real sentences with bold names, italic words,
/// `<big>` and letter-spaced titles, `<small>` timestamps and two families (DejaVu Sans and
/// DejaVu Serif, four faces each), made by `Tools/corpus/rich.py`. The measurer gets each row's
/// runs as the corpus lists them (`AttributedTextMarkupTests` checks that the markup parses to
/// the same runs).
@Suite("Accuracy against Pango 1.50: attributed text (markup)")
struct PangoRichTextAccuracyTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    /// Both families, every face, in chain order (DejaVu Sans first).
    static let fonts = [
        "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
        "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf",
    ].map { dejaVu + $0 }

    static let sizes: [Double] = [13, 17, 24]
    static let widths: [Double] = [200, 280, 375]

    /// The corpus' rows as attributed texts (from their `plain` text and `runs`).
    static func rows() throws -> [AttributedText] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/rich", withExtension: "jsonl"))
        return try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")).map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let plain = try #require(object["plain"] as? String)
            let runs = try #require(object["runs"] as? [[Any]]).map { run in
                AttributedText.Run(
                    utf8Range: (run[0] as! Int)..<(run[1] as! Int),
                    attributes: TextAttributes(
                        family: run[2] as? String, weight: run[3] as! Int, italic: run[4] as! Bool,
                        fontScale: (run[5] as! NSNumber).doubleValue, letterSpacing: (run[6] as! NSNumber).doubleValue))
            }
            return try AttributedText(plain, runs: runs)
        }
    }

    @Test("≥ 99.9 % identical line counts, equal heights where lines agree")
    func lineCountsMatchPango() throws {
        for font in Self.fonts {
            try #require(FileManager.default.fileExists(atPath: font), "install fonts-dejavu-core (Scripts/test does)")
        }
        let rows = try Self.rows()
        #expect(rows.count >= 1_000)
        #expect(Set(rows.flatMap { $0.runs.map(\.attributes) }).count >= 8)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/rich", withExtension: "jsonl"))
        let expected = try PangoOracle.layouts(
            corpus: url, fonts: Self.fonts, sizes: Self.sizes, widths: Self.widths, markup: true)
        try #require(expected.count == rows.count)
        let chain = try FontChain(paths: Self.fonts)
        #expect(chain.families.map(\.name) == ["DejaVu Sans", "DejaVu Serif"])
        var report: [String] = []
        for result in try PangoOracle.compare(
            rows: rows.count, chain: chain, expected: expected, sizes: Self.sizes, widths: Self.widths,
            measure: { try $0.measure(rows[$1], width: $2) })
        {
            report.append("rich \(result.label): \(result.rows - result.lineMismatches.count)/\(result.rows)")
            PangoOracle.expectLineCounts(result, corpus: "rich", gap: nil)
            PangoOracle.expectHeights(result, corpus: "rich")
        }
        print(report.joined(separator: "\n"))
    }
}
