import Foundation
import Testing
@testable import TextMeasure

/// The oracle itself: a row's layout must not depend on what the oracle laid out before it.
@Suite("pango-oracle: every row laid out as by a fresh process")
struct PangoOracleTests {
    /// Pango's layouts of `rows` (texts), Noto Sans → Noto Sans Thai, in one oracle run.
    static func layouts(_ rows: [String], sizes: [Double], widths: [Double]) throws -> [PangoOracle.Layout] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pango-oracle-\(UUID().uuidString).jsonl")
        let lines = try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: ["text": $0]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let noto = DictionaryBreaksTests.noto
        return try PangoOracle.layouts(
            corpus: url, fonts: [noto + "NotoSans-Regular.ttf", noto + "NotoSansThai-Regular.ttf"], sizes: sizes, widths: widths)
    }

    @Test("th row 369 at 24/375/char is laid out the same alone and after rows and combinations that used Noto Sans Thai first")
    func noBatchState() throws {
        let texts = try PangoAccuracyTests.texts("th")
        // Before the fix, laying out Thai at 24 pt first (row 368, or row 369 itself at 200 pt)
        // left Noto Sans an approximate width of 0, and row 369 fitted "…กับ f" at 375.99 pt.
        let alone = try Self.layouts([texts[368]], sizes: [24], widths: [375])
        let afterRow = try Self.layouts([texts[367], texts[368]], sizes: [24], widths: [375])
        let afterNarrower = try Self.layouts([texts[368]], sizes: [24], widths: [200, 375])
        // Char wrapping is the second combination of each width.
        #expect(afterRow[1].heights == alone[0].heights)
        #expect(afterRow[1].lineCounts == alone[0].lineCounts)
        #expect(Array(afterNarrower[0].heights.suffix(2)) == alone[0].heights)
    }
}
