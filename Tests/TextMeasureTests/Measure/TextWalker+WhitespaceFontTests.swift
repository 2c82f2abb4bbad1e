import Foundation
import Testing
@testable import TextMeasure

/// `TextWalker`'s pieces where itemization decides the font of white space: embedding levels,
/// characters that choose no font, and the shaped-piece cache (Noto Sans → Noto Sans Arabic,
/// `.pango`: font 0 is Noto Sans, font 1 Noto Sans Arabic).
@Suite("TextWalker: fonts of white space around bidi runs")
struct TextWalkerWhitespaceFontTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    static func measurer() throws -> TextMeasurer {
        let chain = try FontChain([
            try Font(path: noto + "NotoSans-Regular.ttf"), try Font(path: noto + "NotoSansArabic-Regular.ttf"),
        ])
        return try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
    }

    /// Each word-mode piece of `text` with its font mask (bit 0: Noto Sans, bit 1: Noto Sans Arabic).
    static func pieces(_ text: String, measurer: TextMeasurer) -> [(String, UInt32)] {
        var text = text
        var out: [(String, UInt32)] = []
        text.withUTF8 { bytes in
            _ = TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: false) { piece in
                out.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end]), as: UTF8.self),
                            piece.fontMask))
                return true
            }
        }
        return out
    }

    @Test("Left-to-right text: the space after an Arabic word is at level 0, in the space's font")
    func spaceAfterArabicWordInLatin() throws {
        let pieces = Self.pieces("abc سلام def", measurer: try Self.measurer())
        #expect(pieces.map(\.0) == ["abc ", "سلام ", "def"])
        // Without levels it stayed in Noto Sans Arabic (mask 2).
        #expect(pieces.map(\.1) == [1, 3, 1])
    }

    @Test("Arabic text: the space after a number starts the Arabic run, in the Arabic font")
    func spaceAfterNumberInArabic() throws {
        let pieces = Self.pieces("سلام 123 سلام", measurer: try Self.measurer())
        #expect(pieces.map(\.0) == ["سلام ", "123 ", "سلام"])
        // Without levels the space stayed in the number's font (mask 1).
        #expect(pieces.map(\.1) == [2, 3, 2])
    }

    @Test("A bidi embedding after white space chooses no font: the space stays in the Arabic run")
    func embeddingAfterSpace() throws {
        // fa.jsonl row 563: Pango draws U+202A in Noto Sans Arabic, so the last line is as tall
        // as that font; the space before it did not move to Noto Sans.
        let pieces = Self.pieces("پروندهٔ \u{202A}.desktop\u{202C})", measurer: try Self.measurer())
        #expect(pieces.map(\.0) == ["پروندهٔ ", "\u{202A}.desktop\u{202C})"])
        #expect(pieces.map(\.1) == [2, 3])
    }

    @Test("Shaped pieces do not depend on the cache: the same bytes before another script's text")
    func cacheKeyKnowsTheScript() throws {
        let measurer = try Self.measurer()
        // "(" continues the Arabic script run: the space moves to its earlier font; "a" starts a
        // Latin run: the space stays. Both are font 0, which the cache key alone used to hold.
        let fresh = Self.pieces("سلام a", measurer: try Self.measurer())
        _ = Self.pieces("سلام (", measurer: measurer)
        let afterOther = Self.pieces("سلام a", measurer: measurer)
        #expect(fresh.map(\.1) == [2, 1])
        #expect(afterOther.map(\.1) == fresh.map(\.1))
    }

    @Test("A bidi mark that starts a run takes the font of the text after it, not the run before")
    func markStartingRun() throws {
        // fa.jsonl row 965: the LRM starts a level-2 run that Pango draws in Noto Sans.
        let pieces = Self.pieces("نشانی \u{200E}%s: %s", measurer: try Self.measurer())
        #expect(pieces.map(\.0) == ["نشانی ", "\u{200E}%s: ", "%s"])
        #expect(pieces.map(\.1) == [2, 1, 1])
    }

    @Test("An embedding alone in its level run is in the font of the space")
    func embeddingAloneInItsRun() throws {
        let chain = try FontChain([
            try Font(path: Self.noto + "NotoSans-Regular.ttf"), try Font(path: Self.noto + "NotoSansHebrew-Regular.ttf"),
        ])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        // As he.jsonl row 762: the RLE is at level 1, the Hebrew after it at 3 (the number keeps
        // fribidi from Pango's all-right-to-left shortcut) and the number at 4; Pango draws the
        // RLE in Noto Sans and the space after the number in Noto Sans Hebrew.
        let pieces = Self.pieces("\u{202B}הקצאת 5 חוצץ", measurer: measurer)
        #expect(pieces.map(\.0) == ["\u{202B}הקצאת ", "5 ", "חוצץ"])
        #expect(pieces.map(\.1) == [3, 3, 2])
        // Char mode: the RLE is a cluster of its own, in Noto Sans.
        var text = "\u{202B}הקצאת 5 חוצץ"
        var first: UInt32 = 0
        text.withUTF8 { bytes in
            _ = TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: true) { piece in
                first = piece.fontMask
                return false
            }
        }
        #expect(first == 1)
    }

    @Test("A word whose level changes inside does not kern across the change")
    func noKerningAcrossLevels() throws {
        let measurer = try Self.measurer()
        // mixed-ar.jsonl row 155: in Arabic text the period after the Latin word is at level 1,
        // a run of its own, so "r." does not kern (Pango then breaks the word at 24 pt, 200 pt).
        let alone = Self.pieces("GdkPixbufLoader.", measurer: measurer)
        var inArabic: [(String, Double)] = []
        var text = "كائن GdkPixbufLoader."
        text.withUTF8 { bytes in
            _ = TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: false) { piece in
                inArabic.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[piece.start..<piece.end]), as: UTF8.self),
                                 piece.leadingKern + piece.content))
                return true
            }
        }
        var plain = "GdkPixbufLoader."
        let aloneWidth = plain.withUTF8 { bytes in
            var width = 0.0
            _ = TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: false) { piece in
                width = piece.leadingKern + piece.content
                return true
            }
            return width
        }
        #expect(alone.count == 1)
        #expect(inArabic.last?.0 == "GdkPixbufLoader.")
        // Noto Sans kerns "r." by a negative amount: unkerned, the word is wider.
        #expect((inArabic.last?.1 ?? 0) > aloneWidth)
    }

    @Test("Grapheme clusters of a word whose level changes inside do not kern across the change")
    func clustersDoNotKernAcrossLevels() throws {
        let measurer = try Self.measurer()
        // The clusters an overlong word is broken into (mixed-ar.jsonl row 155 at 24 pt, 200 pt).
        func clusterWidths(_ text: String, word: Range<Int>) -> Double {
            var text = text
            return text.withUTF8 { bytes in
                var stepper = GlyphStepper()
                var total = 0.0
                TextWalker(tables: measurer.tables, bytes: bytes)
                    .forEachCluster(from: word.lowerBound, to: word.upperBound, stepper: &stepper) { cluster in
                        total += cluster.leadingKern + cluster.width
                    }
                return total
            }
        }
        let prefix = "كائن ".utf8.count
        let word = "GdkPixbufLoader.".utf8.count
        #expect(clusterWidths("كائن GdkPixbufLoader.", word: prefix..<(prefix + word))
                > clusterWidths("GdkPixbufLoader.", word: 0..<word))
    }
}
