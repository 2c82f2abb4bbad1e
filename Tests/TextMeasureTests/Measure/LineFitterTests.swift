import Testing
@testable import TextMeasure

/// The corners of the greedy rule measured through every fitter that calls it — `LineFitter`
/// (direct measuring, general and fast paths), `PreparedWrapper`, `ExactPieceSums` — with the
/// answer each must give.
@Suite("LineFitter corners through every fitter")
struct LineFitterTests {
    /// Every answer for `text` at `width` in `style`: direct (fast and general path), prepared,
    /// prepared with lines (`LineFitter`), and the exact sums and the wrapper where they answer.
    static func answers(_ text: String, width: Double, style: TextStyle) throws -> [String: TextMeasurement] {
        let fast = try TextMeasurer(style: style)
        let general = try TextMeasurer(generalPathFor: style)
        let prepared = fast.prepare(text)
        var answers = [
            "direct": try fast.measure(text, width: width),
            "general": try general.measure(text, width: width),
            "prepared": try prepared.measure(width: width),
        ]
        var fitted = try prepared.measure(width: width, includeLines: true)
        fitted.lines = nil
        answers["fitted"] = fitted
        if let exact = prepared.storage.exactMeasurement(width: width) { answers["exact"] = exact }
        if let wrapped = prepared.wrappedHeight(widthUnits: try fast.widthUnits(width)) { answers["wrapper"] = wrapped }
        return answers
    }

    /// The one-line width of `text` (points).
    static func width(of text: String, style: TextStyle) throws -> Double {
        try TextMeasurer(style: style).measure(text, width: 10_000).maxLineWidth
    }

    /// The height of `lines` lines of the primary font.
    static func height(lines: Int, style: TextStyle) throws -> Double {
        try TextMeasurer(style: style).measure(Array(repeating: "M", count: lines).joined(separator: "\n"), width: 10_000).height
    }

    @Test("A break of no width after white space hanging past the width stays on its line", arguments: LayoutProfile.allCases)
    func zeroWidthAfterHangingSpace(profile: LayoutProfile) throws {
        let style = try TextStyle.bundled(lineBreakMode: .byCharWrapping, profile: profile)
        // "ab" fills the line exactly, the space after it passes the width, and the line break (a
        // piece of no width in char mode) ends that line: two lines (the second the empty one
        // after the break), not three.
        let width = try Self.width(of: "ab", style: style)
        let answers = try Self.answers("ab \n", width: width, style: style)
        for (path, answer) in answers {
            #expect(answer.lineCount == 2, "\(profile) \(path)")
            #expect(answer.height == (try Self.height(lines: 2, style: style)), "\(profile) \(path)")
            // As wide as unwrapped: `.uikit` hangs the space, `.pango` counts it before a
            // mandatory break.
            let unwrapped = try Self.width(of: "ab \n", style: style)
            #expect(answer.maxLineWidth == unwrapped, "\(profile) \(path)")
            #expect((unwrapped == width) == (profile == .uikit))
        }
    }

    /// Expects `text`, whose word of twelve "M" is broken three clusters a line (the lines
    /// 3.5 "M" wide), to measure `lines` lines, the widest three "M" wide, by every fitter — the
    /// exact sums among them (they keep the word's clusters).
    static func expectBrokenWord(_ text: String, lines: Int, style: TextStyle) throws {
        let three = try width(of: "MMM", style: style)
        let answers = try answers(text, width: three + (try width(of: "M", style: style)) / 2, style: style)
        #expect(answers["exact"] != nil, "the exact sums keep the word's clusters")
        for (path, answer) in answers {
            #expect(answer.lineCount == lines, "\(style.profile) \(path)")
            #expect(answer.maxLineWidth == three, "\(style.profile) \(path)")
            #expect(answer.height == (try height(lines: lines, style: style)), "\(style.profile) \(path)")
        }
    }

    @Test("An overlong word at the very start is broken between clusters", arguments: LayoutProfile.allCases)
    func overlongAtStart(profile: LayoutProfile) throws {
        let style = try TextStyle.bundled(profile: profile)
        let word = String(repeating: "M", count: 12)
        #expect(try Self.width(of: word, style: style) >= ExactPieceSums.longPieceWidth)
        try Self.expectBrokenWord(word, lines: 4, style: style)
    }

    @Test("numberOfLines cuts inside an overlong word", arguments: LayoutProfile.allCases)
    func lineLimitInsideAPiece(profile: LayoutProfile) throws {
        // "ok", then the word's first three clusters: the cut falls inside the word.
        let style = try TextStyle.bundled(numberOfLines: 2, profile: profile)
        try Self.expectBrokenWord("ok " + String(repeating: "M", count: 12) + " end", lines: 2, style: style)
    }

    @Test("An empty text: no line in .uikit, one line of the primary font in .pango", arguments: LayoutProfile.allCases)
    func emptyText(profile: LayoutProfile) throws {
        let style = try TextStyle.bundled(profile: profile)
        let answers = try Self.answers("", width: 100, style: style)
        #expect(answers["exact"] != nil && answers["wrapper"] != nil)
        for (path, answer) in answers {
            #expect(answer.lineCount == (profile == .pango ? 1 : 0), "\(profile) \(path)")
            #expect(answer.height == (profile == .pango ? try Self.height(lines: 1, style: style) : 0), "\(profile) \(path)")
            #expect(answer.maxLineWidth == 0, "\(profile) \(path)")
        }
    }

    @Test(
        "appendCommonWhileFitting appends what tryPlace would, ending lines as it does, and stops before the first piece it would not append",
        arguments: LayoutProfile.allCases)
    func appendCommonWhileFittingMatchesTryPlace(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(profile: profile))
        // One cluster a piece, for the overlong ones (the same on both sides).
        let clusters: (LayoutPiece, (LayoutCluster) -> Void) -> Void = { piece, body in
            body(LayoutCluster(end: piece.end, leadingKern: piece.leadingKern, width: piece.content, fontMask: piece.fontMask))
        }
        var checked = 0
        var linesEndedInLoop = 0
        for text in IdeographicPiecesTests.runs + MeasurePathEquivalenceTests.ideographicTexts {
            var utf8 = Array(text.utf8)
            utf8.withUnsafeMutableBufferPointer { buffer in
                let bytes = UnsafeBufferPointer(buffer)
                guard bytes.count >= 6, bytes[0] & 0xF0 == 0xE0 else { return }
                measurer.tables.fillEntries(coveringScalarsOf: bytes)
                let first = measurer.tables.entries[Int(TextWalker.decodeThreeBytes(bytes.baseAddress!, at: 0))]
                guard first.isIdeographic else { return }
                // Widths around whole numbers of ideographs (where a line ends exactly at the
                // width), below one, and between.
                let em = first.advance
                var widths = [0.5, 0.999, 1, 1.5, 2, 2.5, 3, 4.75, 7, 10, 13.3].map { $0 * em }
                widths += widths.map { $0.nextUp } + widths.map { $0.nextDown }
                for width in widths {
                    var expectedPieces = IdeographicPieces(text: bytes, base: bytes.baseAddress!, start: 0, tables: measurer.tables)
                    var expected = LineFitter(maxWidth: width, tables: measurer.tables, text: bytes, lineLimit: 0, recordLines: true)
                    var placed = 0
                    while let piece = expectedPieces.next() {
                        expected.place(piece, clusters: clusters)
                        placed += 1
                    }
                    expected.finish()
                    var actualPieces = IdeographicPieces(text: bytes, base: bytes.baseAddress!, start: 0, tables: measurer.tables)
                    var actual = LineFitter(maxWidth: width, tables: measurer.tables, text: bytes, lineLimit: 0, recordLines: true)
                    var returned = 0
                    var returnedFitting = 0
                    while let common = actual.appendCommonWhileFitting(&actualPieces) {
                        let piece = actualPieces.take(asPiece: common)
                        returned += 1
                        // The loop returns only what `tryPlace` would not append on an empty
                        // line (no line limit here): a breakable piece wider than the width, or
                        // the piece a line starts with before the loop has a line with a piece.
                        if piece.content <= width { returnedFitting += 1 }
                        actual.place(piece, clusters: clusters)
                    }
                    actual.finish()
                    // (In `.pango` the bundled chain's CJK font kerns: `next()` gives no piece.)
                    guard placed > 0 else { continue }
                    #expect(returnedFitting <= 1, "\(width): a fitting piece returned after the first line")
                    #expect(returned < placed || actual.lineCount >= placed, "\(width): the loop appended pieces")
                    if actual.lineCount > 2 && returned <= 1 { linesEndedInLoop += 1 }
                    #expect(actualPieces.start == expectedPieces.start && actualPieces.hasEnded == expectedPieces.hasEnded)
                    #expect(actual.lineCount == expected.lineCount, "\(profile) \(width): \(text)")
                    #expect(actual.lines == expected.lines, "\(profile) \(width): \(text)")
                    #expect(actual.measurement(style: measurer.style) == expected.measurement(style: measurer.style))
                    checked += 1
                }
            }
        }
        #expect(profile == .pango || checked >= 3 * 33)
        #expect(profile == .pango || linesEndedInLoop > 10, "the loop ends lines itself")
    }
}
