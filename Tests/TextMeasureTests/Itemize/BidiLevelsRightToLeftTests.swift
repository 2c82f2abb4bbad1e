import Foundation
import Testing
@testable import TextMeasure

/// `BidiLevels.appendRightToLeftParagraph`, the one-pass levels of a right-to-left paragraph with
/// numbers: the same levels as fribidi (and as the full resolver) wherever it accepts a
/// paragraph — on small cases of each rule, every corpus row and Unicode's BidiCharacterTest.
/// (`BidiParagraphResolverTests` compares the whole texts' levels, this pass included, with
/// fribidi's.)
@Suite("Right-to-left paragraphs in one pass")
struct BidiLevelsRightToLeftTests {
    /// The one-pass levels of each scalar of the paragraph `bytes` (base right to left), or `nil`
    /// when it does not take the paragraph.
    static func onePass(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var levels = BidiLevels()
        guard levels.appendRightToLeftParagraph(bytes, from: 0, to: bytes.count) else { return nil }
        return scalarLevels(bytes) { levels[$0] }
    }

    /// fribidi's levels of each scalar of the paragraph `bytes` with a right-to-left base.
    static func fribidi(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let levels = BidiLevels.paragraphLevels(bytes, base: .rightToLeft, handWritten: false) else { return nil }
        return scalarLevels(bytes) { levels.levels[$0] }
    }

    /// `level` at the first byte of each scalar of `bytes`.
    static func scalarLevels(_ bytes: UnsafeBufferPointer<UInt8>, _ level: (Int) -> UInt8) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            out.append(level(i))
            i += TextWalker.decode(bytes, at: i).length
        }
        return out
    }

    /// The one-pass levels of `text` after checking them against fribidi's (`nil`: not taken).
    static func levels(_ text: String) -> [UInt8]? {
        var text = text
        let description = text.debugDescription
        return text.withUTF8 { bytes in
            let levels = onePass(bytes)
            if let levels { #expect(levels == fribidi(bytes), "\(description)") }
            return levels
        }
    }

    @Test("Letters, numbers and neutrals: R and neutrals at 1, numbers at 2")
    func rules() {
        #expect(Self.levels("שלום 123 עולם") == [1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1])
        // W2: ENs after AL are ANs, one level all the same; Arabic-Indic digits are AN.
        #expect(Self.levels("بيت ١٢ 34") == [1, 1, 1, 1, 2, 2, 1, 2, 2])
        // A number first (sor is R), brackets and punctuation around it.
        #expect(Self.levels("609346 (عالمية، مفاتيح)") == [2, 2, 2, 2, 2, 2, 1, 1] + [UInt8](repeating: 1, count: 15))
        // W4: a single CS between numbers of one type joins them; two do not; nor one before a
        // letter, or between an AN and an EN after R.
        #expect(Self.levels("א 1,2") == [1, 1, 2, 2, 2])
        #expect(Self.levels("א 1,,2") == [1, 1, 2, 1, 1, 2])
        #expect(Self.levels("א 1, ב") == [1, 1, 2, 1, 1, 1])
        #expect(Self.levels("ب 1.5") == [1, 1, 2, 2, 2])
        #expect(Self.levels("א ١,2") == [1, 1, 2, 1, 2])
        #expect(Self.levels("א ,1") == [1, 1, 1, 2])
        // W1: a mark after a number is a number, after a letter or at the start R.
        #expect(Self.levels("\u{301}א 1\u{301}") == [1, 1, 1, 2, 2])
        #expect(Self.levels("بَ 1") == [1, 1, 1, 2])
        // A tab (S) and trailing white space (L1) at the paragraph level.
        #expect(Self.levels("א\t1 ") == [1, 1, 2, 1])
        // Numbers and neutrals only (a right-to-left base from an earlier paragraph).
        #expect(Self.levels("12 / 3") == [2, 2, 1, 1, 1, 2])
    }

    @Test("Left to the resolver: L, ES, ET, BN, explicit codes, a mark after a joining CS")
    func declined() {
        for text in ["א a", "א 1+2", "א 12%", "א\u{200B}1", "א \u{202B}1", "א \u{2067}1", "א 1,\u{301}2", "א\u{1C}1"] {
            var copy = text
            #expect(copy.withUTF8 { Self.onePass($0) } == nil, "\(text.debugDescription)")
        }
        // A declined paragraph leaves the levels appended before it as they were.
        var text = "א 1 a"
        text.withUTF8 { bytes in
            var levels = BidiLevels()
            levels.append(end: 3, level: 1)
            let before = levels
            let taken = levels.appendRightToLeftParagraph(bytes, from: 0, to: bytes.count)
            #expect(!taken)
            #expect(levels == before)
        }
    }

    @Test("Every paragraph of every corpus row: where taken, fribidi's levels")
    func corpora() throws {
        let directory = try #require(Bundle.module.url(forResource: "Fixtures/corpus", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }
        var taken = 0
        var differences: [String] = []
        for file in files.sorted() {
            for text in try PangoAccuracyTests.texts(String(file.dropLast(6))) {
                var copy = text
                copy.withUTF8 { bytes in
                    var start = 0
                    while start < bytes.count {
                        let (end, next) = BidiLevels.paragraph(in: bytes, from: start)
                        let paragraph = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        if let levels = Self.onePass(paragraph) {
                            taken += 1
                            if levels != Self.fribidi(paragraph) { differences.append("\(file): \(text.debugDescription)") }
                        }
                        start = next
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(3))")
        // Most Arabic and Hebrew rows (3,000 at the time of writing).
        #expect(taken >= 2_000, "\(taken)")
    }

    @Test(
        "Unicode's BidiCharacterTest: where taken, the file's levels and fribidi's",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/BidiCharacterTest.txt")))
    func bidiCharacterTest() throws {
        let file = try String(contentsOfFile: "/usr/share/unicode/BidiCharacterTest.txt", encoding: .utf8)
        var lines = 0
        var taken = 0
        var differences: [String] = []
        for line in file.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 4, fields[2] == "1" else { continue }
            lines += 1
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            var text = String(String.UnicodeScalarView(scalars))
            let expected = fields[3].split(separator: " ").map { UInt8($0) }
            text.withUTF8 { bytes in
                guard let levels = Self.onePass(bytes) else { return }
                taken += 1
                // The file marks characters X9 removes ("x"); the paragraphs taken have none.
                if levels != expected.map({ $0 ?? 255 }) || levels != Self.fribidi(bytes) {
                    differences.append(String(line))
                }
            }
        }
        #expect(lines > 10_000)
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(3))")
        #expect(taken >= 1_000, "\(taken)")
    }
}
