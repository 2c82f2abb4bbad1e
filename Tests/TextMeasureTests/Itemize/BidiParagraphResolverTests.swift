import CFriBidi
import Foundation
import Testing
@_spi(Fuzzing) @testable import TextMeasure

/// `BidiParagraphResolver`, the hand-written UAX #9 resolver: each rule on a small paragraph (the
/// levels expected, and fribidi's the same), then every row of every corpus against fribidi.
@Suite("Hand-written bidi resolver")
struct BidiParagraphResolverTests {
    /// The level of each scalar of the paragraph `text` with base `base` from the resolver
    /// (`nil`: not a paragraph it resolves), after checking that fribidi gives the same.
    static func levels(_ text: String, base: BidiLevels.Direction) -> [UInt8]? {
        let description = text.debugDescription
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            guard let hand = BidiLevels.paragraphLevels(bytes, base: base, handWritten: true) else { return nil }
            let fribidi = BidiLevels.paragraphLevels(bytes, base: base, handWritten: false)
            #expect(hand.levels == fribidi?.levels, "\(description)")
            #expect(hand.direction == fribidi?.direction, "\(description)")
            var out: [UInt8] = []
            var i = 0
            while i < bytes.count {
                out.append(hand.levels[i])
                i += TextWalker.decode(bytes, at: i).length
            }
            return out
        }
    }

    @Test("Classes: fribidi's types of sample characters")
    func classes() {
        let samples: [(UInt32, BidiClass)] = [
            (0x61, .l), (0x5D0, .r), (0x628, .al), (0x31, .en), (0x661, .an), (0x2B, .es), (0x25, .et),
            (0x2C, .cs), (0x301, .nsm), (0x200B, .bn), (0x20, .ws), (0x21, .on), (0x09, .s),
        ]
        for (value, expected) in samples {
            #expect(BidiClass(scalar: value) == expected, "U+\(String(value, radix: 16))")
        }
        // Left to fribidi: B inside a paragraph, embeddings, overrides, isolates.
        for value: UInt32 in [0x1C, 0x85, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            #expect(BidiClass(scalar: value) == nil, "U+\(String(value, radix: 16))")
        }
    }

    @Test("The class table below U+0700: fribidi's class of every scalar, and its bracket flag where fribidi has a bracket type")
    func classTable() {
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x700 {
            let code = BidiClass.belowU0700[Int(value)]
            let type = BidiClass(scalar: value)
            let isBracket = fribidi_get_bracket(value) != rowheight_fribidi_no_bracket()
            let expected = type.map { $0.rawValue | ($0 == .on && isBracket ? BidiClass.bracketFlag : 0) } ?? 0xFF
            if code != expected || (isBracket && type == .on) != (code != 0xFF && code & BidiClass.bracketFlag != 0) {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(BidiClass.belowU0700[0x28] == BidiClass.on.rawValue | BidiClass.bracketFlag)
        #expect(BidiClass.belowU0700[0x21] == BidiClass.on.rawValue)
    }

    @Test("W1: a non-spacing mark takes the type before it, sor at the start")
    func w1() {
        #expect(Self.levels("א\u{301}", base: .leftToRight) == [1, 1])
        // At the start of a right-to-left paragraph: R (level 1), the L after it at 2.
        #expect(Self.levels("\u{301}a", base: .rightToLeft) == [1, 2])
    }

    @Test("W2 and W4: European digits after an Arabic letter are Arabic numbers; a single ES joins only ENs")
    func w2w4() {
        #expect(Self.levels("ب 1+2", base: .leftToRight) == [1, 1, 2, 1, 2])
        #expect(Self.levels("א 1+2", base: .leftToRight) == [1, 1, 2, 2, 2])
        // A single CS between ENs joins them; two do not.
        #expect(Self.levels("א 1,2", base: .rightToLeft) == [1, 1, 2, 2, 2])
        #expect(Self.levels("א 1,,2", base: .rightToLeft) == [1, 1, 2, 1, 1, 2])
    }

    @Test("W5–W7: terminators next to ENs, separators to ON, ENs after L are L")
    func w5w7() {
        #expect(Self.levels("א 12%", base: .rightToLeft) == [1, 1, 2, 2, 2])
        #expect(Self.levels("א %!", base: .rightToLeft) == [1, 1, 1, 1])
        #expect(Self.levels("a 12", base: .rightToLeft) == [2, 2, 2, 2])
        #expect(Self.levels("a 12", base: .leftToRight) == [0, 0, 0, 0])
    }

    @Test("N0: bracket pairs take the embedding direction or the preceding strong one")
    func n0() {
        // N0c: L inside, R embedding, the strong before is L: the pair is L.
        #expect(Self.levels("a (b) א", base: .rightToLeft) == [2, 2, 2, 2, 2, 1, 1])
        // N0c with R before it: R.
        #expect(Self.levels("א (a) ב", base: .rightToLeft) == [1, 1, 1, 2, 1, 1, 1])
        // N0b: a strong of the embedding direction inside.
        #expect(Self.levels("a (א) b", base: .leftToRight) == [0, 0, 0, 1, 0, 0, 0])
        // Unpaired and mismatched brackets stay neutral.
        #expect(Self.levels("א (a] ב", base: .rightToLeft) == [1, 1, 1, 2, 1, 1, 1])
        // A mark after a bracket joins its run (fribidi's W1 merge).
        #expect(Self.levels("a (\u{301}b) א", base: .rightToLeft) == [2, 2, 2, 2, 2, 2, 1, 1])
    }

    @Test("N1–N2: neutrals between one direction take it, else the embedding direction")
    func n1n2() {
        #expect(Self.levels("א 12 ב", base: .leftToRight) == [1, 1, 2, 2, 1, 1])
        #expect(Self.levels("a ! א", base: .leftToRight) == [0, 0, 0, 0, 1])
        #expect(Self.levels("a ! א", base: .rightToLeft) == [2, 1, 1, 1, 1])
    }

    @Test("White space between runs of one strong class: at their level, before and after numbers")
    func spaceBetweenStrongRuns() {
        #expect(Self.levels("a b", base: .rightToLeft) == [2, 2, 2])
        #expect(Self.levels("ب ت 1", base: .leftToRight) == [1, 1, 1, 1, 2])
        #expect(Self.levels("1 ب ت 2", base: .leftToRight) == [0, 0, 1, 1, 1, 1, 2])
        #expect(Self.levels("ب \u{200B}ت", base: .leftToRight) == [1, 1, 1, 1])
        #expect(Self.levels("א ב\u{301} 1", base: .leftToRight) == [1, 1, 1, 1, 1, 2])
    }

    @Test("W1 in the scan: nonspacing marks after a strong letter join its run, as W1 merges them")
    func marksAfterStrongLetters() {
        #expect(Self.levels("بِ ت", base: .leftToRight) == [1, 1, 1, 1])
        // W7: the EN after the L (and its mark) is L, so the space between them too.
        #expect(Self.levels("a\u{301} 1", base: .rightToLeft) == [2, 2, 2, 2])
        #expect(Self.levels("بِ1", base: .leftToRight) == [1, 1, 2])
        #expect(Self.levels("ab\u{301}\u{302}c", base: .rightToLeft) == [2, 2, 2, 2, 2])
        #expect(Self.levels("(بِ)", base: .leftToRight) == [0, 1, 1, 0])
        // After white space a mark takes its class (W1), not the letter's before it.
        #expect(Self.levels("ب \u{301}a", base: .leftToRight) == [1, 0, 0, 0])
    }

    @Test("L1 and BN: segment separators and the white space before them, trailing BN, at the paragraph level")
    func l1() {
        #expect(Self.levels("א \tב", base: .leftToRight) == [1, 0, 0, 1])
        #expect(Self.levels("אב\u{200B}", base: .leftToRight) == [1, 1, 0])
        // A BN takes the level before it (the paragraph's at the start).
        #expect(Self.levels("א\u{200B}ב", base: .leftToRight) == [1, 1, 1])
        #expect(Self.levels("\u{200B}א", base: .leftToRight) == [0, 1])
        #expect(Self.levels("a\u{200B}1", base: .rightToLeft) == [2, 2, 2])
    }

    @Test("Weak base: the first letter's direction; none: level 0, a right-to-left direction as fribidi leaves it")
    func weakBase() {
        #expect(Self.levels("12 א", base: .weakLeftToRight) == [2, 2, 1, 1])
        #expect(Self.levels("١٢", base: .weakLeftToRight) == [2, 2])
        var text = "١٢"
        let direction = text.withUTF8 { BidiLevels.paragraphLevels($0, base: .weakLeftToRight, handWritten: true)?.direction }
        #expect(direction == .rightToLeft)
    }

    @Test("Explicit embeddings, isolates and B are left to fribidi")
    func leftToFriBidi() {
        for text in ["a\u{202B}b", "a\u{2067}b\u{2069}", "a\u{1C}b", "\u{202E}ab"] {
            #expect(Self.levels(text, base: .leftToRight) == nil, "\(text.debugDescription)")
            #expect(BidiDifferential.firstDifference(in: text + " ب 1") == nil)
        }
    }

    @Test("More runs than the stack holds: resolved on the heap, the same levels")
    func manyRuns() {
        let text = String(repeating: "ب 1 a (b) ", count: 40) + "\t\u{200B}"
        #expect(BidiDifferential.firstDifference(in: text) == nil)
        var copy = text
        #expect(copy.withUTF8 { BidiLevels($0) } != nil)
    }

    @Test("Neutrals between runs of one strong class join them (one run): random texts of strong letters and neutrals, fribidi's levels")
    func neutralsBetweenStrongRuns() {
        // L, R, AL; WS, ON, ES, ET, CS; then what ends such a stretch: numbers, marks, brackets,
        // BN, S.
        let strong: [Unicode.Scalar] = ["a", "Q", "\u{5D0}", "\u{200F}", "\u{628}", "\u{6CC}"]
        let neutral: [Unicode.Scalar] = [" ", " ", "!", "\"", "+", "-", "%", "#", ",", ".", ":", "/", "\u{60C}", "\u{A0}"]
        let other: [Unicode.Scalar] = ["1", "\u{661}", "\u{6F3}", "\u{301}", "\u{64E}", "(", ")", "[", "]", "\u{200B}", "\t"]
        var random = SplitMix64(seed: 0x0B1D_1)
        var differences: [String] = []
        for round in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(3 + round % 24) {
                let roll = Int.random(in: 0..<20, using: &random)
                let pool = roll < 9 ? strong : roll < 17 ? neutral : other
                scalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
            }
            let text = String(scalars)
            if let difference = BidiDifferential.firstDifference(in: text) {
                differences.append("\(text.debugDescription): \(difference)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) texts differ: \(differences.prefix(3))")
        // Joined: an Arabic comma and a space, quotes, a percent sign between Arabic words; a
        // hyphen and a slash between Latin ones in a right-to-left paragraph.
        #expect(Self.levels("ب، ت", base: .leftToRight) == [1, 1, 1, 1])
        #expect(Self.levels("ب \"ت\" ث", base: .leftToRight) == [1, 1, 1, 1, 1, 1, 1])
        #expect(Self.levels("a-b/c", base: .rightToLeft) == [2, 2, 2, 2, 2])
        // Not joined: a number, a bracket, a tab between them.
        #expect(Self.levels("ب 1 ت", base: .leftToRight) == [1, 1, 2, 1, 1])
        #expect(Self.levels("a (b", base: .rightToLeft) == [2, 2, 2, 2])
        #expect(Self.levels("ب\tت", base: .leftToRight) == [1, 0, 1])
    }

    @Test("Every row of every corpus: the hand-written levels are fribidi's")
    func corpora() throws {
        let directory = try #require(Bundle.module.url(forResource: "Fixtures/corpus", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count >= 20)
        var rows = 0
        var resolved = 0
        var differences: [String] = []
        for file in files.sorted() {
            for text in try PangoAccuracyTests.texts(String(file.dropLast(6))) {
                rows += 1
                if let difference = BidiDifferential.firstDifference(in: text) {
                    differences.append("\(file): \(text.debugDescription): \(difference)")
                }
                var copy = text
                if copy.withUTF8({ BidiLevels.mayHaveLevels($0) && BidiLevels.paragraphLevels($0, base: .rightToLeft, handWritten: true) != nil }) {
                    resolved += 1
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) rows differ: \(differences.prefix(3))")
        #expect(rows >= 40_000)
        // Rows of the Arabic, Persian, Hebrew and mixed corpora that are one paragraph the
        // resolver takes (2,860 at the time of writing) went through it.
        #expect(resolved >= 2_500, "\(resolved)")
    }
}
