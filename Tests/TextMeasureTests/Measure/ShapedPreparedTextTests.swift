import Foundation
import Testing
@testable import TextMeasure

/// Prepared text works for every script: a text that HarfBuzz shapes, prepared once, re-wraps at
/// any width to exactly what measuring it directly gives (lines included, every width to the last
/// bit), in both profiles and both modes — on real Arabic, Hindi, Tamil and Hebrew messages with
/// Debian's Noto fonts in a fallback chain.
@Suite("Prepared text for shaped scripts")
struct ShapedPreparedTextTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let cases: [(corpus: String, font: String)] = [
        ("ar", "NotoSansArabic"), ("hi", "NotoSansDevanagari"), ("ta", "NotoSansTamil"), ("he", "NotoSansHebrew"),
    ]
    static let widths: [Double] = [9, 41, 97.25, 150, 199.9, 280, 375.5]

    @Test("Prepared = direct, shaped scripts", arguments: 0..<4)
    func preparedMatchesDirect(caseIndex: Int) throws {
        let (corpus, font) = Self.cases[caseIndex]
        let paths = [Self.noto + "NotoSans-Regular.ttf", Self.noto + font + "-Regular.ttf"]
        for path in paths { try #require(FileManager.default.fileExists(atPath: path)) }
        let chain = try FontChain(paths: paths)
        let texts = try PangoAccuracyTests.texts(corpus).enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        var compared = 0
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                let measurer = try TextMeasurer(
                    style: TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, profile: profile))
                var differences = 0
                for text in texts {
                    let prepared = measurer.prepare(text)
                    for width in Self.widths {
                        let includeLines = width == 97.25
                        let expected = try measurer.measure(text, width: width, includeLines: includeLines)
                        if try prepared.measure(width: width, includeLines: includeLines) != expected {
                            differences += 1
                            if differences <= 3 {
                                Issue.record("\(corpus) \(profile) \(mode) width \(width): \(text.debugDescription)")
                            }
                        }
                        compared += 1
                    }
                }
                #expect(differences == 0, "\(corpus) \(profile) \(mode)")
            }
        }
        #expect(compared > 4_000)
    }

    @Test("Shaped widths differ from nominal advances where they must: Arabic joining")
    func shapingChangesWidths() throws {
        let chain = try FontChain(paths: [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansArabic-Regular.ttf"])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        // "بببب": four beh; joined (initial, medial, medial, final) they are narrower than four
        // isolated forms — the sum of the letter measured alone four times.
        let joined = try measurer.measure("بببب", width: 1_000).maxLineWidth
        let isolated = try measurer.measure("ب", width: 1_000).maxLineWidth
        #expect(joined < 4 * isolated - 1)
        #expect(joined > 0)
    }
}
