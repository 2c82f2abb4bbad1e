import Testing
@testable import TextMeasure

/// `StyleTables` fills its entries block by block as texts need them (`EntryFilling`): the
/// entries a walk reads must be filled before it reads them, and equal to those of tables filled
/// all at once, and after `lazyEntryTexts` texts every entry is filled.
@Suite("StyleTables: entries filled as texts need them")
struct StyleTablesEntriesTests {
    /// Texts from many blocks: Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai, kana,
    /// kanji, Hangul, emoji, full-width forms, a combining mark, a ligature (DejaVu Sans's "fi").
    static let texts = [
        "x", "office fish", "Ελληνικά και Русский текст", "עברית שלום", "مرحبا بالعالم", "नमस्ते दुनिया",
        "ภาษาไทยง่ายนิดเดียว", "ひらがなとカタカナ、漢字。", "한국어 문장", "Hi 👋 ☺️ 1️⃣", "ＡＢＣ（全角）", "e\u{301}t\u{E9}",
    ]

    /// The blocks the tables have filled so far.
    static func filledBlocks(_ tables: StyleTables) -> Set<Int> {
        tables.entryFilling.withLock { filling in Set(filling.filled.indices.filter { filling.filled[$0] }) }
    }

    /// Whether the tables say every entry is filled.
    static func isComplete(_ tables: StyleTables) -> Bool {
        let complete = tables.entriesComplete.pointee.load(ordering: .acquiring)
        return complete
    }

    /// Whether entry `codePoint` of two tables is bit for bit the same.
    static func same(_ a: StyleTables, _ b: StyleTables, _ codePoint: Int) -> Bool {
        let x = a.entries[codePoint]
        let y = b.entries[codePoint]
        return x.advance.bitPattern == y.advance.bitPattern && x.glyph == y.glyph && x.font == y.font && x.flags == y.flags
    }

    /// Each piece of `text` walked over `tables`: its range, widths and fonts.
    static func pieces(_ text: String, tables: StyleTables) -> [[Double]] {
        var text = text
        var out: [[Double]] = []
        text.withUTF8 { bytes in
            for charMode in [false, true] {
                _ = TextWalker(tables: tables.view, bytes: bytes).forEachPiece(charMode: charMode) { piece in
                    out.append([Double(piece.start), Double(piece.end), piece.leadingKern, piece.content, piece.whitespace,
                                piece.lastSpace, Double(piece.fontMask)])
                    return true
                }
            }
        }
        return out
    }

    @Test("A new style fills block 0 only; a walk fills its text's blocks, as the full fill does", arguments: [LayoutProfile.uikit, .pango])
    func walksFillTheirBlocks(profile: LayoutProfile) throws {
        let chain = try FontChain.bundled()
        let lazy = StyleTables(chain: chain, size: 17, profile: profile)
        let full = StyleTables(chain: chain, size: 17, profile: profile)
        full.fillAllEntries()
        #expect(Self.filledBlocks(lazy) == [0])
        #expect(Self.filledBlocks(full).count == 256)
        for text in Self.texts {
            let walked = Self.pieces(text, tables: lazy)
            // Every BMP scalar's block is filled, and its entries are the full fill's.
            for scalar in text.unicodeScalars where scalar.value < 0x1_0000 {
                #expect(Self.filledBlocks(lazy).contains(Int(scalar.value) >> 8), "U+\(String(scalar.value, radix: 16)) in \(text)")
            }
            #expect(walked == Self.pieces(text, tables: full), "\(text)")
        }
        let filled = Self.filledBlocks(lazy)
        #expect(filled.count > 10 && filled.count < 40, "\(filled.sorted())")
        for block in filled {
            let first = block << 8
            let differing = (first..<(first + 256)).filter { !Self.same(lazy, full, $0) }
            #expect(differing.isEmpty, "block \(block): U+\(differing.prefix(3).map { String($0, radix: 16) })")
        }
        #expect(!Self.isComplete(lazy))
    }

    @Test("After lazyEntryTexts texts, every entry is filled and equals the full fill")
    func everyEntryAfterManyTexts() throws {
        let chain = try FontChain.bundled()
        let lazy = StyleTables(chain: chain, size: 13, profile: .uikit)
        let full = StyleTables(chain: chain, size: 13, profile: .uikit)
        full.fillAllEntries()
        for k in 0..<StyleTables.lazyEntryTexts {
            _ = Self.pieces("row \(k)", tables: lazy)  // 2 walks each
        }
        #expect(Self.isComplete(lazy))
        #expect(Self.filledBlocks(lazy).count == 256)
        let differing = (0..<0x1_0000).filter { !Self.same(lazy, full, $0) }
        #expect(differing.isEmpty, "U+\(differing.prefix(3).map { String($0, radix: 16) })")
    }

    @Test("Threads walking different texts over fresh tables measure what one thread does")
    func threads() async throws {
        let chain = try FontChain.bundled()
        let reference = StyleTables(chain: chain, size: 17, profile: .pango)
        reference.fillAllEntries()
        let variants = Self.texts + Self.texts.map { $0 + " " + $0 }
        let expected = variants.map { Self.pieces($0, tables: reference) }
        for _ in 0..<4 {
            let shared = StyleTables(chain: chain, size: 17, profile: .pango)
            let results = await withTaskGroup(of: (Int, [[Double]]).self) { group in
                for _ in 0..<3 {
                    for (k, text) in variants.enumerated() {
                        group.addTask { (k, Self.pieces(text, tables: shared)) }
                    }
                }
                var out: [(Int, [[Double]])] = []
                for await result in group { out.append(result) }
                return out
            }
            #expect(results.count == 3 * variants.count)
            #expect(Self.isComplete(shared))
            for (k, pieces) in results {
                #expect(pieces == expected[k], "\(variants[k])")
            }
        }
    }
}
