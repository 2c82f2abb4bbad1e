import Foundation
import Testing
@testable import TextMeasure

/// `.pango`'s grapheme clusters (`GraphemeBoundaries` with Pango's rules), where char wrapping
/// may break, against Pango 1.50's own (`pango-oracle --breaks`: `is_char_break`) on every row
/// of the real-text corpora: Indic conjuncts, Thai and Lao SARA AM, Myanmar spacing marks,
/// Hangul, emoji sequences.
@Suite("Accuracy against Pango 1.50: char-wrapping breaks")
struct PangoCharBreakAccuracyTests {
    static let corpora = [
        "hi", "mr", "bn", "ta", "ar", "fa", "mixed-ar", "he", "th", "lo", "km", "my", "ko", "emoji", "ja", "mixed",
    ]

    /// The cluster ends of `text` as scalar offsets, as `.pango` finds them.
    static func ends(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var scalarAt = [Int](repeating: 0, count: bytes.count + 1)
        var scalars = 0
        for (k, byte) in bytes.enumerated() {
            if byte & 0xC0 != 0x80 { scalars += 1 }
            scalarAt[k + 1] = scalars
        }
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            GraphemeBoundaries.forEach(in: buffer, from: 0, to: buffer.count, pango: true) { ends.append(scalarAt[$0]) }
        }
        return ends
    }

    @Test("every row's char breaks are Pango's", arguments: corpora)
    func charBreaksMatchPango(corpus: String) throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/\(corpus)", withExtension: "jsonl"))
        let texts = try PangoAccuracyTests.texts(corpus)
        let expected = try PangoOracle.charBreaks(corpus: url)
        try #require(expected.count == texts.count)
        var differing: [Int] = []
        var first = ""
        for (row, text) in texts.enumerated() where Self.ends(text) != expected[row] {
            if differing.isEmpty {
                // The first break only one side has, with the scalars around it.
                let ours = Self.ends(text)
                let offset = Set(ours).symmetricDifference(expected[row]).min() ?? 0
                let scalars = Array(text.unicodeScalars)
                let around = scalars[max(0, offset - 3)..<min(scalars.count, offset + 3)]
                first = "; row \(row + 1) at scalar \(offset) (\(ours.contains(offset) ? "ours" : "Pango's")): "
                    + around.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            }
            differing.append(row + 1)
        }
        #expect(differing.isEmpty, "\(corpus): \(differing.count) rows differ, e.g. rows \(differing.prefix(8))\(first)")
    }
}
