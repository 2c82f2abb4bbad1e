import Testing
@_spi(Fuzzing) @testable import TextMeasure

/// The scan's step over Arabic words sixteen bytes at a time (`BidiParagraphResolver.arabicLanes`,
/// `arabicStretch`): the bytes it passes against the classes of `BidiClass.belowU0700`, and the
/// levels of texts that take it against fribidi's.
@Suite("Hand-written bidi resolver: Arabic words sixteen bytes at a time")
struct BidiParagraphResolverArabicTests {
    /// `arabicLanes` of the block at `bytes[1...]` (the byte before it at `bytes[0]`); `bytes`
    /// holds at least 18 bytes.
    static func lanes(_ bytes: [UInt8]) -> (passable: [Bool], spaces: [Bool], marks: [Bool]) {
        bytes.withUnsafeBytes { raw in
            let block = BidiParagraphResolver.arabicLanes(
                prevs: raw.loadUnaligned(as: SIMD16<Int8>.self),
                leads: raw.loadUnaligned(fromByteOffset: 1, as: SIMD16<Int8>.self),
                nexts: raw.loadUnaligned(fromByteOffset: 2, as: SIMD16<Int8>.self))
            func bools(_ lanes: SIMD16<Int8>) -> [Bool] { (0..<16).map { lanes[$0] != 0 } }
            return (bools(block.passable), bools(block.spaces), bools(block.marks))
        }
    }

    @Test("A lead byte it passes starts an AL letter, or a nonspacing mark after no space; else only spaces and continuation bytes")
    func everyLeadByte() {
        var wrong: [String] = []
        for previous: UInt8 in [0xA8, 0x20, 0x61] {
            for lead in UInt8(0)...0xFF {
                for next in UInt8(0x80)...0xBF {
                    let bytes = [previous, lead, next] + [UInt8](repeating: 0x20, count: 16)
                    let lanes = Self.lanes(bytes)
                    let passable = lanes.passable[0]
                    let expected: Bool
                    let isMark: Bool
                    switch lead {
                    case 0x80...0xBF:
                        (expected, isMark) = (true, false)
                    case 0xC2...0xDF:
                        let value = Int(lead & 0x1F) << 6 | Int(next & 0x3F)
                        let type = value < 0x700 ? BidiClass(rawValue: BidiClass.belowU0700[value] & ~BidiClass.bracketFlag) : nil
                        isMark = type == .nsm && previous != 0x20
                        // Passed: an AL letter or such a mark; passing fewer is allowed.
                        expected = passable ? type == .al || isMark : false
                    default:
                        (expected, isMark) = (lead == 0x20, false)
                    }
                    if passable != expected || lanes.spaces[0] != (lead == 0x20)
                        || (lanes.marks[0] && !isMark)
                    {
                        wrong.append("\(previous) \(lead) \(next)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        // The common letters and marks are passed: ب ا ل ی ک and a fatha after a letter.
        for scalar: Unicode.Scalar in ["\u{628}", "\u{627}", "\u{644}", "\u{6CC}", "\u{6A9}", "\u{64E}"] {
            let bytes = [0xA8] + Array(String(scalar).utf8) + [UInt8](repeating: 0x20, count: 16)
            #expect(Self.lanes(bytes).passable[0], "\(scalar)")
        }
    }

    /// A random text of `count` characters drawn mostly from Arabic words, with the other
    /// classes the resolver meets in Arabic rows.
    static func randomText(count: Int, using random: inout SplitMix64) -> String {
        let letters: [Unicode.Scalar] = ["\u{628}", "\u{627}", "\u{644}", "\u{645}", "\u{6CC}", "\u{6A9}", "\u{641}", "\u{671}", "\u{6D3}", "\u{6D5}", "\u{63A}", "\u{620}", "\u{61B}"]
        let marks: [Unicode.Scalar] = ["\u{64B}", "\u{650}", "\u{652}", "\u{65F}", "\u{670}", "\u{6D6}", "\u{610}"]
        let others: [Unicode.Scalar] = [
            "a", "Z", "1", "9", "\u{661}", "\u{6F5}", "\u{660}", ".", ",", ":", "\u{60C}", "%", "+", "-", "(", ")", "[", "]",
            "!", "\"", "\t", "\u{200B}", "\u{200F}", "\u{5D0}", "\u{5E9}", "\u{600}", "\u{6DD}", "\u{6DE}", "\u{A0}",
            "\u{2029}", "\n", "\u{202B}", "\u{2067}", "\u{2069}",
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<62: scalars.append(letters[Int.random(in: 0..<letters.count, using: &random)])
            case 62..<78: scalars.append(" ")
            case 78..<84: scalars.append(marks[Int.random(in: 0..<marks.count, using: &random)])
            default: scalars.append(others[Int.random(in: 0..<others.count, using: &random)])
            }
        }
        return String(scalars)
    }

    @Test("Random texts of Arabic words, marks, spaces, numbers, Latin and punctuation: the hand-written levels are fribidi's")
    func randomTexts() {
        var random = SplitMix64(seed: 0x0A_2B1D)
        var differences: [String] = []
        for round in 0..<10_000 {
            let text = Self.randomText(count: 8 + round % 90, using: &random)
            if let difference = BidiDifferential.firstDifference(in: text) {
                differences.append("\(text.debugDescription): \(difference)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) texts differ: \(differences.prefix(3))")
    }

    @Test("Stretches that end on spaces, marks after spaces, and the paragraph's end: fribidi's levels")
    func edges() {
        let word = "\u{628}\u{627}\u{644}\u{645}\u{6CC}\u{6A9}\u{641}\u{644}"
        let texts = [
            word + " " + word + "   " + word + "  a",
            word + word + " \u{64E}" + word + word,
            word + word + word + "  ",
            // Spaces ending a block of sixteen bytes, then a mark after them at the end.
            "\u{628} \u{627}\u{645}\u{627}\u{6A9}\u{628} \u{6D5}   \u{64B}",
            word + word + word + " \t" + word,
            word + " " + word + " " + word + " 12",
            word + word + "\u{64E}\u{650} " + word + word + "\u{200B} " + word,
            "a " + word + word + word + " (" + word + ")",
            word + word + "\n" + word + word + " b",
            String(repeating: word + " ", count: 20) + "x",
        ]
        for text in texts {
            #expect(BidiDifferential.firstDifference(in: text) == nil, "\(text.debugDescription)")
        }
    }
}
