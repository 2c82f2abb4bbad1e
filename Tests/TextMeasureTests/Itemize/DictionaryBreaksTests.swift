import Foundation
import LineBreak
import Testing
@testable import TextMeasure

@Suite("Dictionary breaks: Thai by libthai, as Pango")
struct DictionaryBreaksTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    static func measurer(profile: LayoutProfile = .pango, size: Double = 17) throws -> TextMeasurer {
        let chain = try FontChain([
            try Font(path: noto + "NotoSans-Regular.ttf"), try Font(path: noto + "NotoSansThai-Regular.ttf"),
        ])
        return try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: size, profile: profile))
    }

    /// The end of every piece of `bytes` (UAX #14 segments cut at the dictionary breaks) with the
    /// end of the segment it was cut from, in order.
    static func pieceEnds(_ bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer) -> [(end: Int, segmentEnd: Int)] {
        var dictionary = DictionaryBreaks(bytes: bytes, tables: measurer.tables)
        var ends: [(end: Int, segmentEnd: Int)] = []
        var segments = LineSegmentIterator(utf8: bytes)
        while let segment = segments.next() {
            var piece = dictionary.split(segment)
            while true {
                ends.append((piece.end, segment.end))
                guard let next = dictionary.takeCarry() else { break }
                piece = next
            }
        }
        return ends
    }

    /// The dictionary break offsets of `text` (UTF-8), by cutting every segment.
    static func cuts(_ text: String, measurer: TextMeasurer) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            pieceEnds(bytes, measurer: measurer).filter { $0.end != $0.segmentEnd }.map(\.end)
        }
    }

    @Test("Thai words are split where libthai finds them")
    func thaiWords() throws {
        let measurer = try Self.measurer()
        // "ภาษาไทย" (Thai language) "เป็น" (is) "ภาษา" (a language): 3 bytes a scalar.
        let text = "ภาษาไทยเป็นภาษา"
        let offsets = Self.cuts(text, measurer: measurer)
        #expect(offsets == [12, 21, 33])
    }

    @Test("a text without Thai has no dictionary breaks and allocates none")
    func noThai() throws {
        let measurer = try Self.measurer()
        for text in ["Hello world", "日本語", "ລາວ ພາສາລາວ", "ภ"] {
            var copy = text
            let active = copy.withUTF8 { DictionaryBreaks(bytes: $0, tables: measurer.tables).isActive }
            #expect(!active, "\(text)")
        }
        var ascii = "plain ASCII text"
        #expect(!ascii.withUTF8 { DictionaryBreaks.mayHoldThai($0) })
        var thai = "abc ไทย"
        #expect(thai.withUTF8 { DictionaryBreaks.mayHoldThai($0) })
    }

    @Test("the Lao, Khmer and Myanmar pre-scan finds them after any other text, and only them")
    func laoKhmerMyanmarPreScan() {
        // Scalars of every UTF-8 length before them (Thai and Devanagari share the lead bytes
        // E0 and E1 with Lao, Khmer and Myanmar), and a Lao letter at the very end.
        let held = ["ไทย ລາວ", "हिन्दी ខ្មែរ", "é😀ไทย မြန်", "a\u{E1F}ໃ", "ꯀ ລ", "ไทยไทยไทยລ"]
        let notHeld = ["", "plain", "ไทยไทย हिन्दी", "é😀 ᐁ ᴀ ḁ ⁂", "\u{E7F}\u{E3F}\u{10D0}\u{1800}"]
        for text in held {
            var copy = text
            #expect(copy.withUTF8 { DictionaryBreaks.mayHoldLaoKhmerMyanmar($0) }, "\(text)")
        }
        for text in notHeld {
            var copy = text
            #expect(!copy.withUTF8 { DictionaryBreaks.mayHoldLaoKhmerMyanmar($0) }, "\(text)")
        }
        // Thai after other scalars with the lead byte E0 (Devanagari), found in the same pass.
        for (text, thai, others) in [
            ("हिन्दी ไทย", true, false), ("हिन्दी", false, false), ("ລາວ हिन्दी ไทย", true, true), ("é😀 ไ", true, false),
        ] {
            var copy = text
            #expect(copy.withUTF8 { DictionaryBreaks.mayHoldThai($0) } == thai, "\(text)")
            let both = copy.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: true) }
            #expect(both.thai == thai && both.laoKhmerMyanmar == others, "\(text)")
            #expect(!copy.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: false) }.laoKhmerMyanmar)
        }
    }

    @Test("the Thai-only pre-scan (.pango) finds a Thai scalar at every offset of long Indic text")
    func thaiOnlyPreScanInLongText() {
        // Devanagari (lead byte E0 at every scalar) around one Thai letter, in texts of 3 to 243
        // bytes: the scalar at every position of the two-block steps and of the last pair.
        for before in 0..<40 {
            for after in [0, 1, 5, 11, 40] {
                var text = String(repeating: "क", count: before) + "ไ" + String(repeating: "क", count: after)
                let found = text.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: false) }
                #expect(found.thai && !found.laoKhmerMyanmar, "\(before) \(after)")
                var without = String(repeating: "क", count: before) + "ऄ" + String(repeating: "क", count: after)
                let none = without.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: false) }
                #expect(!none.thai && !none.laoKhmerMyanmar, "\(before) \(after)")
            }
        }
    }

    @Test("the pre-scan finds Thai (U+0E00–U+0E7F), Lao (U+0E80–U+0EFF), Khmer (U+1780–U+17FF) and Myanmar (U+1000–U+10BF) at every offset, and no other BMP scalar")
    func preScanEveryScalar() {
        // Prefixes of 0 to 17 bytes (ASCII and Devanagari, lead byte E0) put the scalar at every
        // position of an eight-byte window, in the text's last window and in texts shorter
        // than one.
        let prefixes = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "हि", "हिन्दी", "हिन्दीabcdefgh"]
        let suffixes = ["", "z", "हिन्दी"]
        for value in UInt32(0x80)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let thai = (0x0E00...0x0E7F).contains(value)
            let others = (0x0E80...0x0EFF).contains(value) || (0x1780...0x17FF).contains(value)
                || (0x1000...0x10BF).contains(value)
            for (k, prefix) in prefixes.enumerated() {
                var text = prefix + String(scalar) + suffixes[(Int(value) + k) % suffixes.count]
                let found = text.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: true) }
                let thaiOnly = text.withUTF8 { DictionaryBreaks.scripts(in: $0, laoKhmerMyanmar: false) }
                guard found.thai == thai, found.laoKhmerMyanmar == others, thaiOnly.thai == thai,
                      !thaiOnly.laoKhmerMyanmar
                else {
                    Issue.record("U+\(String(value, radix: 16)) after \(prefix.utf8.count) bytes: \(found), \(thaiOnly)")
                    return
                }
            }
        }
    }

    @Test("lines of Thai end at word boundaries, not inside words", arguments: [LayoutProfile.uikit, .pango])
    func linesEndAtWords(profile: LayoutProfile) throws {
        let measurer = try Self.measurer(profile: profile)
        let text = "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอนหรือวรรณยุกต์เช่นเดียวกับภาษาจีน"
        let words = Set(Self.cuts(text, measurer: measurer))
        #expect(words.count >= 8)
        let measurement = try measurer.measure(text, width: 120, includeLines: true)
        let lines = try #require(measurement.lines)
        #expect(lines.count >= 3)
        for line in lines.dropLast() {
            #expect(words.contains(line.utf8Range.upperBound), "line ends at \(line.utf8Range.upperBound)")
        }
        // Prepared text wraps at the same places.
        #expect(try measurer.prepare(text).measure(width: 120).lineCount == measurement.lineCount)
    }

    @Test("Lao, Khmer and Myanmar: ICU's dictionary breaks in .uikit, none in .pango (as Pango 1.50)")
    func laoKhmerMyanmar() throws {
        let uikit = try Self.measurer(profile: .uikit)
        let pango = try Self.measurer(profile: .pango)
        for text in ["ພາສາລາວເປັນພາສາທີ່ສວຍງາມຫຼາຍ", "ភាសាខ្មែរគឺជាភាសាផ្លូវការនៃប្រទេសកម្ពុជា", "မြန်မာဘာသာစကားသည်မြန်မာနိုင်ငံ၏ရုံးသုံးဘာသာစကားဖြစ်သည်"] {
            let cuts = Self.cuts(text, measurer: uikit)
            #expect(cuts.count >= 2, "\(text)")
            #expect(Self.cuts(text, measurer: pango).isEmpty, "\(text)")
            let bytes = Array(text.utf8)
            for cut in cuts {
                // Never before a combining or spacing mark: a break between whole clusters.
                let after = try #require(String(decoding: bytes[cut...], as: UTF8.self).unicodeScalars.first)
                #expect(![.nonspacingMark, .spacingMark].contains(after.properties.generalCategory), "\(text) at \(cut)")
            }
            #expect(try uikit.measure(text, width: 60).lineCount > 1)
        }
    }

    @Test("libthai's breaker is shared safely by concurrent measurements")
    func concurrent() async throws {
        let measurer = try Self.measurer()
        let texts = (0..<40).map { "ข้อความที่ \($0) ภาษาไทยเป็นภาษาที่มีวรรณยุกต์" }
        let expected = try texts.map { try measurer.measure($0, width: 90).lineCount }
        let results = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask { try texts.map { try measurer.measure($0, width: 90).lineCount } }
            }
            var all: [[Int]] = []
            for try await result in group { all.append(result) }
            return all
        }
        for result in results { #expect(result == expected) }
    }
}

@Suite("Dictionary breaks: libthai per Pango item")
struct DictionaryBreaksPerItemTests {
    /// Every break opportunity of `text` in `measurer`'s style (UAX #14 segments cut at the
    /// dictionary breaks), as scalar offsets, the text's end included (as the oracle prints them).
    static func scalarBreaks(_ text: String, measurer: TextMeasurer) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            let ends = DictionaryBreaksTests.pieceEnds(bytes, measurer: measurer).map(\.end)
            // UTF-8 offsets to scalar offsets.
            var scalarIndex: [Int: Int] = [:]
            var count = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] & 0xC0 != 0x80 {
                scalarIndex[i] = count
                count += 1
            }
            return ends.compactMap { scalarIndex[$0] }
        }
    }

    @Test("in .pango, libthai sees each Thai run of Pango's alone: no break between \",\" and \"<\" in \"<รายการ>,<รายการ>\"")
    func pairedPunctuation() throws {
        // th row 242: "<", ">" and "," are Latin runs around "รายการ" (a closing bracket takes the
        // script of its opening one), so libthai never sees ",<".
        let text = "--force-<รายการ>,<รายการ>,..."
        let secondBracket = text.unicodeScalars.count - "<รายการ>,...".unicodeScalars.count
        let pango = Self.scalarBreaks(text, measurer: try DictionaryBreaksTests.measurer(profile: .pango))
        #expect(!pango.contains(secondBracket), "\(pango)")
        // Thai inside brackets is still broken by libthai: "<ภาษา|ไทย|เป็น|ภาษา>".
        let words = Self.scalarBreaks("--force-<ภาษาไทยเป็นภาษา>", measurer: try DictionaryBreaksTests.measurer(profile: .pango))
        #expect(words.contains(9 + 4) && words.contains(9 + 7) && words.contains(9 + 11), "\(words)")
    }

    @Test("th row 242 and every Thai corpus row: the break opportunities of .pango are Pango's")
    func corpusBreaksArePango() throws {
        let fonts = [DictionaryBreaksTests.noto + "NotoSans-Regular.ttf", DictionaryBreaksTests.noto + "NotoSansThai-Regular.ttf"]
        let url = try #require(Bundle.module.url(forResource: "Fixtures/corpus/th", withExtension: "jsonl"))
        let texts = try PangoAccuracyTests.texts("th")
        let expected = try PangoOracle.lineBreaks(corpus: url, fonts: fonts)
        try #require(expected.count == texts.count)
        let measurer = try DictionaryBreaksTests.measurer(profile: .pango)
        var differing: [Int] = []
        for (row, text) in texts.enumerated() where Self.scalarBreaks(text, measurer: measurer) != expected[row] {
            differing.append(row + 1)
        }
        #expect(!differing.contains(242))
        #expect(differing.isEmpty, "rows \(differing.prefix(10))")
    }
}
