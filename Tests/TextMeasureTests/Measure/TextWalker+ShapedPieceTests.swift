import CHarfBuzz
import Testing
@testable import TextMeasure

@Suite("TextWalker: shaped pieces")
struct TextWalkerShapedPieceTests {
    @Test("the quick space-like filter never rules out a scalar Itemizer.considerAsSpace takes")
    func spaceLikeFilter() {
        let unicode = hb_unicode_funcs_get_default()
        var taken = 0
        for value in UInt32(0)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
            guard Itemizer.considerAsSpace(value, unicode: unicode) else { continue }
            taken += 1
            #expect(TextWalker.mayBeSpaceLike(value), "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(taken > 100)
        // And it does rule out the scripts measured through HarfBuzz.
        for value: UInt32 in [0x41, 0x0627, 0x0915, 0x093F, 0x0E01, 0x0E31, 0x05D0, 0xAC00] {
            #expect(!TextWalker.mayBeSpaceLike(value))
        }
    }

    /// What HarfBuzz makes of `from..<to` of `bytes` with the text after it at `following`.
    private static func shaped(
        _ tables: StyleTableView, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, following: Int?,
        levels: BidiLevels? = nil
    ) -> (widths: [Double], fonts: [UInt8], missing: [Int]) {
        var widths: [Double] = []
        var fonts: [UInt8] = []
        var missing: [Int] = []
        tables.withTables {
            $0.appendShapedWidths(
                bytes, from: range.lowerBound, to: range.upperBound, following: following, levels: levels, widths: &widths,
                fonts: &fonts, missing: &missing)
        }
        return (widths, fonts, missing)
    }

    @Test("a piece's shaping does not depend on the pieces measured before it (white space before digits and before letters)")
    func cacheHistoryDoesNotLeak() throws {
        // The Thai word's trailing space moves to DejaVu Sans before "1" (digits continue the
        // Thai script run) but not before "a" (Latin does not): the same piece, "ไทย ", with
        // the same following font, shaped two ways. The cache once returned the first way for both.
        func measurer() throws -> TextMeasurer {
            let directory = try #require(BundledFonts.directory)
            // New font objects: a chain of its own, so tables (and caches) of their own.
            let chain = try FontChain([
                try Font(path: directory + "/" + BundledFonts.dejaVuSansFileName),
                try Font(path: "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"),
            ])
            return try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        }
        for (first, second) in [("ไทย a", "ไทย 1"), ("ไทย 1", "ไทย a")] {
            let fresh = try measurer().measure(second, width: 1_000).maxLineWidth
            let warmed = try measurer()
            _ = try warmed.measure(first, width: 1_000)
            #expect(try warmed.measure(second, width: 1_000).maxLineWidth == fresh, "\(second) after \(first)")
        }
        let digits = try measurer().measure("ไทย 1", width: 1_000).maxLineWidth
        let letters = try measurer().measure("ไทย a", width: 1_000).maxLineWidth
        #expect(digits != letters)
    }

    @Test("the text after a piece changes its shaping only where its cache key says so",
          arguments: [("th", "NotoSansThai"), ("hi", "NotoSansDevanagari"), ("ar", "NotoSansArabic"),
                      ("mixed-ar", "NotoSansArabic"), ("emoji", "NotoSansThai")])
    func followingTextMattersOnlyAfterSpaces(corpus: String, font: String) throws {
        // Why the shaped-piece cache keys the following font only for some pieces
        // (`TextWalker.followingFontKey`): a piece ending with a letter or mark, or with white
        // space before a scalar of another script, is shaped the same whatever follows.
        let noto = "/usr/share/fonts/truetype/noto/"
        var fonts = [try Font(path: noto + "NotoSans-Regular.ttf"), try Font(path: noto + font + "-Regular.ttf")]
        if corpus == "emoji" {
            let directory = try #require(BundledFonts.directory)
            fonts.append(try Font(path: directory + "/" + BundledFonts.notoColorEmojiFileName))
        }
        let measurer = try TextMeasurer(style: TextStyle(fontChain: try FontChain(fonts), fontSize: 17, profile: .pango))
        let unicode = hb_unicode_funcs_get_default()
        var compared = 0
        for original in try PangoAccuracyTests.texts(corpus).prefix(200) {
            var text = original
            text.withUTF8 { bytes in
                // With the text's embedding levels, as the measurer shapes it.
                let walker = TextWalker(tables: measurer.tables, bytes: bytes)
                walker.forEachSegment { segment in
                    // Every prefix of the segment that ends at a scalar boundary, as dictionary
                    // cuts and char-mode pieces make them.
                    var end = segment.start + TextWalker.decode(bytes, at: segment.start).length
                    while end <= segment.end {
                        var last = end - 1
                        while bytes[last] & 0xC0 == 0x80 { last -= 1 }
                        let alone = Self.shaped(
                            measurer.tables, bytes, segment.start..<end, following: nil, levels: walker.levels)
                        let followed = Self.shaped(
                            measurer.tables, bytes, segment.start..<end, following: end, levels: walker.levels)
                        let key = measurer.tables.withTables {
                            walker.followingFontKey(from: segment.start, to: end, tables: $0)
                        }
                        if !Itemizer.considerAsSpace(TextWalker.decode(bytes, at: last).value, unicode: unicode) {
                            #expect(key == -1)
                        }
                        // A piece whose embedding level changes inside is never cached: no key.
                        let uniform = walker.levels.map { levels in
                            (segment.start..<end).allSatisfy { levels[$0] == levels[segment.start] }
                        } ?? true
                        if key == -1 && uniform {
                            #expect(alone == followed, "\(corpus): bytes \(segment.start)..<\(end) of \(original)")
                            compared += 1
                        }
                        if end == segment.end { break }
                        end += TextWalker.decode(bytes, at: end).length
                    }
                    return true
                }
            }
        }
        #expect(compared > 1_000)
    }
}
