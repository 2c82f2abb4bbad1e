import CHarfBuzz
import Testing
@testable import TextMeasure

/// One test per rule of `Itemizer` (Pango 1.50's `pango_itemize`), on a made-up chain where
/// font 0 has Latin letters and the space, font 1 has Arabic letters and the space.
@Suite("Itemization")
struct ItemizerTests {
    static func fontOf(_ value: UInt32) -> Int {
        (0x600...0x6FF).contains(value) ? 1 : 0
    }

    static func runs(_ text: String, following: (font: Int, scalar: UInt32)? = nil) -> [(String, Int, hb_script_t)] {
        var text = text
        var out: [(String, Int, hb_script_t)] = []
        text.withUTF8 { bytes in
            Itemizer.forEachRun(in: bytes, from: 0, to: bytes.count, spaceFont: 0, following: following,
                                fontOf: fontOf) { run in
                out.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[run.range]), as: UTF8.self), run.font, run.script))
            }
        }
        return out
    }

    @Test("Script runs: common characters join the run they are in; leading ones the first script")
    func scriptRuns() {
        // "." is common: it stays in the Arabic script run (a run of its own only for its font).
        let runs = Self.runs("(abc) سلام.")
        #expect(runs.map(\.0) == ["(abc) ", "سلام", "."])
        #expect(runs.map(\.2) == [HB_SCRIPT_LATIN, HB_SCRIPT_ARABIC, HB_SCRIPT_ARABIC])
        #expect(runs.map(\.1) == [0, 1, 0])
    }

    @Test("Spaces stay in the current run's font")
    func spacesStay() {
        let runs = Self.runs("سلام سلام")
        #expect(runs.count == 1)
        #expect(runs.first?.1 == 1)
    }

    @Test("Trailing spaces move to a following font earlier in the chain, in the same script run")
    func spacesMoveToEarlierFont() {
        // "(" is common: the same script run as the Arabic before it, font 0.
        let runs = Self.runs("سلام (")
        #expect(runs.map(\.0) == ["سلام", " ("])
        #expect(runs.map(\.1) == [1, 0])
        // The same at the end of a piece, from the text that follows it.
        let piece = Self.runs("سلام ", following: (0, 0x28))
        #expect(piece.map(\.0) == ["سلام", " "])
        #expect(piece.map(\.1) == [1, 0])
    }

    @Test("A following font later in the chain, or another script, leaves the spaces where they are")
    func spacesDoNotMove() {
        #expect(Self.runs("abc ", following: (1, 0x633)).map(\.1) == [0])
        #expect(Self.runs("سلام ", following: (0, 0x61)).map(\.1) == [1])  // Latin 'a': another script run
    }

    @Test("A run of only spaces takes the font of the chain's space")
    func onlySpaces() {
        #expect(Self.runs("   ").map(\.1) == [0])
    }

    @Test("A run of only spaces takes the font of the text after it in the same run")
    func onlySpacesBeforeFollowingText() {
        #expect(Self.runs("   ", following: (1, 0x633)).map(\.1) == [1])
    }

    @Test("Emoji runs are runs of their own and take the emoji font, even where font 0 has the character")
    func emojiRuns() throws {
        let emoji = try Font(path: try #require(BundledFonts.notoColorEmojiPath))
        var text = "a😀b ☺ ☺\u{FE0F}"
        var out: [(String, Int, Bool)] = []
        text.withUTF8 { bytes in
            // The made-up chain: font 0 has everything (as DejaVu Sans has 😀 and ☺).
            Itemizer.forEachRun(in: bytes, from: 0, to: bytes.count, spaceFont: 0, emojiFont: (1, emoji),
                                fontOf: { _ in 0 }) { run in
                out.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[run.range]), as: UTF8.self), run.font, run.isEmoji))
            }
        }
        #expect(out.map(\.0) == ["a", "😀", "b ☺ ", "☺\u{FE0F}"])
        #expect(out.map(\.1) == [0, 1, 0, 1])
        #expect(out.map(\.2) == [false, true, false, true])
    }

    /// The runs of `text` itemized with its embedding levels: text, font, script, level, whether
    /// shaped right to left.
    static func bidiRuns(_ text: String) -> [(text: String, font: Int, script: hb_script_t, level: UInt8?, rtl: Bool)] {
        var text = text
        var out: [(String, Int, hb_script_t, UInt8?, Bool)] = []
        text.withUTF8 { bytes in
            Itemizer.forEachRun(in: bytes, from: 0, to: bytes.count, spaceFont: 0, levels: BidiLevels(bytes),
                                fontOf: fontOf) { run in
                out.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[run.range]), as: UTF8.self), run.font,
                            run.script, run.level, run.direction == HB_DIRECTION_RTL))
            }
        }
        return out
    }

    @Test("Levels split runs: the space after an Arabic word in Latin text is a run of its own, in the space's font")
    func levelsSplitAfterArabicWord() {
        let runs = Self.bidiRuns("abc سلام def")
        #expect(runs.map(\.text) == ["abc ", "سلام", " ", "def"])
        #expect(runs.map(\.font) == [0, 1, 0, 0])
        #expect(runs.map(\.level) == [0, 1, 0, 0])
        #expect(runs.map(\.rtl) == [false, true, false, false])
        // Without levels the space stays in the Arabic word's run and font.
        #expect(Self.runs("abc سلام def").map(\.0) == ["abc ", "سلام ", "def"])
        #expect(Self.runs("abc سلام def").map(\.1) == [0, 1, 0])
    }

    @Test("A number inside Arabic is a left-to-right run; the space after it starts the Arabic run")
    func numbersInArabic() {
        let runs = Self.bidiRuns("سلام 123 سلام")
        #expect(runs.map(\.text) == ["سلام ", "123", " سلام"])
        #expect(runs.map(\.font) == [1, 0, 1])
        #expect(runs.map(\.level) == [1, 2, 1])
        #expect(runs.map(\.script) == [HB_SCRIPT_ARABIC, HB_SCRIPT_ARABIC, HB_SCRIPT_ARABIC])
        #expect(runs.map(\.rtl) == [true, false, true])
        // Without levels both spaces are in the number's run, in font 0 (the first moves to the
        // earlier font of the chain).
        #expect(Self.runs("سلام 123 سلام").map(\.0) == ["سلام", " 123 ", "سلام"])
    }

    @Test("An embedding splits runs at its edges")
    func explicitEmbedding() {
        let runs = Self.bidiRuns("abc \u{2067}def\u{2069} ghi")
        // The isolate's initiator and terminator are at the level outside it.
        #expect(runs.map(\.text) == ["abc \u{2067}", "def", "\u{2069} ghi"])
        #expect(runs.map(\.level) == [0, 2, 0])
    }

    @Test("Mirrored brackets do not change runs: Arabic with parentheses is one level, as without levels")
    func mirroredBrackets() {
        let text = "سلام (سلام) سلام."
        let runs = Self.bidiRuns(text)
        #expect(runs.map(\.text) == Self.runs(text).map(\.0))
        #expect(runs.map(\.font) == Self.runs(text).map(\.1))
        #expect(runs.allSatisfy { $0.level == 1 && $0.rtl })
    }
}
