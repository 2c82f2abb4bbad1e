import Testing
@testable import TextMeasure

@Suite("Grapheme cluster boundaries")
struct GraphemeBoundariesTests {
    /// The cluster ends of `text` as scalar offsets.
    static func ends(_ text: String, pango: Bool) -> [Int] {
        let bytes = Array(text.utf8)
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            GraphemeBoundaries.forEach(in: buffer, from: 0, to: buffer.count, everySpacingMarkExtends: pango) {
                ends.append(String(decoding: buffer[0..<$0], as: UTF8.self).unicodeScalars.count)
            }
        }
        return ends
    }

    @Test("Pango 1.50 has a boundary before Thai and Lao SARA AM, Unicode does not")
    func saraAm() {
        // น ้ ำ (water), ท ำ (do), ຈ ຳ (Lao): Unicode makes SARA AM a SpacingMark.
        #expect(Self.ends("น้ำ", pango: false) == [3])
        #expect(Self.ends("น้ำ", pango: true) == [2, 3])
        #expect(Self.ends("กระทำนี้", pango: false) == [1, 2, 3, 5, 8])
        #expect(Self.ends("กระทำนี้", pango: true) == [1, 2, 3, 4, 5, 8])
        #expect(Self.ends("ຈຳເປັນ", pango: true) == [1, 2, 3, 5, 6])
        #expect(Self.ends("ຈຳເປັນ", pango: false) == [2, 3, 5, 6])
        // A SARA AM that starts a cluster stays one cluster.
        #expect(Self.ends("ำa", pango: true) == [1, 2])
    }

    @Test("Pango 1.50 has no boundary before any spacing mark (Myanmar U+102C included)")
    func spacingMarks() {
        // က ာ: Unicode excludes U+102C from SpacingMark, Pango goes by General_Category Mc.
        #expect(Self.ends("ကာ", pango: false) == [1, 2])
        #expect(Self.ends("ကာ", pango: true) == [2])
    }
}
