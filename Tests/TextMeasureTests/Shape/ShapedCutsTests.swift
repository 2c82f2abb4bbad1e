import Foundation
import Testing
@testable import TextMeasure

/// `ShapedCuts`: where a shaped range may be cut without re-shaping (HarfBuzz's unsafe-to-break
/// flags, run starts), which the line-end correction of `.pango` (`TextWalker.reshapedAtLineEnds`)
/// trusts instead of shaping both sides. Checked on the real text of the accuracy corpora.
@Suite("ShapedCuts")
struct ShapedCutsTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    /// A `.pango` measurer of Noto Sans then the script's Noto font (its `tables` are valid while
    /// it lives: keep it).
    static func measurer(script: String) throws -> TextMeasurer {
        let fonts = [noto + "NotoSans-Regular.ttf", noto + "NotoSans\(script)-Regular.ttf"]
        for font in fonts {
            try #require(FileManager.default.fileExists(atPath: font), "install fonts-noto-core (Scripts/test does)")
        }
        return try TextMeasurer(style: TextStyle(
            fontChain: try FontChain(fonts.map { try Font(path: $0) }), fontSize: 17, profile: .pango))
    }

    static func corpus(_ name: String) throws -> [String] {
        let url = PangoOracle.repositoryRoot.appendingPathComponent("Tests/TextMeasureTests/Fixtures/corpus/\(name).jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
        }
    }

    @Test(
        "where a cut is safe, both sides shaped alone measure as their scalars' widths in the whole word",
        arguments: [("ar", "Arabic"), ("fa", "Arabic"), ("he", "Hebrew"), ("hi", "Devanagari"), ("bn", "Bengali"),
                    ("ta", "Tamil"), ("th", "Thai"), ("mixed-ar", "Arabic")])
    func safeCutsNeedNoShaping(corpus: String, script: String) throws {
        let measurer = try Self.measurer(script: script)
        try withExtendedLifetime(measurer) { try check(corpus: corpus, view: measurer.tables) }
    }

    private func check(corpus: String, view: StyleTableView) throws {
        var safeChecked = 0
        var unsafeSeen = 0
        for text in try Self.corpus(corpus).prefix(300) {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                view.fillEntries(coveringScalarsOf: bytes)  // as every walk of a text does first
                let levels = BidiLevels(bytes)
                // Each space-separated word of the row, as an overlong piece's content.
                var start = 0
                for end in (0..<bytes.count).filter({ bytes[$0] == 0x20 }) + [bytes.count] {
                    defer { start = end + 1 }
                    guard end > start else { continue }
                    var widths: [Double] = []
                    var fonts: [UInt8] = []
                    var missing: [Int] = []
                    var cuts: ShapedCuts? = ShapedCuts()
                    view.withTables {
                        $0.appendShapedWidths(
                            bytes, from: start, to: end, following: nil, levels: levels, context: nil, widths: &widths,
                            fonts: &fonts, missing: &missing, cuts: &cuts)
                    }
                    guard let shaped = cuts else {
                        Issue.record("no cuts recorded")
                        continue
                    }
                    #expect(shaped.safe.count == widths.count)
                    // The runs cover the word, and their widths are its scalars' widths.
                    #expect(shaped.runs.first?.run.range.lowerBound == start)
                    #expect(shaped.runs.last?.run.range.upperBound == end)
                    #expect(shaped.runs.last.map { $0.widthBefore + $0.width } == widths.reduce(0, +))
                    var offset = start
                    var scalar = 0
                    var run = 0
                    while offset < end {
                        let length = TextWalker.decode(bytes, at: offset).length
                        run = shaped.runIndex(containing: offset, from: run)
                        let range = shaped.runs[run].run.range
                        if offset > range.lowerBound {
                            if shaped.safe[scalar] {
                                // Prefix and suffix of the run, shaped alone.
                                let scalarsBefore = widths[..<scalar].reduce(0, +) - shaped.runs[run].widthBefore
                                let prefix = view.withTables {
                                    $0.pangoShapedWidth(of: shaped.runs[run].run, part: range.lowerBound..<offset, in: bytes,
                                                        context: start..<end)
                                }
                                let suffix = view.withTables {
                                    $0.pangoShapedWidth(of: shaped.runs[run].run, part: offset..<range.upperBound, in: bytes,
                                                        context: start..<end)
                                }
                                #expect(prefix == scalarsBefore, "\(corpus): \(text) at byte \(offset)")
                                #expect(suffix == shaped.runs[run].width - scalarsBefore, "\(corpus): \(text) at byte \(offset)")
                                safeChecked += 1
                            } else {
                                unsafeSeen += 1
                            }
                        } else {
                            #expect(shaped.safe[scalar], "a run's start is always a safe cut")
                        }
                        offset += length
                        scalar += 1
                    }
                }
            }
        }
        // Not vacuous: both kinds of cut occur in every corpus.
        #expect(safeChecked > 100)
        #expect(unsafeSeen > 100)
    }
}
