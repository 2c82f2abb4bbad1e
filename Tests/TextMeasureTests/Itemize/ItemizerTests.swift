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
}
