import Testing
@testable import TextMeasure

/// `IdeographicPieces`: its common pieces (`next()`, no stepper, no kerning) and its general
/// ones (`nextSegment(stepper:)`) are the same pieces, the stepper catching up to the same
/// state; and the walker's ideographic fast path matches the general path with a CJK font that
/// kerns, where every piece takes `nextSegment`.
@Suite("IdeographicPieces")
struct IdeographicPiecesTests {
    /// Runs of kanji and kana, with closing punctuation (a piece of two scalars) and a
    /// run ending before a scalar that is neither.
    static let runs = [
        "漢字仮名交じり文、漢字。かなカナ！漢字「終",
        "東京タワーは、とても高い。ちょっと待ってください…終わり",
        String(repeating: "漢字仮名交じり文", count: 6) + "。",
    ]

    /// The pieces of the run after the first scalar of `text` and the stepper after them:
    /// `next()` first where `useNext` (then `nextSegment` when it gives none), else
    /// `nextSegment` alone.
    static func pieces(
        _ text: String, measurer: TextMeasurer, useNext: Bool
    ) -> (pieces: [LayoutPiece], scalar: UInt32, font: Int) {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            measurer.tables.fillEntries(coveringScalarsOf: bytes)
            var pieces = IdeographicPieces(text: bytes, base: bytes.baseAddress!, start: 0, tables: measurer.tables)
            var stepper = GlyphStepper()
            var result: [LayoutPiece] = []
            while let piece = (useNext ? pieces.next() : nil) ?? pieces.nextSegment(stepper: &stepper) {
                result.append(piece)
            }
            pieces.catchUp(&stepper)
            return (result, stepper.currentScalar, stepper.currentFont)
        }
    }

    /// The fields of a piece, for comparing.
    static func fields(_ piece: LayoutPiece) -> [String] {
        [
            "\(piece.start)", "\(piece.contentEnd)", "\(piece.end)", "\(piece.leadingKern.bitPattern)",
            "\(piece.content.bitPattern)", "\(piece.whitespace.bitPattern)", "\(piece.fontMask)",
            "\(piece.isMandatoryBreak)", "\(piece.isBreakable)",
        ]
    }

    @Test("next() gives the pieces nextSegment gives, and the stepper catches up to the same state")
    func nextMatchesNextSegment() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        var closed = 0
        for text in Self.runs {
            let common = Self.pieces(text, measurer: measurer, useNext: true)
            let general = Self.pieces(text, measurer: measurer, useNext: false)
            #expect(common.pieces.count >= 10, "\(text)")
            closed += common.pieces.filter(\.isBreakable).count
            #expect(common.pieces.map(Self.fields) == general.pieces.map(Self.fields), "\(text)")
            #expect(common.scalar == general.scalar && common.font == general.font, "\(text)")
            // The run stops before the scalar that neither continues nor closes it.
            let last = try #require(common.pieces.last)
            #expect(Array(text.utf8)[last.end...].count >= 3)
        }
        #expect(closed >= 3, "pieces of an ideograph with its closing scalar (、ー…)")
    }

    @Test("Entries the fast path takes have positive advances: the common pieces are plain", arguments: LayoutProfile.allCases)
    func commonPiecesArePlain(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(profile: profile))
        measurer.tables.withTables { $0.fillAllEntries() }
        var taken = 0
        for value in 0..<0x1_0000 {
            let entry = measurer.tables.entries[value]
            guard entry.isIdeographic || entry.closesIdeograph else { continue }
            #expect(entry.advance > 0, "U+\(String(value, radix: 16))")
            taken += 1
        }
        #expect(profile == .pango || taken > 1000)
        // A common piece measured as `LayoutPiece` is plain.
        var utf8 = Array("漢字、漢".utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            var pieces = IdeographicPieces(text: bytes, base: bytes.baseAddress!, start: 0, tables: measurer.tables)
            while let piece = pieces.next() {
                #expect(piece.isPlain(pango: profile == .pango) && !piece.isTab && !piece.isMandatoryBreak)
            }
        }
    }

    @Test("bit(font:) is StyleTables.maskBit(font:) for the fonts 0–31 of a style of at most 32 fonts, and not past them")
    func bitIsMaskBitUpTo32Fonts() throws {
        for font in UInt8(0)...31 {
            #expect(IdeographicPieces.bit(font: font) == StyleTables.maskBit(font: Int(font)), "\(font)")
        }
        // Past 32 fonts the shift wraps: `kerningFonts` then has every bit, and `next()` gives
        // no piece (the pieces take `nextSegment`, which uses `maskBit`).
        #expect(IdeographicPieces.bit(font: 32) != StyleTables.maskBit(font: 32))
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        #expect(measurer.tables.fontCount <= 32)
        var utf8 = Array("漢字".utf8)
        let kerning = utf8.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            measurer.tables.fillEntries(coveringScalarsOf: bytes)
            return IdeographicPieces(text: bytes, base: bytes.baseAddress!, start: 0, tables: measurer.tables).kerningFonts
        }
        #expect(kerning == measurer.tables.kerningFonts)
    }

    @Test("Ideographic fast path = general path with a CJK font that kerns (Noto Sans CJK JP)")
    func kerningFontMatchesGeneral() throws {
        let chain = try FontChain(sources: [.file(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 0)])
        for profile in LayoutProfile.allCases {
            let style = TextStyle(fontChain: chain, fontSize: 17, profile: profile)
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            fast.tables.withTables { $0.fillAllEntries() }
            #expect(fast.tables.entries[0x6F22].isIdeographic && fast.tables.hasKerning(font: Int(fast.tables.entries[0x6F22].font)))
            for text in MeasurePathEquivalenceTests.ideographicTexts + Self.runs {
                for width in MeasurePathEquivalenceTests.widths + [12, 17, 34, 51.5] {
                    let expected = try general.measure(text, width: width, includeLines: true)
                    #expect(try fast.measure(text, width: width, includeLines: true) == expected, "\(profile) \(width): \(text)")
                }
            }
        }
    }
}
