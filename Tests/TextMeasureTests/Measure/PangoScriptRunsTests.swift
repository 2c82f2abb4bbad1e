import CHarfBuzz
import Foundation
import Testing
@testable import TextMeasure

/// Pango 1.50's script runs (`pango_script_iter_next`): common characters join their run, paired
/// punctuation closes in its opener's script, paragraphs start afresh.
@Suite("PangoScriptRuns: the script of the run at an offset")
struct PangoScriptRunsTests {
    /// The script of the run holding the scalar after each prefix of `text`, in order.
    static func scripts(_ text: String, at prefixes: [String]) -> [hb_script_t] {
        var text = text
        return text.withUTF8 { bytes in
            prefixes.map { PangoScriptRuns.script(at: $0.utf8.count, in: bytes) }
        }
    }

    @Test("Common characters take the run's script, or at a paragraph's start the first script after them")
    func common() {
        #expect(Self.scripts("1말 a", at: ["", "1", "1말", "1말 "]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL, HB_SCRIPT_LATIN])
        #expect(Self.scripts("말 1", at: ["말 "]) == [HB_SCRIPT_HANGUL])
        #expect(Self.scripts("123", at: [""]) == [HB_SCRIPT_COMMON])
    }

    @Test("A closing bracket takes its opener's script")
    func brackets() {
        // "<" opens in the Latin run: ">" is Latin, the Hangul between is a run of its own.
        #expect(Self.scripts("file=<파일>,", at: ["file=<", "file=<파일", "file=<파일>"])
            == [HB_SCRIPT_HANGUL, HB_SCRIPT_LATIN, HB_SCRIPT_LATIN])
        // At the text's start the opener takes the first script: all of "(말)" is Hangul.
        #expect(Self.scripts("(말) a", at: ["", "(말"]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL])
    }

    @Test("Each paragraph is itemized on its own")
    func paragraphs() {
        // Without the paragraph break, "(" would be Latin (after "a"), then ")" too.
        #expect(Self.scripts("a\n(말)", at: ["a\n", "a\n(말"]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL])
        #expect(Self.scripts("말\n123", at: ["말\n"]) == [HB_SCRIPT_COMMON])
    }

    /// The texts of every corpus row (Tests/TextMeasureTests/Fixtures/corpus/*.jsonl).
    static func corpusTexts() throws -> [String] {
        let folder = PangoOracle.repositoryRoot.appendingPathComponent("Tests/TextMeasureTests/Fixtures/corpus")
        var texts: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".jsonl") {
            let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            for line in lines {
                guard let text = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
                else { continue }
                texts.append(text)
            }
        }
        return texts
    }

    /// Generated nests of brackets and quotes (ASCII, guillemets, curly quotes, CJK brackets,
    /// closers without openers) around Latin, Thai, Devanagari, Hiragana, Katakana and Arabic
    /// letters, digits, spaces and paragraph breaks: fixed-seed, `count` texts of 1–24 scalars.
    static func generatedNests(count: Int) -> [String] {
        let alphabet: [String] = [
            "a", "b", "ก", "ข", "क", "ि", "あ", "カ", "ب", "1", " ", "'", "\"", "%", "(", ")", "[", "]", "{", "}",
            "<", ">", "«", "»", "“", "”", "‘", "’", "「", "」", "（", "）", "\n",
        ]
        var generator = SplitMix64(seed: 2_411)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...24, using: &generator)
            return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
    }

    @Test("Read near the offset, the script is the runs' wherever no paired character is near: every offset of every corpus row and of generated bracket and quote nests")
    func nearScriptIsTheRuns() throws {
        var near = 0
        var scanned = 0
        for text in try Self.corpusTexts() + Self.generatedNests(count: 3_000) {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    if let script = PangoScriptRuns.nearScript(at: i, in: bytes) {
                        #expect(script == PangoScriptRuns.scannedScript(at: i, in: bytes), "\(text) at byte \(i)")
                        near += 1
                    } else {
                        scanned += 1
                    }
                    i += TextWalker.decode(bytes, at: i).length
                }
            }
        }
        // Not vacuous: most offsets are read near, and the texts have closing paired characters.
        #expect(near > 100_000)
        #expect(scanned > 1_000)
    }

    @Test("The scripts of ASCII and the Arabic, Devanagari and Thai blocks read without HarfBuzz are HarfBuzz's")
    func scalarScriptFastPaths() {
        let unicode = hb_unicode_funcs_get_default()
        for value in UInt32(0)...0x0E7F
        where value < 0x80 || (0x0600...0x06FF).contains(value) || (0x0900...0x097F).contains(value) || value >= 0x0E00 {
            #expect(PangoScriptRuns.scalarScript(value, unicode: unicode) == hb_unicode_script(unicode, value), "U+\(String(value, radix: 16))")
        }
    }

    @Test("Whether a scalar of the emoji blocks or the tags has a script of its own is HarfBuzz's answer")
    func realScriptFastPaths() {
        let unicode = hb_unicode_funcs_get_default()
        for value in Array(UInt32(0x1_F000)..<0x1_FC00) + Array(UInt32(0xE_0000)..<0xE_0080) + [0x1_0000, 0x2_0000, 0x0915, 0x41] {
            #expect(PangoScriptRuns.hasRealScript(value) == PangoScriptRuns.isReal(hb_unicode_script(unicode, value)), "U+\(String(value, radix: 16))")
        }
    }

    @Test("forEachRun gives the runs of a paragraph in order, each of the script the scan reads at its bytes")
    func runsOfAParagraph() {
        var text = "--force-<รายการ>,<รายการ>,..."
        text.withUTF8 { bytes in
            var runs: [(Range<Int>, hb_script_t)] = []
            PangoScriptRuns.forEachRun(in: bytes, from: 0, to: bytes.count) { runs.append(($0, $1)) }
            #expect(runs.map(\.1) == [HB_SCRIPT_LATIN, HB_SCRIPT_THAI, HB_SCRIPT_LATIN, HB_SCRIPT_THAI, HB_SCRIPT_LATIN])
            #expect(runs.first?.0.lowerBound == 0 && runs.last?.0.upperBound == bytes.count)
            for (k, run) in runs.enumerated() {
                if k > 0 { #expect(run.0.lowerBound == runs[k - 1].0.upperBound) }
                #expect(PangoScriptRuns.scannedScript(at: run.0.lowerBound, in: bytes) == run.1)
            }
        }
    }

    /// Where `closingStartsRun(_:at:in:)` answers `true` in `text`: the scalar offsets.
    static func closingRunStarts(_ text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var offsets: [Int] = []
            var scalar = 0
            var i = 0
            while i < bytes.count {
                let (value, length) = TextWalker.decode(bytes, at: i)
                if PangoScriptRuns.closingStartsRun(value, at: i, in: bytes) { offsets.append(scalar) }
                i += length
                scalar += 1
            }
            return offsets
        }
    }

    @Test("A closing paired character starts a run where its opener's run is of another script than the run before it")
    func closingRunStarts() {
        #expect(Self.closingRunStarts("не «T»") == [5])
        #expect(Self.closingRunStarts("не «T T»,") == [7])
        #expect(Self.closingRunStarts("Hello «ТТ»") == [9])
        #expect(Self.closingRunStarts("не (F)").isEmpty)  // not for the ASCII brackets (README, Limits)
        #expect(Self.closingRunStarts("Hello «TT»").isEmpty)  // one Latin run
        #expect(Self.closingRunStarts("не «тест»").isEmpty)  // one Cyrillic run
        #expect(Self.closingRunStarts("не don’t").isEmpty)  // "’" closes nothing
        #expect(Self.closingRunStarts("не «T»\n«T»") == [5])  // the second paragraph is one Latin run
        #expect(Self.closingRunStarts("«T»").isEmpty)  // at a paragraph's start the brackets take the Latin script
    }

    @Test("closingStartsRun is true exactly where forEachRun starts a run at a closing paired character: generated nests of brackets and quotes")
    func closingRunStartsAgreeWithTheRuns() {
        let parts = ["не", "T", "漢", "ไทย", "«", "»", "(", ")", "“", "”", "「", "」", " ", ",", "\n", "’"]
        var generator = SplitMix64(seed: 0x5C21_9701)
        for _ in 0..<2_000 {
            var text = (0..<Int.random(in: 1...14, using: &generator)).map { _ in parts.randomElement(using: &generator)! }.joined()
            text.withUTF8 { bytes in
                var runStarts = Set<Int>()
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                    if end < bytes.count { end += 1 }  // the LF ends its paragraph's last run
                    PangoScriptRuns.forEachRun(in: bytes, from: start, to: end) { range, _ in
                        if range.lowerBound > start { runStarts.insert(range.lowerBound) }
                    }
                    start = end
                }
                var i = 0
                while i < bytes.count {
                    let (value, length) = TextWalker.decode(bytes, at: i)
                    let isClosing = [0xBB, 0x201D, 0x300D, 0x2019].contains(value)  // ")" is not asked about
                    #expect(PangoScriptRuns.closingStartsRun(value, at: i, in: bytes) == (isClosing && runStarts.contains(i)),
                            "\(String(decoding: bytes, as: UTF8.self).debugDescription) at byte \(i)")
                    i += length
                }
            }
        }
    }
}
