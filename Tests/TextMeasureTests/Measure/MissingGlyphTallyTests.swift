import Testing
@testable import TextMeasure

/// Every measurement counts the grapheme clusters no chain font has (`missingClusterCount`),
/// on every path — direct and general, word and char wrapping, prepared, intrinsic, both
/// profiles — without changing any height.
@Suite("Missing glyphs are counted")
struct MissingGlyphTallyTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    /// The measurements of `text` in `style` by every path, at `width`.
    static func everyPath(_ text: String, style: TextStyle, width: Double) throws -> [TextMeasurement] {
        let measurer = try TextMeasurer(style: style)
        let general = try TextMeasurer(generalPathFor: style)
        var walked = WalkedText()
        var bytes = text
        let intrinsic = bytes.withUTF8 { measurer.intrinsicWidths(utf8: $0, keeping: &walked) }
        let fromWalk = try bytes.withUTF8 { try measurer.measure(walked: walked, utf8: $0, width: width) }
        var results = [
            try measurer.measure(text, width: width),
            try general.measure(text, width: width),
            try measurer.prepare(text).measure(width: width),
            try measurer.measure(text, width: width, includeLines: true),
            try measurer.prepare(text).measure(width: width, includeLines: true),
            fromWalk,
        ]
        for k in [3, 4] { results[k].lines = nil }
        #expect(intrinsic.unconstrained.missingClusterCount == results[0].missingClusterCount)
        #expect(intrinsic.unconstrained.firstMissingScalar == results[0].firstMissingScalar)
        #expect(measurer.prepare(text).missingClusterCount == results[0].missingClusterCount)
        return results
    }

    /// The count and first scalar of `text` through Noto Sans alone, the same by every path in
    /// both profiles and line-break modes, at a wide and a narrow width.
    static func expectCount(_ text: String, _ count: Int, first: Unicode.Scalar?, fonts: [String] = [notoSans])
        throws
    {
        let chain = try FontChain(paths: fonts)
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                for width in [400.0, 30] {
                    let style = TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, profile: profile)
                    let results = try everyPath(text, style: style, width: width)
                    for m in results {
                        #expect(m == results[0], "\(text) \(profile) \(mode) \(width)")
                        #expect(m.missingClusterCount == count, "\(text) \(profile) \(mode) \(width)")
                        #expect(m.firstMissingScalar == first, "\(text) \(profile) \(mode) \(width)")
                    }
                }
            }
        }
    }

    @Test("Japanese through Noto Sans alone: every cluster is missing, measured as .notdef boxes")
    func japaneseWithoutCJKFont() throws {
        try Self.expectCount("日本語のテキスト", 8, first: "日")
        try Self.expectCount("Tokyo 東京 and Osaka 大阪。", 5, first: "東")
        // The boxes are the primary font's missing glyph: height and width unchanged by counting.
        let font = try Font(path: Self.notoSans)
        let style = TextStyle(fontChain: try FontChain([font]), fontSize: 17)
        let m = try TextMeasurer(style: style).measure("日本語のテキスト", width: 1000)
        #expect(abs(m.maxLineWidth - 8 * Double(font.advance(of: 0)) * 17 / Double(font.unitsPerEm)) < 1e-9)
        #expect(m.lineCount == 1)
    }

    @Test("An unassigned code point and a supplementary-plane scalar are missing")
    func unassignedAndSupplementary() throws {
        try Self.expectCount("ab\u{0378}cd", 1, first: "\u{0378}")
        try Self.expectCount("x 😀 y \u{10FFFD}", 2, first: "😀")
        try Self.expectCount("😀\u{0378}", 2, first: "😀")
    }

    @Test("A cluster counts once: a covered base with uncovered marks, an uncovered base with marks")
    func clusters() throws {
        try Self.expectCount("e\u{0F71}\u{0F72} ok", 1, first: "\u{0F71}")
        try Self.expectCount("\u{0378}\u{0301}\u{0F71} a", 1, first: "\u{0378}")
        try Self.expectCount("\u{0378}\u{0378}", 2, first: "\u{0378}")
    }

    @Test("Characters drawn without a glyph of their own never count")
    func notMissing() throws {
        // Tab, ZWJ, a variation selector, the ideographic space, a line separator: Noto Sans has
        // no glyph for some of them, and none is missing.
        try Self.expectCount("a\tb\u{200D}c\u{FE0F}d\u{3000}e\u{2028}f", 0, first: nil)
        try Self.expectCount("", 0, first: nil)
        // With a CJK font in the chain, Japanese is covered.
        try Self.expectCount(
            "日本語のテキスト", 0, first: nil, fonts: [Self.notoSans, try BundledFontPaths.ipaexGothic()])
    }

    @Test("With numberOfLines, the hidden lines count too")
    func hiddenLines() throws {
        let chain = try FontChain(paths: [Self.notoSans])
        let text = "First line here\nsecond line\nthird 日本 line\nfourth \u{0378} and e\u{0F71}"
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                for lines in [0, 1, 2] {
                    let style = TextStyle(
                        fontChain: chain, fontSize: 17, lineBreakMode: mode, numberOfLines: lines, profile: profile)
                    let measurer = try TextMeasurer(style: style)
                    let m = try measurer.measure(text, width: 60)
                    #expect(m.missingClusterCount == 4, "\(profile) \(mode) \(lines)")
                    #expect(m.firstMissingScalar == "日")
                    #expect(try measurer.prepare(text).measure(width: 60) == m)
                    #expect(measurer.intrinsicWidths(text).unconstrained.missingClusterCount == 4)
                }
            }
        }
    }

    @Test("A missing character in CJK text leaves its neighbours' widths as the fast path measures them")
    func ideographicNeighbours() throws {
        // IPAexGothic lacks U+0378; the ideographs around it keep the widths the fast path gives
        // when nothing is missing.
        let style = TextStyle(fontChain: try FontChain(paths: [try BundledFontPaths.ipaexGothic()]), fontSize: 17)
        let measurer = try TextMeasurer(style: style)
        let plain = try measurer.measure("日本語日本語", width: 1000)
        let box = try measurer.measure("日本語\u{0378}日本語", width: 1000)
        let notdef = try measurer.measure("\u{0378}", width: 1000)
        #expect(plain.missingClusterCount == 0 && box.missingClusterCount == 1 && notdef.missingClusterCount == 1)
        #expect(box.maxLineWidth == plain.maxLineWidth + notdef.maxLineWidth)
        #expect(box.height == plain.height)
    }
}
