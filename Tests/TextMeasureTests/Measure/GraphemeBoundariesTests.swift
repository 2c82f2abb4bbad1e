import Testing
@testable import TextMeasure

@Suite("Grapheme cluster boundaries")
struct GraphemeBoundariesTests {
    /// The cluster ends of `text` as scalar offsets.
    static func ends(_ text: String, pango: Bool) -> [Int] {
        let bytes = Array(text.utf8)
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            GraphemeBoundaries.forEach(in: buffer, from: 0, to: buffer.count, pango: pango) {
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

    @Test("Pango 1.50 has no rule GB9c: a consonant after a virama or a joiner starts a cluster")
    func conjuncts() {
        // स ् क ् र ी न: Unicode 15.1 makes "स्क्री" one cluster (GB9c), Pango 1.50 three.
        #expect(Self.ends("स्क्रीन", pango: false) == [6, 7])
        #expect(Self.ends("स्क्रीन", pango: true) == [2, 4, 6, 7])
        // Bengali ক ্ ষ (a conjunct).
        #expect(Self.ends("ক্ষ", pango: true) == [2, 3])
        // Tamil's virama is no GB9c linker: both agree.
        #expect(Self.ends("க்ஷ", pango: false) == [2, 3])
        #expect(Self.ends("க்ஷ", pango: true) == [2, 3])
    }

    @Test("Emoji sequences and Hangul syllables stay whole in Pango 1.50's clusters")
    func sequences() {
        for text in ["👨\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽", "1\u{FE0F}\u{20E3}", "🏴\u{E0067}\u{E0062}\u{E007F}",
                     "\u{1100}\u{1161}\u{11A8}", "ﾊﾟ", "\u{0600}١"] {
            #expect(Self.ends(text, pango: true) == Self.ends(text, pango: false), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("In an Indic item, Pango 1.50 has no boundary after a joiner, nor after a virama after one")
    func indicJoiners() {
        // break-indic.c: ত ্ ZWJ | গ া would be a boundary by break.c's rules alone.
        #expect(Self.ends("ত্\u{200D}গা", pango: true) == [5])
        #expect(Self.ends("क्\u{200D}ष", pango: true) == [4])
        // A virama after the joiner: no boundary after it either.
        #expect(Self.ends("क\u{200D}्षa", pango: true) == [4, 5])
        // ZWNJ (Unicode: a boundary after it before a consonant) likewise, and before a space.
        #expect(Self.ends("क्\u{200C}ष", pango: false) == [3, 4])
        #expect(Self.ends("क्\u{200C}ष", pango: true) == [4])
        #expect(Self.ends("क्\u{200C} a", pango: true) == [4, 5])
        // Not in a Latin item, nor before a letter of another script.
        #expect(Self.ends("a\u{200D}b", pango: true) == [2, 3])
        #expect(Self.ends("क्\u{200C}a", pango: true) == [3, 4])
    }
}
