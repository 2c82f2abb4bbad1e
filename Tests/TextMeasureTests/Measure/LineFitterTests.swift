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

    @Test("appendWhileFitting appends what tryPlace would and returns the first piece it would not", arguments: LayoutProfile.allCases)
    func appendWhileFittingMatchesTryPlace(profile: LayoutProfile) throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(profile: profile))
        // Pieces of varied widths, kerns and white space, some breakable, one ending a
        // paragraph, some of no width: lines end at several of them.
        var pieces: [LayoutPiece] = []
        var offset = 0
        for k in 0..<60 {
            let content = Double((k * 37) % 23) + 0.25
            let whitespace = k % 5 == 0 ? 4.5 : 0
            pieces.append(LayoutPiece(
                start: offset, contentEnd: offset + 3, end: offset + 4, leadingKern: k % 3 == 0 ? -0.5 : 0,
                content: k % 11 == 7 ? 0 : content, whitespace: whitespace, lastSpace: whitespace > 0 ? 4.5 : 0,
                fontMask: 1 << UInt32(k % 3), isMandatoryBreak: k == 41, isBreakable: k % 4 == 1))
            offset += 4
        }
        let bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        for width in [20.0, 47.5, 100] {
            let clusters: (LayoutPiece, (LayoutCluster) -> Void) -> Void = { piece, body in
                body(LayoutCluster(end: piece.end, leadingKern: piece.leadingKern, width: piece.content, fontMask: piece.fontMask))
            }
            var expected = LineFitter(maxWidth: width, tables: measurer.tables, text: bytes, lineLimit: 0, recordLines: true)
            for piece in pieces { expected.place(piece, clusters: clusters) }
            expected.finish()
            var actual = LineFitter(maxWidth: width, tables: measurer.tables, text: bytes, lineLimit: 0, recordLines: true)
            var iterator = pieces.makeIterator()
            var returned = 0
            while let piece = actual.appendWhileFitting(&iterator) {
                returned += 1
                actual.place(piece, clusters: clusters)
            }
            actual.finish()
            #expect(returned >= actual.lineCount - 1, "every line after the first starts with a returned piece")
            #expect(actual.lineCount == expected.lineCount && actual.lineCount > 2, "\(profile) \(width)")
            #expect(actual.lines == expected.lines, "\(profile) \(width)")
            #expect(actual.measurement(style: measurer.style) == expected.measurement(style: measurer.style))
        }
    }
}
