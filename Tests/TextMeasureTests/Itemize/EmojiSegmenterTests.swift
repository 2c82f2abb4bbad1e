import Testing
@testable import TextMeasure

/// `EmojiSegmenter` against the grammar of Pango 1.50's emoji presentation scanner, one rule per
/// test: which texts are emoji runs and which stay text.
@Suite("Emoji presentation runs")
struct EmojiSegmenterTests {
    /// The runs of `text`: each run's text and whether it is emoji.
    static func runs(_ text: String) -> [(String, Bool)] {
        var text = text
        var out: [(String, Bool)] = []
        text.withUTF8 { bytes in
            EmojiSegmenter.forEachRun(in: bytes, from: 0, to: bytes.count) { range, isEmoji in
                out.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), isEmoji))
            }
        }
        return out
    }

    static func isEmoji(_ text: String) -> Bool {
        let runs = runs(text)
        return runs.count == 1 && runs[0].1
    }

    @Test("Emoji_Presentation characters, modifier bases and U+1F3F4 are emoji on their own",
          arguments: ["😀", "⌚", "☕", "⚡", "👍", "☝", "✌", "🏴", "🫸"])
    func emojiAlone(text: String) {
        #expect(Self.isEmoji(text))
    }

    @Test("Text-default characters, digits, # and * stay text without VS16",
          arguments: ["©", "™", "®", "☺", "❤", "✔", "1", "#", "*", "🛳", "‼"])
    func textDefault(text: String) {
        #expect(!Self.isEmoji(text))
        #expect(Self.runs(text).count == 1)
    }

    @Test("VS16 makes any emoji character emoji; VS15 makes any text, even an Emoji_Presentation one")
    func variationSelectors() {
        #expect(Self.isEmoji("❤\u{FE0F}"))
        #expect(Self.isEmoji("©\u{FE0F}"))
        #expect(Self.isEmoji("☺\u{FE0F}"))
        #expect(!Self.isEmoji("☺\u{FE0E}"))
        #expect(!Self.isEmoji("😀\u{FE0E}"))
        #expect(!Self.isEmoji("⌚\u{FE0E}"))
        // VS16 after a character that is no emoji does not make it one.
        #expect(!Self.isEmoji("a\u{FE0F}"))
    }

    @Test("Keycaps: a base, VS16 and U+20E3; the base and U+20E3 alone are text")
    func keycaps() {
        #expect(Self.isEmoji("1\u{FE0F}\u{20E3}"))
        #expect(Self.isEmoji("#\u{FE0F}\u{20E3}"))
        #expect(Self.runs("1\u{20E3}").allSatisfy { !$0.1 })
        // "1" VS16 is already an emoji presentation sequence.
        #expect(Self.isEmoji("1\u{FE0F}"))
    }

    @Test("Flags are pairs of regional indicators; a lone one is text")
    func flags() {
        #expect(Self.isEmoji("🇫🇷"))
        #expect(Self.runs("🇫🇷🇩🇪").map(\.1) == [true])
        #expect(!Self.isEmoji("🇫"))
        // Three indicators: a flag, then a lone one (text).
        #expect(Self.runs("🇫🇷🇩").map(\.1) == [true, false])
    }

    @Test("Tag sequences (subdivision flags)")
    func tags() {
        #expect(Self.isEmoji("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"))
    }

    @Test("Skin-tone modifier sequences; a lone modifier is text")
    func modifiers() {
        #expect(Self.isEmoji("👍🏽"))
        #expect(Self.isEmoji("✍🏽"))
        #expect(!Self.isEmoji("🏽"))
    }

    @Test("ZWJ sequences of emoji elements, text-default ones included")
    func zwjSequences() {
        #expect(Self.isEmoji("👨\u{200D}👩\u{200D}👧"))
        #expect(Self.isEmoji("🧑🏿\u{200D}🦱"))
        #expect(Self.isEmoji("🏳\u{FE0F}\u{200D}🌈"))
        #expect(Self.isEmoji("❤\u{200D}🔥"))
        #expect(Self.isEmoji("©\u{200D}©"))  // any_emoji elements
        // A ZWJ between letters joins nothing.
        #expect(Self.runs("a\u{200D}b").map(\.1) == [false])
    }

    @Test("Runs: consecutive tokens of one kind are one run; spaces and letters are text")
    func runsInText() {
        let runs = Self.runs("Hi 👋 there ❤️ 1️⃣ ☺ ⌚😀 x")
        #expect(runs.map(\.0) == ["Hi ", "👋", " there ", "❤️", " ", "1️⃣", " ☺ ", "⌚😀", " x"])
        #expect(runs.map(\.1) == [false, true, false, true, false, true, false, true, false])
    }

    @Test("startsEmoji: whether the text at an offset starts with an emoji token")
    func startsEmoji() {
        var text = "a 1️⃣ 1 ☺ ☺️ 😀 ⌚︎"
        text.withUTF8 { bytes in
            // At the start of each space-separated word.
            var starts: [Bool] = []
            var i = 0
            while i < bytes.count {
                starts.append(EmojiSegmenter.startsEmoji(bytes, at: i, limit: bytes.count))
                while i < bytes.count && bytes[i] != 0x20 { i += 1 }
                i += 1
            }
            #expect(starts == [false, true, false, false, true, true, false])
        }
        // A token reaches past its first character only through sequence characters and ZWJs.
        for (text, expected) in [("☺☺☺", false), ("©\u{200D}©", true), ("👨\u{200D}👩\u{200D}👧x", true),
                                 ("🇫🇷", true), ("☺\u{FE0F}☺", true), ("1\u{FE0F}\u{20E3}", true)] {
            var utf8 = Array(text.utf8)
            utf8.withUnsafeMutableBufferPointer { bytes in
                let bytes = UnsafeBufferPointer(bytes)
                #expect(EmojiSegmenter.startsEmoji(bytes, at: 0, limit: bytes.count) == expected, "\(text)")
            }
        }
    }
}
