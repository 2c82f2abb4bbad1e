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

    @Test("≥ 99.9 % identical line counts in every combination", arguments: corpora)
    func lineCountsMatchPango(corpus: Corpus) throws {
        let fontPath = try #require(BundledFonts.directory) + "/" + corpus.font
        let texts = try Self.texts(corpus.name)
        #expect(texts.count >= 10_000)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/\(corpus.name)", withExtension: "jsonl"))
        let expected = try PangoOracle.lineCounts(corpus: url, font: fontPath)
        try #require(expected.count == texts.count)
        let chain = try FontChain([Font(path: fontPath)])
        var combination = 0
        var report: [String] = []
        for size in PangoOracle.sizes {
            for width in PangoOracle.widths {
                for wrap in PangoOracle.wraps {
                    let style = TextStyle(
                        fontChain: chain, fontSize: size,
                        lineBreakMode: wrap == "word" ? .byWordWrapping : .byCharWrapping, profile: .pango)
                    let measurer = try TextMeasurer(style: style)
                    var mismatches: [Int] = []
                    for (row, text) in texts.enumerated() {
                        let lines = try measurer.measure(text, width: width).lineCount
                        if lines != expected[row][combination] { mismatches.append(row) }
                    }
                    let agreement = 1 - Double(mismatches.count) / Double(texts.count)
                    report.append("\(corpus) size \(Int(size)) width \(Int(width)) \(wrap): \(texts.count - mismatches.count)/\(texts.count)")
                    #expect(agreement >= 0.999,
                            "\(corpus) size \(size) width \(width) \(wrap): \(mismatches.count) rows differ, e.g. rows \(mismatches.prefix(5).map { $0 + 1 })")
                    combination += 1
                }
            }
        }
        print(report.joined(separator: "\n"))
    }
}
