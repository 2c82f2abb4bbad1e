import Testing
@testable import LineBreak

@Suite("LineBreakTailoring")
struct LineBreakTailoringTests {
    /// The break offsets of `text` (UTF-8) with `tailoring`.
    func breaks(_ text: String, _ tailoring: LineBreakTailoring) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            Array(LineBreakIterator(utf8: bytes, tailoring: tailoring)).map(\.offset)
        }
    }

    @Test("the default breaks between Hangul syllables; keepHangulWords only at spaces")
    func hangul() {
        let text = "한국어 텍스트"  // each syllable is 3 bytes
        #expect(breaks(text, []) == [3, 6, 10, 13, 16, 19])
        #expect(breaks(text, .keepHangulWords) == [10, 19])
    }

    @Test("keepHangulWords keeps conjoining jamo, digits and Latin letters inside a Korean word")
    func jamoDigitsLetters() {
        // L V T jamo (U+1100 U+1161 U+11A8), then a syllable; 3개; Hangul then Latin letters.
        #expect(breaks("\u{1100}\u{1161}\u{11A8}한 3개 한글abc", .keepHangulWords) == [13, 18, 27])
    }

    @Test("keepHangulWords changes nothing outside Korean")
    func otherScripts() {
        for text in ["Hello, world! (test)", "日本語の文です。", "a-b c\nd"] {
            #expect(breaks(text, .keepHangulWords) == breaks(text, []))
        }
    }

    @Test("after Hangul, an ideograph may still start a line (AL ÷ ID)")
    func hangulThenIdeograph() {
        #expect(breaks("한글漢字", .keepHangulWords) == [6, 9, 12])
    }
}
