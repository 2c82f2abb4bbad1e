import Testing
import LineBreak

@Suite("GraphemeBreakIterator")
struct GraphemeBreakIteratorTests {
    /// Swift's own boundaries: the UTF-8 offset of the end of every `Character`.
    func characterEnds(_ text: String) -> [Int] {
        var ends: [Int] = []
        var offset = 0
        for character in text {
            offset += character.utf8.count
            ends.append(offset)
        }
        return ends
    }

    static let samples: [String] = [
        "",
        "a",
        "Hello, world!",
        "a\r\nb\n\r\r\n",  // CR LF is one cluster, LF CR two
        "\r\n",
        "e\u{301}\u{302}x",  // combining marks
        "\u{301}a",  // a lone mark at the start
        "a\u{301}",  // ASCII followed by a mark: not a boundary
        "👨‍👩‍👧‍👦 family",  // ZWJ sequence
        "👍🏽👍🏿👍",  // emoji modifiers
        "🇯🇵🇺🇸🇫🇷🇩",  // flags and a lone regional indicator
        "x🇯🇵🇺y",
        "한국어 \u{1100}\u{1161}\u{11A8}\u{1100}",  // precomposed and conjoining Hangul
        "नमस्ते दुनिया",  // Devanagari: virama, vowel signs (and conjuncts)
        "क्षत्रिय",
        "ก่อน",  // Thai marks
        "\u{600}1\u{600}",  // prepend
        "a\u{200D}b",  // ZWJ after ASCII
        "❤️‍🔥!",
        "日本語のテキスト、「引用」。",
        "\u{E000}\u{378}\u{10FFFF}",  // private use, unassigned
        "\t\u{0}\u{7F}\u{85}x",  // controls
        "1️⃣#️⃣",  // keycaps
    ]

    @Test("Boundaries equal Swift's Character boundaries", arguments: samples)
    func matchesCharacters(_ text: String) {
        #expect(Array(GraphemeBreakIterator(text)) == characterEnds(text))
    }

    @Test("Random text: boundaries equal Swift's Character boundaries")
    func random() {
        var generator = SplitMix64(seed: 7)
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\r", "\n", "\u{301}", "\u{200D}", "\u{1F466}", "\u{1F3FB}",
                                      "\u{1F1EF}", "\u{1F1F5}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
                                      "\u{915}", "\u{94D}", "\u{937}", "\u{93F}", "\u{600}", "\u{FE0F}", "日", "\u{2764}"]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.unicodeScalars.append(pool.randomElement(using: &generator)!)
            }
            let actual = Array(GraphemeBreakIterator(text))
            #expect(actual == characterEnds(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("A string built from a substring (non-zero start) works the same")
    func substring() {
        let base = "xx👨‍👩‍👧 e\u{301}"
        let text = String(base.dropFirst(2))
        #expect(Array(GraphemeBreakIterator(text)) == characterEnds(text))
    }
}
