import Testing
@testable import TextMeasure

/// `BidiLevels.preScan(_:)`: besides `mayHaveLevels`, whether the text was seen to hold no lead
/// byte E0 or E1, which spares `DictionaryBreaks` its own scan.
@Suite("Bidi pre-scan: lead bytes E0 and E1")
struct BidiLevelsScanTests {
    /// Scalars of every kind the scan's tests tell apart: ASCII, CJK (E3–E9), full-width forms
    /// (EF BC–BF, offset 0 from EF), the E2 80 punctuation that is a candidate, Armenian and
    /// Hebrew points (D6: offset 0 from D6, no level), and the scripts with the lead bytes E0
    /// and E1 (Devanagari, Thai, Lao, Georgian, Khmer, Myanmar), with right-to-left ones rarely.
    static let alphabet: [String] = [
        "a", " ", "7", ".", "漢", "字", "か", "ー", "。", "、", "「", "」", "！", "（", "）", "：", "…", "—", "\u{2009}",
        "ա", "\u{05B0}", "é", "ж", "नि", "ก", "ກ", "ა", "ក", "မ", "ẞ", "😀",
    ]

    static func scan(_ text: String) -> (scan: BidiLevels.PreScan, hasLeadE0OrE1: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            (BidiLevels.preScan(bytes), bytes.contains { $0 == 0xE0 || $0 == 0xE1 })
        }
    }

    @Test("It says a text has no lead byte E0 or E1 only when it has none, and says so for text without levels")
    func leadBytes() {
        var generator = SystemRandomNumberGenerator()
        var seenFree = 0
        var seenWith = 0
        for round in 0..<20_000 {
            let length = Int.random(in: 0...(round % 4 == 0 ? 200 : 40), using: &generator)
            // Mostly CJK and Latin, the text the shortcut is for; a script with E0 or E1 in some.
            let pool = round % 3 == 0 ? Self.alphabet : Array(Self.alphabet.prefix(21))
            var text = (0..<length).map { _ in pool.randomElement(using: &generator)! }.joined()
            if round % 50 == 0 { text += "א" }  // a level
            let (scan, hasLead) = Self.scan(text)
            #expect(scan.mayHaveLevels == Self.mayHaveLevels(text), "\(text.debugDescription)")
            if scan.hasNoLeadE0OrE1 {
                #expect(!hasLead, "\(text.debugDescription)")
            }
            if !hasLead && !scan.mayHaveLevels {
                // The wider test goes through such a text: it tells.
                #expect(scan.hasNoLeadE0OrE1, "\(text.debugDescription)")
            }
            if hasLead { seenWith += 1 } else if scan.hasNoLeadE0OrE1 { seenFree += 1 }
        }
        #expect(seenFree > 5_000 && seenWith > 3_000)
    }

    @Test("A lead byte E0 or E1 at the same position as D6 in the other block of a pair is seen")
    func hiddenBehindD6() {
        // Blocks of 16 bytes, a pair 32. Armenian U+0580–U+058F is D6 80–8F, which raises no
        // level: D6 at byte 0 of the first block, and (gap 0) E0 at byte 0 of the second, where
        // the two blocks' merged offsets show only D6's; other gaps, other positions.
        let armenian = "ր"  // U+0580, D6 80
        #expect(Array(armenian.utf8) == [0xD6, 0x80])
        for gap in 0..<24 {
            let text = armenian + String(repeating: "a", count: 14) + String(repeating: "b", count: gap) + "ก" + String(repeating: "漢", count: 12)
            let (scan, hasLead) = Self.scan(text)
            #expect(hasLead && !scan.hasNoLeadE0OrE1, "gap \(gap)")
            #expect(!scan.mayHaveLevels, "gap \(gap)")
        }
    }

    /// Whether `text` has a scalar whose bidi type raises a level (the pre-scan's definition).
    static func mayHaveLevels(_ text: String) -> Bool {
        text.unicodeScalars.contains { BidiLevels.mayHaveLevel($0.value) && BidiLevels.raisesLevel($0.value) }
    }
}
