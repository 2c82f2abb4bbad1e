import Foundation
import Testing
@testable import TextMeasure

/// The `.pango` profile against Pango 1.50 on chat rows with emoji (`Tools/corpus/emoji.py`: real
/// sentences of the `en` corpus with sequences of Unicode's emoji-test.txt — ZWJ families, flags,
/// skin tones, VS16, keycaps, text-default characters — placed as people type them), through the
/// chains a chat app sets: a text font then Noto Color Emoji, and the bundled default chain.
/// Pango gets Debian's 10-scale-bitmap-fonts.conf (colour bitmap strikes scaled as a desktop does)
/// and reaches the colour font through the generic family "emoji" (`Tools/pango-oracle`).
@Suite("Accuracy against Pango 1.50: chat rows with emoji")
struct PangoEmojiAccuracyTests {
    struct Chain: Sendable, CustomStringConvertible {
        var name: String
        var fonts: [String]
        var description: String { name }
    }

    static let scaleBitmapFonts = "/etc/fonts/conf.d/10-scale-bitmap-fonts.conf"
    static let noto = "/usr/share/fonts/truetype/noto/"

    static var chains: [Chain] {
        let bundled = BundledFonts.chainFileNames.map { (BundledFonts.directory ?? "") + "/" + $0 }
        let emoji = (BundledFonts.directory ?? "") + "/" + BundledFonts.notoColorEmojiFileName
        return [
            Chain(name: "DejaVu Sans → Noto Color Emoji", fonts: [bundled[0], emoji]),
            Chain(name: "Noto Sans → Noto Color Emoji", fonts: [noto + "NotoSans-Regular.ttf", emoji]),
            Chain(name: "the default chain", fonts: bundled),
        ]
    }

    static let sizes: [Double] = [13, 17, 24]
    static let widths: [Double] = [200, 280, 375]

    @Test("≥ 99.9 % identical line counts, equal heights where lines agree", arguments: chains)
    func lineCountsMatchPango(chain: Chain) throws {
        for font in chain.fonts + [Self.scaleBitmapFonts] {
            try #require(FileManager.default.fileExists(atPath: font), "install fonts-noto-core and fontconfig (Scripts/test does)")
        }
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/emoji", withExtension: "jsonl"))
        let texts = try PangoAccuracyTests.texts("emoji")
        #expect(texts.count >= 1_000)
        let expected = try PangoOracle.layouts(
            corpus: url, fonts: chain.fonts, sizes: Self.sizes, widths: Self.widths,
            configuration: Self.scaleBitmapFonts)
        try #require(expected.count == texts.count)
        let fontChain = try FontChain(chain.fonts.map { try Font(path: $0) })
        var report: [String] = []
        for result in try PangoOracle.compare(
            texts, chain: fontChain, expected: expected, sizes: Self.sizes, widths: Self.widths)
        {
            report.append("emoji, \(chain) \(result.label): \(result.rows - result.lineMismatches.count)/\(result.rows)")
            PangoOracle.expectLineCounts(result, corpus: "emoji, \(chain)", gap: nil)
            #expect(result.heightMismatches.isEmpty,
                    "emoji, \(chain) \(result.label): heights differ where lines agree, rows \(result.heightMismatches.prefix(8).map { $0 + 1 })")
        }
        print(report.joined(separator: "\n"))
    }
}
