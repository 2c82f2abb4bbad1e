import Testing
@testable import TextMeasure

/// `BidiLevels`: UAX #9 embedding levels through fribidi, with Pango 1.50's base direction,
/// paragraphs and shortcuts.
@Suite("Bidi embedding levels")
struct BidiLevelsTests {
    /// The level of each scalar of `text` (`nil`: the text has no levels, all 0).
    static func levels(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            guard let levels = BidiLevels(bytes) else { return nil }
            var out: [UInt8] = []
            var i = 0
            while i < bytes.count {
                out.append(levels[i])
                i += TextWalker.decode(bytes, at: i).length
            }
            return out
        }
    }

    static func levels(_ text: String, of part: String) -> [UInt8]? {
        guard let all = levels(text), let range = text.range(of: part) else { return nil }
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
        return Array(all[start..<(start + part.unicodeScalars.count)])
    }

    @Test("Text with nothing right to left has no levels (no fribidi call)")
    func leftToRightOnly() {
        #expect(Self.levels("Hello, “world” — 123 ½") == nil)
        #expect(Self.levels("吾輩は猫である。名前はまだ無い。") == nil)
        #expect(Self.levels("Ἐν ἀρχῇ ἦν ὁ λόγος, Привет") == nil)
        #expect(Self.levels("") == nil)
    }

    @Test("All right to left: every level 1")
    func rightToLeftOnly() {
        #expect(Self.levels("سلام عليكم.") == Array(repeating: 1, count: 11))
        #expect(Self.levels("שלום עולם") == Array(repeating: 1, count: 9))
    }

    @Test("Numbers inside Arabic: European and Arabic-Indic digits at level 2")
    func numbersInArabic() {
        #expect(Self.levels("سلام 123 عليكم") == [1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1])
        #expect(Self.levels("سلام ١٢٣ عليكم", of: "١٢٣") == [2, 2, 2])
        // A number in left-to-right text stays at 0.
        #expect(Self.levels("abc 123 سلام", of: "abc 123 ") == Array(repeating: 0, count: 8))
    }

    @Test("A right-to-left word in left-to-right text: the spaces around it at level 0")
    func arabicWordInLatin() {
        #expect(Self.levels("abc سلام def") == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0])
    }

    @Test("Base direction: the first strong character, even after numbers and punctuation")
    func baseDirection() {
        // Right-to-left paragraph: the Latin word is raised to 2, the space after it is at 1.
        #expect(Self.levels("123 سلام abc def.") == [2, 2, 2, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1])
    }

    @Test("Paragraphs: each its own base direction; a neutral one takes the previous one's")
    func paragraphs() {
        // LTR, then RTL, then neutral (RTL: the number is raised to 2).
        #expect(Self.levels("abc\nسلام\n12") == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2])
        // A neutral first paragraph takes the text's first strong direction (Pango's layout).
        #expect(Self.levels("12\u{2029}سلام") == [2, 2, 1, 1, 1, 1, 1])
        // CR LF is one delimiter at the paragraph's base level.
        #expect(Self.levels("سلام 1\r\nabc") == [1, 1, 1, 1, 1, 2, 1, 1, 0, 0, 0])
    }

    @Test("Explicit embeddings and isolates")
    func explicitEmbeddings() {
        // RLE … PDF and RLI … PDI raise Latin inside them to level 2.
        #expect(Self.levels("ab \u{202B}cd\u{202C} ef", of: "cd") == [2, 2])
        #expect(Self.levels("ab \u{2067}cd\u{2069} ef", of: "cd") == [2, 2])
        // RLO overrides letters to right to left.
        #expect(Self.levels("ab \u{202E}cd\u{202C} ef", of: "cd") == [1, 1])
        // LRE alone in left-to-right text: Pango's shortcut leaves every level at 0.
        #expect(Self.levels("ab \u{202A}cd\u{202C} ef") == nil)
        // An RLM makes a neutral paragraph right to left.
        #expect(Self.levels("\u{200F}12", of: "12") == [2, 2])
    }

    @Test("Brackets pair (N0): around a Latin word in Arabic, at the Arabic level")
    func brackets() {
        #expect(Self.levels("سلام (abc) سلام", of: "(abc)") == [1, 2, 2, 2, 1])
    }

    @Test("The scan's blocks hold every scalar whose type can raise a level")
    func scanCoversEveryType() {
        var missed: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF where !(0xD800...0xDFFF).contains(value) {
            if BidiLevels.raisesLevel(value), !BidiLevels.mayHaveLevel(value) { missed.append(value) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10).map { String($0, radix: 16) })")
        // The byte scan finds each of them after a CJK and an ASCII character.
        var unseen: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF where !(0xD800...0xDFFF).contains(value) && BidiLevels.raisesLevel(value) {
            var text = "漢a" + String(Character(Unicode.Scalar(value)!))
            if !text.withUTF8({ BidiLevels.mayHaveLevels($0) }) { unseen.append(value) }
        }
        #expect(unseen.isEmpty, "\(unseen.prefix(10).map { String($0, radix: 16) })")
        #expect(!BidiLevels.mayHaveLevels(UnsafeBufferPointer(start: nil, count: 0)))
        // At every offset from the scan's sixteen-byte blocks, after ASCII and after CJK.
        var missedAtOffset: [String] = []
        for prefix in ["", "a", "ab", "abc", "abcdefg", "abcdefghijklmno", "abcdefghijklmnop", "漢", "a漢", "ab漢", "漢漢a", "漢漢漢", "漢漢漢漢漢", "abcdefghijklmn漢"] {
            for value: UInt32 in [0x5D0, 0x627, 0x660, 0x85F, 0x200F, 0x2067, 0xFB1D, 0xFEFC, 0x10800, 0x1E900] {
                var text = prefix + String(Character(Unicode.Scalar(value)!)) + "漢字 text"
                if !text.withUTF8({ BidiLevels.mayHaveLevels($0) }) { missedAtOffset.append("\(prefix) U+\(String(value, radix: 16))") }
            }
        }
        #expect(missedAtOffset.isEmpty, "\(missedAtOffset.prefix(10))")
        #expect(BidiLevels.raisesLevel(0x627) && BidiLevels.raisesLevel(0x5D0) && BidiLevels.raisesLevel(0x2067))
        #expect(!BidiLevels.raisesLevel(0x61) && !BidiLevels.raisesLevel(0x202A))
    }

    @Test("The scan finds a right-to-left scalar at every offset of long texts, in its 32-byte steps and its tail, and nothing in Thai or CJK text")
    func scanAtEveryOffsetOfLongTexts() {
        var missed: [String] = []
        var falsePositives: [String] = []
        for filler in ["a", "ก", "漢"] {
            for count in 0..<40 {
                let prefix = String(repeating: filler, count: count)
                for suffix in ["", "b", String(repeating: "ข", count: 13)] {
                    var plain = prefix + "x" + suffix
                    if plain.withUTF8({ BidiLevels.mayHaveLevels($0) }) { falsePositives.append("\(filler)×\(count)") }
                    for value: UInt32 in [0x5D0, 0x627, 0x200F, 0x10800] {
                        var text = prefix + String(Character(Unicode.Scalar(value)!)) + suffix
                        if !text.withUTF8({ BidiLevels.mayHaveLevels($0) }) {
                            missed.append("\(filler)×\(count) U+\(String(value, radix: 16)) +\(suffix.utf8.count)")
                        }
                    }
                }
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        #expect(falsePositives.isEmpty, "\(falsePositives.prefix(10))")
    }

    @Test("The scan's candidates sixteen at a time are `isCandidate`'s for every pair of bytes (its quick test a superset), and hold every scalar of `mayHaveLevel`")
    func candidatesEveryPair() {
        var wrong: [String] = []
        for k in [0, 9, 15] {
            for lead in UInt8(0)...255 {
                for next in UInt8(0)...255 {
                    let lane = UTF8BlockTests.lane(k, lead: lead, next: next) { BidiLevels.candidates(in: $0) }
                    let leadLane = UTF8BlockTests.lane(k, lead: lead, next: next) { BidiLevels.candidateLeads(in: $0) }
                    if lane != BidiLevels.isCandidate(lead, next: next) || (lane && !leadLane) {
                        wrong.append("\(k) \(lead) \(next)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        var uncovered: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF where BidiLevels.mayHaveLevel(value) {
            let utf8 = Array(String(Unicode.Scalar(value)!).utf8)
            if !BidiLevels.isCandidate(utf8[0], next: utf8[1]) { uncovered.append(value) }
        }
        #expect(uncovered.isEmpty, "\(uncovered.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("The wider test of lead bytes (`leadOffsets`) holds every position of `candidates`, in either block, leaves out EF–FB before BC–BF (full-width forms) and marks E0 and E1 with offsets 10 and 11")
    func leadOffsetsEveryPair() {
        var wrong: [String] = []
        let ascii = [UInt8](repeating: 0x61, count: 17)
        for k in [0, 9, 15] {
            for lead in UInt8(0)...255 {
                for next in UInt8(0)...255 {
                    var bytes = ascii
                    bytes[k] = lead
                    bytes[k + 1] = next
                    let exact = UTF8BlockTests.lane(k, lead: lead, next: next) { BidiLevels.candidates(in: $0) }
                    let (asFirst, asSecond) = bytes.withUnsafeBufferPointer { changed in
                        ascii.withUnsafeBufferPointer { plain in
                            let block = UTF8Block(changed.baseAddress!)
                            let other = UTF8Block(plain.baseAddress!)
                            return (
                                BidiLevels.leadOffsets(in: block, other)[k], BidiLevels.leadOffsets(in: other, block)[k]
                            )
                        }
                    }
                    let fullWidth = (0xBC...0xBF).contains(next)
                    let expected: UInt8? =
                        (0xD6...0xE2).contains(lead) ? lead - 0xD6
                        : (0xEF...0xFB).contains(lead) && !fullWidth ? lead - 0xEF : nil
                    let wide = asFirst < 13
                    // After EF–FB, valid UTF-8 has a continuation byte (80–BF): other bytes may
                    // leave the lead out as well (the test reads bit 6 of the byte + 4).
                    let validAfterLead = !(0xEF...0xFB).contains(lead) || (0x80...0xBF).contains(next)
                    if asFirst != asSecond || (exact && !wide)
                        || (validAfterLead && (expected.map { $0 != asFirst } ?? wide))
                    {
                        wrong.append("\(k) \(lead) \(next)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("The scan finds a right-to-left scalar after it switches to the narrower test (a lead byte E0 or E1 met) at every offset, and nothing in text without one")
    func scanAfterSwitchingTests() {
        var missed: [String] = []
        var falsePositives: [String] = []
        // Japanese, then Devanagari, Thai or Vietnamese (E0/E1 lead bytes) at every offset, then
        // Japanese again, with a right-to-left scalar at every offset after it.
        for head in ["", "a", "漢", "漢字！…", "abcdefghijklmnopqrstuvwxyz漢"] {
            for switcher in ["क", "ก", "ế", "ខ"] {
                for gap in 0..<40 {
                    let prefix = head + String(repeating: "字", count: gap % 7) + switcher
                        + String(repeating: gap % 2 == 0 ? "漢" : "x", count: gap)
                    var plain = prefix + "字！（）…"
                    if plain.withUTF8({ BidiLevels.mayHaveLevels($0) }) { falsePositives.append("\(head) \(switcher) \(gap)") }
                    for value: UInt32 in [0x5D0, 0x627, 0x200F, 0x2067, 0xFB1D, 0xFEFC, 0x10800, 0x1E900] {
                        var text = prefix + String(Character(Unicode.Scalar(value)!)) + "字"
                        if !text.withUTF8({ BidiLevels.mayHaveLevels($0) }) {
                            missed.append("\(head) \(switcher) \(gap) U+\(String(value, radix: 16))")
                        }
                    }
                }
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        #expect(falsePositives.isEmpty, "\(falsePositives.prefix(10))")
    }

    /// `BidiLevels.paragraph(in:from:)` one byte at a time (`pango_find_paragraph_boundary`).
    static func referenceParagraph(_ bytes: [UInt8], from: Int) -> (end: Int, next: Int) {
        var i = from
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: return (i, i + 1)
            case 0x0D: return (i, i + 1 < bytes.count && bytes[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9: return (i, i + 3)
            default: i += 1
            }
        }
        return (bytes.count, bytes.count)
    }

    @Test("Paragraph ends after long runs of text (read sixty-four and sixteen bytes at a time, the last sixteen overlapping)")
    func paragraphEndsAfterASCII() {
        for prefix in 0..<20 {
            for delimiter in ["\n", "\r\n", "\r", "\u{2029}"] {
                var text = String(repeating: "a", count: prefix) + delimiter + "bcdefghijklmnop"
                let (end, next) = text.withUTF8 { BidiLevels.paragraph(in: $0, from: 0) }
                #expect(end == prefix && next == prefix + delimiter.utf8.count, "\(prefix) \(delimiter.debugDescription)")
            }
        }
        // A lead byte 0xE2 that does not start U+2029 ends nothing.
        var text = "abcdefgh—ijklmnop"
        let count = text.utf8.count
        #expect(text.withUTF8 { BidiLevels.paragraph(in: $0, from: 0) } == (count, count))
        // Every length of text before and after a delimiter (or none), bytes that look like one
        // (tab, an em dash, U+2028) before it, every start.
        var wrong: [String] = []
        for prefix in 0..<150 {
            for (k, delimiter) in ["\n", "\r\n", "\r", "\u{2029}", ""].enumerated() {
                let decoy = ["", "\t", "—", "\u{2028}", "\u{1}"][(prefix + k) % 5]
                let bytes = Array((String(repeating: "ب", count: prefix / 2) + decoy + String(repeating: "a", count: prefix % 2)
                    + delimiter + String(repeating: "x", count: (prefix * 7) % 23)).utf8)
                for from in [0, 1, 2, 17] where from <= bytes.count {
                    let got = bytes.withUnsafeBufferPointer { BidiLevels.paragraph(in: $0, from: from) }
                    if got != Self.referenceParagraph(bytes, from: from) { wrong.append("\(prefix) \(k) \(from)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("Many level runs: stored beyond the inline ones, every byte's level and run end the same as fribidi's")
    func manyLevelRuns() {
        var text = String(repeating: "سلام 12 abc ", count: 12)
        text.withUTF8 { bytes in
            guard let levels = BidiLevels(bytes), let fribidi = BidiLevels(bytes, handWritten: false) else {
                Issue.record("no levels")
                return
            }
            var i = 0
            var runs = 0
            while i < bytes.count {
                #expect(levels[i] == fribidi[i])
                let end = levels.runEnd(containing: i)
                #expect(end > i && end <= bytes.count)
                for j in i..<end { #expect(levels[j] == levels[i]) }
                if end < bytes.count { #expect(levels[end] != levels[i]) }
                #expect(levels.isUniform(from: i, to: end) && (end == bytes.count || !levels.isUniform(from: i, to: end + 1)))
                runs += 1
                i = end
            }
            #expect(runs > BidiLevels.inlineCapacity)
        }
    }
}
