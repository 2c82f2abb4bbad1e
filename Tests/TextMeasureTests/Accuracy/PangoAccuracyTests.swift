import Foundation
import Testing
@testable import TextMeasure

/// The `.pango` profile against Pango 1.50 itself (DESIGN.md, "Accuracy reference"): for every
/// row of each corpus, every size, width and wrap mode, the line counts must agree on at least
/// 99.9 % of the rows of each combination.
@Suite("Accuracy against Pango 1.50")
struct PangoAccuracyTests {
    struct Corpus: Sendable, CustomStringConvertible {
        var name: String
        var font: String
        var description: String { "\(name) with \(font)" }
    }

    static let corpora = [
        Corpus(name: "en", font: BundledFonts.dejaVuSansFileName),
        Corpus(name: "ja", font: BundledFonts.ipaexGothicFileName),
        Corpus(name: "mixed", font: BundledFonts.ipaexGothicFileName),
        Corpus(name: "mixed", font: BundledFonts.dejaVuSansFileName),
    ]

    static func texts(_ name: String) throws -> [String] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/\(name)", withExtension: "jsonl"))
        let data = try Data(contentsOf: url)
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            return try #require(object?["text"] as? String)
        }
    }

    @Test("≥ 99.9 % identical line counts in every combination, equal heights where lines agree", arguments: corpora)
    func lineCountsMatchPango(corpus: Corpus) throws {
        let fontPath = try #require(BundledFonts.directory) + "/" + corpus.font
        let texts = try Self.texts(corpus.name)
        #expect(texts.count >= 10_000)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/\(corpus.name)", withExtension: "jsonl"))
        let expected = try PangoOracle.layouts(
            corpus: url, fonts: [fontPath], sizes: PangoOracle.sizes, widths: PangoOracle.widths)
        try #require(expected.count == texts.count)
        let chain = try FontChain([Font(path: fontPath)])
        var report: [String] = []
        for result in try PangoOracle.compare(
            texts, chain: chain, expected: expected, sizes: PangoOracle.sizes, widths: PangoOracle.widths)
        {
            report.append("\(corpus) \(result.label): \(result.rows - result.lineMismatches.count)/\(result.rows)")
            #expect(result.agreement >= 0.999,
                    "\(corpus) \(result.label): \(result.lineMismatches.count) rows differ, e.g. rows \(result.lineMismatches.prefix(5).map { $0 + 1 })")
            #expect(result.heightMismatches.isEmpty,
                    "\(corpus) \(result.label): heights differ where lines agree, rows \(result.heightMismatches.prefix(5).map { $0 + 1 })")
        }
        print(report.joined(separator: "\n"))
    }
}
