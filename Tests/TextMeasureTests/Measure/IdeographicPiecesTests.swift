import LineBreak
import Testing
@testable import TextMeasure

/// `IdeographicPieces`: its common pieces (`next()`, no stepper, no kerning) are the segments of
/// the line-breaking automaton measured by the general path (`TextWalker.measure`), every kind
/// (an ideograph, or an opening scalar and one, with no, one or several closing scalars), on
/// the Japanese corpus and on random text; its general ones (`nextSegment(stepper:)`) are the
/// same pieces where it gives them, the stepper catching up to the same state; and the walker's
/// ideographic fast path matches the general path with a CJK font that kerns, where every piece
/// takes `nextSegment` or the general path.
@Suite("IdeographicPieces")
struct IdeographicPiecesTests {
    /// Runs of kanji and kana, with closing punctuation (a piece of two scalars), going on to
    /// the end of the text or ending before a scalar that is neither.
    static let runs = [
        "漢字仮名交じり文、漢字。かなカナ！漢字「終",
        "東京タワーは、とても高い。ちょっと待ってください…終わり",
        "漢字「仮名」。交じり！「文」、漢字ー漢字」」「漢」？！「終",
        String(repeating: "漢字仮名交じり文", count: 6) + "。",
        "漢字仮名交じり文、漢字。かなカナ！漢字Swift",
        "東京タワーは、とても高い。ちょっと\u{3000}待って",
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

    @Test("next() gives the pieces nextSegment gives where it gives them, and the stepper catches up to the same state")
    func nextMatchesNextSegment() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        var closed = 0
        var endingText = 0
        for text in Self.runs {
            let common = Self.pieces(text, measurer: measurer, useNext: true)
            let general = Self.pieces(text, measurer: measurer, useNext: false)
            #expect(common.pieces.count >= 10, "\(text)")
            closed += common.pieces.filter(\.isBreakable).count
            // `nextSegment` gives an ideograph alone or with one closing scalar, the pieces up
            // to the first other one.
            let given = general.pieces.count
            #expect(given >= 2, "\(text)")
            #expect(Array(common.pieces.prefix(given).map(Self.fields)) == general.pieces.map(Self.fields), "\(text)")
            if given == common.pieces.count {
                #expect(common.scalar == general.scalar && common.font == general.font, "\(text)")
            }
            // The run stops before the scalar that neither continues nor closes it, or takes
            // the text's last piece.
            let last = try #require(common.pieces.last)
            if last.end == text.utf8.count { endingText += 1 } else { #expect(Array(text.utf8)[last.end...].count >= 3) }
        }
        #expect(closed >= 3, "pieces of an ideograph with its closing scalar (、ー…)")
        #expect(endingText >= 2, "runs to the end of the text")
    }

    /// Checks `IdeographicPieces.next()` against the general path over `text`: wherever the
    /// line-breaking automaton, after a segment, has read a scalar that leaves it in the state
    /// after an ideograph and that is a piece's lead there (`IdeographicPieces.isLead`), the
    /// pieces from it are the automaton's next segments, each measured as the general path
    /// measures it (`TextWalker.measure`, every field bit for bit), and where they stop the
    /// automaton resumed as the walker resumes it (`resume(afterIdeographAt:end:)`) gives the
    /// segments it gives uninterrupted.
    ///
    /// - Returns: How many pieces of each kind ("lead 1|2, closing 0|1|2+") were compared.
    static func checkAgainstGeneral(_ text: String, measurer: TextMeasurer) -> [String: Int] {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            measurer.tables.fillEntries(coveringScalarsOf: bytes)
            let tables = measurer.tables
            let walker = TextWalker(tables: tables, bytes: bytes)
            // The automaton's segments, measured in order with one stepper; with whether the
            // automaton was after an ideograph once it returned each.
            var segments: [LineSegment] = []
            var afterIdeograph: [Bool] = []
            var measured: [LayoutPiece] = []
            var iterator = LineSegmentIterator(utf8: bytes, rules: tables.lineBreakRules)
            var stepper = GlyphStepper()
            while let segment = iterator.next() {
                segments.append(segment)
                afterIdeograph.append(iterator.isAfterIdeograph)
                measured.append(walker.measure(from: segment.start, to: segment.end, segment: segment, stepper: &stepper))
            }
            var kinds: [String: Int] = [:]
            let base = bytes.baseAddress!
            for (index, segment) in segments.enumerated() where afterIdeograph[index] && index + 1 < segments.count {
                let start = segment.end
                guard base[start] & 0xF0 == 0xE0,
                    IdeographicPieces.isLead(start: start, end: start + 3, base: base, entries: tables.entries)
                else { continue }
                var pieces = IdeographicPieces(text: bytes, base: base, start: start, tables: tables)
                var next = index + 1
                while let piece = pieces.next() {
                    guard next < segments.count else {
                        Issue.record("a piece past the last segment: \(text.debugDescription)")
                        return kinds
                    }
                    #expect(Self.fields(piece) == Self.fields(measured[next]), "\(text.debugDescription) at \(piece.start)")
                    let first = tables.entries[Int(TextWalker.decodeThreeBytes(base, at: piece.start))]
                    let leadLength = first.opensIdeograph ? 2 : 1
                    let closing = (piece.end - piece.start) / 3 - leadLength
                    kinds["lead \(leadLength), closing \(min(closing, 2))", default: 0] += 1
                    next += 1
                }
                guard next > index + 1 else { continue }
                // Resumed where the pieces stop, the automaton gives the segments it gives
                // uninterrupted.
                var resumed = LineSegmentIterator(utf8: bytes, rules: tables.lineBreakRules)
                while let segment = resumed.next(), segment.end < pieces.start {}
                resumed.resume(afterIdeographAt: pieces.start, end: pieces.leadEnd)
                var rest: [LineSegment] = []
                while let segment = resumed.next() { rest.append(segment) }
                #expect(rest == Array(segments[next...]), "\(text.debugDescription) after \(pieces.start)")
            }
            return kinds
        }
    }

    @Test("next() gives the automaton's segments measured as the general path measures them: the Japanese corpus")
    func nextMatchesGeneralOnCorpus() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        var kinds: [String: Int] = [:]
        var row = ""
        for text in try PangoAccuracyTests.texts("ja") + Self.runs + MeasurePathEquivalenceTests.ideographicTexts {
            kinds.merge(Self.checkAgainstGeneral(text, measurer: measurer), uniquingKeysWith: +)
            row += text
            if row.count >= 100 {
                kinds.merge(Self.checkAgainstGeneral(row, measurer: measurer), uniquingKeysWith: +)
                row = ""
            }
        }
        // Every kind of piece, many times.
        #expect(kinds.count == 6 && kinds.values.allSatisfy { $0 >= 20 }, "\(kinds.sorted { $0.key < $1.key })")
    }

    /// Scalars the runs are made of, and what may end them: kanji, kana, small kana, the
    /// prolonged sound mark, CJK punctuation and brackets, the ideographic space, ASCII.
    static let mixed: [Unicode.Scalar] = Array(
        "漢字仮名あかアカーュっャ、。」）』】！？…・：「（『【〜々 \u{3000}\na1%".unicodeScalars)

    @Test("next() gives the automaton's segments measured as the general path measures them: random text")
    func nextMatchesGeneralOnRandomText() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        var generator = SplitMix64(seed: 0x1DE0_2)
        var kinds: [String: Int] = [:]
        for _ in 0..<10_000 {
            let length = Int.random(in: 1...24, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(Self.mixed[Int.random(in: 0..<Self.mixed.count, using: &generator)]) }
            kinds.merge(Self.checkAgainstGeneral(String(scalars), measurer: measurer), uniquingKeysWith: +)
        }
        #expect(kinds.count == 6 && kinds.values.allSatisfy { $0 >= 50 }, "\(kinds.sorted { $0.key < $1.key })")
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

    /// Ideographs of the bundled chain whose font kerns (DejaVu Sans's symbols of class ID) among
    /// kanji and kana of a font that does not (IPAexGothic, `isCommonIdeograph`), with closing
    /// and opening punctuation: the common pieces' loop stops before each such ideograph
    /// (`takeCommon`), and the fast path matches the general path.
    @Test("Ideographic fast path = general path where ideographs of a font that kerns follow common ones")
    func kerningIdeographsAmongCommonOnes() throws {
        let probe = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        probe.tables.withTables { $0.fillAllEntries() }
        let kerning = (0x800..<0x1_0000).filter {
            probe.tables.entries[$0].isIdeographic && !probe.tables.entries[$0].isCommonIdeograph
        }
        #expect(kerning.count >= 10, "ideographs of a font that kerns: \(kerning.count)")
        #expect(probe.tables.entries[0x6F22].isCommonIdeograph && probe.tables.entries[0x3042].isCommonIdeograph)
        let scalars = Self.mixed + kerning.prefix(40).compactMap { Unicode.Scalar(UInt32($0)) }
        try MeasurePathEquivalenceTests.expectFastMatchesGeneral(
            onRandomTextOf: scalars, seed: 0x1DE0_4, texts: 200, maxLength: 50)
    }

    /// Ideographs of two fonts that do not kern, of different line heights — IPAexGothic's kanji
    /// and kana, and the simplified Chinese it lacks from Noto Sans Mono CJK JP — with closing
    /// punctuation: each of the common pieces' same-font loops starts with a piece whose font
    /// the line may not have yet, and the fast path matches the general path, line heights
    /// included.
    @Test("Ideographic fast path = general path where ideographs of two common fonts alternate")
    func ideographsOfTwoCommonFonts() throws {
        let ipaex = try #require(try FontChain.bundled().fonts.first { $0.glyph(for: "漢") != 0 && $0.glyph(for: "们") == 0 })
        let mono = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 5)
        let chain = try FontChain([ipaex, mono])
        let scalars = Self.mixed + Array("们这说个们这".unicodeScalars)
        var generator = SplitMix64(seed: 0x1DE0_5)
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                let style = TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, profile: profile)
                let fast = try TextMeasurer(style: style)
                let general = try TextMeasurer(generalPathFor: style)
                fast.tables.withTables { $0.fillAllEntries() }
                let chinese = fast.tables.entries[0x4EEC]
                #expect(chinese.isCommonIdeograph && chinese.font == 1 && fast.tables.entries[0x6F22].isCommonIdeograph)
                #expect(fast.tables.lineHeights[0] != fast.tables.lineHeights[1])
                for _ in 0..<150 {
                    var drawn = String.UnicodeScalarView()
                    for _ in 0..<Int.random(in: 1...50, using: &generator) {
                        drawn.append(scalars[Int.random(in: 0..<scalars.count, using: &generator)])
                    }
                    let text = String(drawn)
                    for width in [12, 34, 51.5, 97.25, 150] as [Double] {
                        let expected = try general.measure(text, width: width, includeLines: true)
                        #expect(try fast.measure(text, width: width, includeLines: true) == expected, "\(profile) \(mode) \(width): \(text.debugDescription)")
                    }
                }
            }
        }
    }
}
