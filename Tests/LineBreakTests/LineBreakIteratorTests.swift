import Testing
@testable import LineBreak

@Suite("LineBreakIterator")
struct LineBreakIteratorTests {
    /// Break offsets (UTF-8) of a string.
    func offsets(_ text: String) -> [Int] { text.lineBreakOpportunities.map(\.offset) }

    @Test("Random text: the optimised iterator agrees with the rule-by-rule reference")
    func randomTextMatchesReference() {
        var generator = SplitMix64(seed: 0x5EED_14)
        var mismatches = 0
        let count = 30_000
        for _ in 0..<count {
            let length = Int.random(in: 1...14, using: &generator)
            let scalars = ScalarSamples.randomScalars(length: length, using: &generator)
            let expected = ReferenceLineBreaker.breaks(scalars)
            let actual = scalars.string.lineBreakScalarOffsets
            if actual.map(\.offset) != expected.map(\.offset) || actual.map(\.isMandatory) != expected.map(\.isMandatory) {
                mismatches += 1
                if mismatches <= 10 {
                    let hex = scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                    let classes = scalars.map { "\(LineBreakClass(resolving: $0))" }.joined(separator: " ")
                    Issue.record("[\(hex)] (\(classes)): expected \(expected), got \(actual)")
                }
            }
        }
        #expect(mismatches == 0, "\(mismatches) of \(count) random strings disagree with the reference")
    }

    @Test("Long prose-like text (letter runs longer than eight bytes, near the end of the buffer) matches the reference")
    func longTextMatchesReference() {
        var generator = SplitMix64(seed: 2024)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@_#~`^|\\  ,.;:!?'\"()[]{}-–—/%$€0123456789\n\t\r\u{A0}é日本、。「」😀🇯🇵\u{301}\u{200D}".unicodeScalars)
        for _ in 0..<400 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...120, using: &generator) {
                // Mostly letters, in runs, so that the eight-byte letter skipping is exercised.
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    scalars.append(alphabet.randomElement(using: &generator)!)
                } else {
                    for _ in 0..<Int.random(in: 1...13, using: &generator) {
                        scalars.append(alphabet[Int.random(in: 0..<52, using: &generator)])
                    }
                }
            }
            let expected = ReferenceLineBreaker.breaks(scalars)
            let actual = scalars.string.lineBreakScalarOffsets
            #expect(actual.map(\.offset) == expected.map(\.offset), "\(scalars.string.debugDescription)")
            #expect(actual.map(\.isMandatory) == expected.map(\.isMandatory))
        }
    }

    @Test("Every two- and three-byte scalar after letters: the letter-run skipping agrees with the reference")
    func letterRunsBeyondASCIIMatchReference() {
        // Each scalar in a run after two letters (where `skipLetterRun` reads it), twice, before
        // a letter, a space and the end of the text; alone at the end of the text; after
        // Arabic letters and a space (where a letter of two or three bytes is read with the
        // space), before a letter and at the end; and as a word's second scalar after a space
        // (read in `spaceLetterRow`).
        var mismatches = 0
        let letters: [Unicode.Scalar] = ["a", "b"]
        let arabic: [Unicode.Scalar] = ["\u{627}", "\u{644}", "\u{644}", " "]
        for value in UInt32(0x80)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for scalars in [
                letters + [scalar, scalar, "c", " ", "d"], letters + [scalar], letters + [scalar, " "],
                arabic + [scalar, "\u{644}"], arabic + [scalar], letters + arabic + [scalar, scalar, " "],
                arabic + ["\u{644}", scalar, scalar, " "], letters + [" ", "c", scalar, scalar, "d"],
            ] {
                let expected = ReferenceLineBreaker.breaks(scalars)
                let actual = scalars.string.lineBreakScalarOffsets
                if actual.map(\.offset) != expected.map(\.offset) || actual.map(\.isMandatory) != expected.map(\.isMandatory) {
                    mismatches += 1
                    if mismatches <= 10 { Issue.record("U+\(String(value, radix: 16)): expected \(expected), got \(actual)") }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("Random runs of Arabic, Hebrew, Devanagari, Thai, Cyrillic letters and marks with other scalars match the reference")
    func randomLetterRunsBeyondASCIIMatchReference() {
        var generator = SplitMix64(seed: 0x0A_0600)
        let runScalars: [UInt32] = [
            0x627, 0x644, 0x645, 0x64E, 0x651, 0x670, 0x6CC, 0x660, 0x60C, 0x61F, 0x640, 0x5D0, 0x5BC, 0x5BE, 0x915,
            0x93F, 0x94D, 0x964, 0x966, 0xE01, 0xE31, 0xE47, 0x430, 0x301, 0xE9, 0xA0, 0x200D, 0x200B, 0x2019, 0x3001,
        ]
        let others = Array("ab1 .,()-%\n\t\u{A0}日😀".unicodeScalars)
        for _ in 0..<3_000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    scalars.append(others.randomElement(using: &generator)!)
                } else {
                    scalars.append(Unicode.Scalar(runScalars.randomElement(using: &generator)!)!)
                }
            }
            let expected = ReferenceLineBreaker.breaks(scalars)
            let actual = scalars.string.lineBreakScalarOffsets
            #expect(actual.map(\.offset) == expected.map(\.offset), "\(scalars.string.debugDescription)")
            #expect(actual.map(\.isMandatory) == expected.map(\.isMandatory))
        }
    }

    @Test("Eight-byte letter counting agrees with a byte-by-byte count")
    func letterCounting() {
        var generator = SplitMix64(seed: 99)
        let interesting: [UInt8] = [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x20, 0x30, 0x7F, 0x80, 0xC1, 0xE1, 0xFA, 0xFF, 0x00, 0x2E]
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in
                Bool.random(using: &generator) ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let expected = bytes.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }.count
            #expect(LineBreakIterator.leadingASCIILetters(word) == expected, "\(bytes)")
        }
    }

    @Test("Invalid UTF-8 never reads out of bounds and still yields increasing breaks ending at the end")
    func invalidUTF8() {
        var generator = SplitMix64(seed: 5)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...24, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.withUnsafeBufferPointer { buffer in
                let offsets = Array(LineBreakIterator(utf8: buffer)).map(\.offset)
                #expect(offsets.last == count)
                #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
                #expect(offsets.allSatisfy { $0 > 0 && $0 <= count })
            }
        }
    }

    @Test("The reference implementation itself passes LineBreakTest.txt")
    func referencePassesConformance() throws {
        let cases = try LineBreakTestCase.load()
        var failures = 0
        for testCase in cases where ReferenceLineBreaker.breaks(testCase.scalars).map(\.offset) != testCase.expectedOffsets {
            failures += 1
            if failures <= 5 { Issue.record("reference fails \(testCase)") }
        }
        #expect(failures == 0)
    }

    @Test("Offsets are UTF-8 byte offsets")
    func utf8Offsets() {
        // "日本語" is 9 bytes; ideographs break between each other (LB31), and after the space.
        #expect(offsets("日本語 text") == [3, 6, 10, 14])
        // A 4-byte emoji then a letter: ID ÷ AL.
        #expect(offsets("😀a") == [4, 5])
        // é as e + combining acute (LB9) stays with its base: one word.
        #expect(offsets("cafe\u{301} au lait") == [7, 10, 14])
    }

    @Test("Iterator, String conveniences and segments agree")
    func conveniencesAgree() {
        for text in ["Hello, world! How are you?", "「こんにちは」と言った。", "a\r\nb\n\nc", "x", "$(12.50) — ok"] {
            var copy = text
            let direct = copy.withUTF8 { Array(LineBreakIterator(utf8: $0)) }
            #expect(direct == text.lineBreakOpportunities)
            let ends = text.withLineSegments { segments in
                var ends: [Int] = []
                while let segment = segments.next() { ends.append(segment.end) }
                return ends
            }
            #expect(ends == direct.map(\.offset))
            // Scalar offsets count scalars.
            let scalarOffsets = text.lineBreakScalarOffsets.map(\.offset)
            let utf8ToScalars: (Int) -> Int = { byteOffset in
                let index = text.utf8.index(text.utf8.startIndex, offsetBy: byteOffset)
                return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
            }
            #expect(scalarOffsets == direct.map { utf8ToScalars($0.offset) })
        }
    }

    @Test("Mandatory breaks: BK, CR, LF, NL; CR LF once; a text ending in a newline")
    func mandatory() {
        let text = "a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g\u{0B}h\u{0C}i\n"
        let result = text.lineBreakOpportunities
        #expect(result.allSatisfy { $0.isMandatory })
        let bytes = Array(text.utf8)
        // Each break comes right after the hard break character (the LF of CR LF).
        #expect(result.map(\.offset) == [2, 5, 7, 10, 14, 18, 20, 22, 24])
        #expect(result.last?.offset == bytes.count)
        // A text that does not end in a hard break ends with a break that is not mandatory.
        #expect("ab".lineBreakOpportunities == [LineBreakOpportunity(offset: 2, isMandatory: false)])
        // Blank lines: every LF is its own mandatory break.
        #expect("\n\n".lineBreakOpportunities == [
            LineBreakOpportunity(offset: 1, isMandatory: true), LineBreakOpportunity(offset: 2, isMandatory: true),
        ])
        // CR LF is one break; LF CR is two.
        #expect(offsets("\r\n") == [2])
        #expect(offsets("\n\r") == [1, 2])
    }

    @Test("Edge cases: empty text, lone marks, unassigned, private use, controls, noncharacters")
    func edgeCases() {
        #expect("".lineBreakOpportunities.isEmpty)
        var empty = ""
        #expect(empty.withUTF8 { Array(LineBreakIterator(utf8: $0)) }.isEmpty)
        // A lone combining mark is AL (LB10): one unit, broken only at the end.
        #expect(offsets("\u{301}") == [2])
        #expect(offsets("\u{301}\u{301}") == [4])
        // A lone ZWJ, and ZWJ between ideographs (LB8a: no break after ZWJ).
        #expect(offsets("\u{200D}") == [3])
        #expect(offsets("中\u{200D}文") == [9])
        // Unassigned (XX → AL) and private use (XX → AL) behave like letters (LB28).
        #expect(offsets("\u{378}\u{379}") == [4])
        #expect(offsets("\u{E000}\u{F8FF} \u{10FFFD}") == [7, 11])
        #expect(offsets("\u{10FFFF}a") == [5])
        // Noncharacters (XX → AL).
        #expect(offsets("\u{FFFF}\u{FFFE}") == [6])
        // Controls: most are CM (attach to what precedes, LB9); NUL too.
        #expect(offsets("a\u{1}b") == [3])
        #expect(offsets("\u{0}") == [1])
        #expect(offsets("a \u{1}b") == [2, 4])  // after a space the control is AL (LB10)
        // Zero width space: a break after it (LB8), none before (LB7).
        #expect(offsets("a\u{200B}b") == [4, 5])
        #expect(offsets("a\u{200B}  b") == [6, 7])
        // Word joiner forbids both sides.
        #expect(offsets("a\u{2060} b") == [5, 6])
        // No break before a space run, one after it; trailing spaces stay in the last segment.
        #expect(offsets("a   b  ") == [4, 7])
    }

    @Test("East Asian width decides LB30; LB30a pairs regional indicators; LB30b emoji modifiers")
    func lb30() {
        #expect(offsets("a(b") == [3])  // AL × OP
        #expect(offsets("a（b") == [1, 5])  // fullwidth OP: LB30 does not apply (÷ before it); LB14 after
        #expect(offsets("(a)b") == [4])  // CP × AL
        #expect(offsets("（a）b") == [7, 8])
        let flags = "🇯🇵🇺🇸🇫"  // three and a half flags
        #expect(offsets(flags) == [8, 16, 20])
        #expect(offsets("👍🏽👍") == [8, 12])  // EB × EM, then ID ÷ EB
        #expect(offsets("\u{1F02C}\u{1F3FB}") == [8])  // unassigned Extended_Pictographic × EM
        #expect(offsets("\u{1F600}\u{1F3FB}") == [4, 8])  // an assigned ID emoji ÷ EM
    }

    @Test("Japanese punctuation: no break before 、。」 or small kana, none after 「")
    func japanese() {
        let text = "「今日は、いい天気ですね。」"
        let characters = Array(text.unicodeScalars)
        let breaksAt = Set(text.lineBreakScalarOffsets.map(\.offset))
        for (i, scalar) in characters.enumerated() where i > 0 {
            let forbidden = ["、", "。", "」"].contains(String(scalar)) || characters[i - 1] == "「"
            if forbidden { #expect(!breaksAt.contains(i), "break before \(scalar) at \(i)") }
        }
        #expect(!breaksAt.isEmpty)
        // ょ and っ are CJ, resolved to NS: no break before them (LB21).
        #expect("ちょっと".lineBreakScalarOffsets.map(\.offset) == [3, 4])
    }

    @Test("Numbers: the LB25 tailoring keeps prices, percentages and signed numbers whole")
    func numbers() {
        #expect(offsets("$(12.50)") == [8])
        #expect(offsets("-3.5%") == [5])
        #expect(offsets("1,000,000 items") == [10, 15])
        #expect(offsets("(12)%") == [5])
        #expect(offsets("a-b") == [2, 3])  // AL HY ÷ AL
    }
}
