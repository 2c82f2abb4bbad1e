import Foundation
import Testing
@testable import TextMeasure

/// A colour font the tests load, and what its tables say.
struct ColorFontCase: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String
    var colorTables: [String]
    var hasOutlines: Bool
    var testDescription: String { name }

    /// The synthetic fixtures of `Fixtures/fonts/make_test_color.py` and Debian's Noto Color Emoji.
    static var all: [ColorFontCase] {
        func fixture(_ name: String) -> String {
            Bundle.module.url(forResource: "Fixtures/fonts/RowHeightTest\(name)", withExtension: "ttf")!.path
        }
        return [
            ColorFontCase(name: "CBDT/CBLC (Noto Color Emoji)", path: FontColorTests.notoColorEmoji, colorTables: ["CBDT"], hasOutlines: false),
            ColorFontCase(name: "sbix without outlines", path: fixture("Sbix"), colorTables: ["sbix"], hasOutlines: false),
            ColorFontCase(name: "COLR v0", path: fixture("COLRv0"), colorTables: ["COLR"], hasOutlines: true),
            ColorFontCase(name: "COLR v1", path: fixture("COLRv1"), colorTables: ["COLR"], hasOutlines: true),
            ColorFontCase(name: "SVG", path: fixture("SVG"), colorTables: ["SVG "], hasOutlines: true),
        ]
    }
}

@Suite("Colour fonts")
struct FontColorTests {
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    @Test("Loads with its cmap, hmtx advances and hhea metrics in font units", arguments: ColorFontCase.all)
    func loads(_ fontCase: ColorFontCase) throws {
        let font = try Font(path: fontCase.path)
        let file = try SFNTFile(path: fontCase.path)
        #expect(font.hasOutlines == fontCase.hasOutlines)
        #expect(font.colorTables == fontCase.colorTables)
        #expect(font.unitsPerEm == (try file.unitsPerEm()))
        #expect(font.glyphCount == (try file.glyphCount()))
        let advances = try file.advances()
        for glyph in 0..<font.glyphCount {
            #expect(font.advance(of: GlyphID(glyph)) == Int32(advances[glyph]), "glyph \(glyph)")
        }
        let metrics = try file.verticalMetrics()
        #expect(font.ascender == metrics.ascender && font.descender == metrics.descender && font.lineGap == metrics.lineGap)
        let grinning = font.glyph(for: "\u{1F600}")
        #expect(grinning != 0)
        #expect(font.advance(of: grinning) > 0)
    }

    @Test("Measures with the advance scaled by size / unitsPerEm and the line as tall as its hhea metrics", arguments: ColorFontCase.all)
    func measures(_ fontCase: ColorFontCase) throws {
        let font = try Font(path: fontCase.path)
        let file = try SFNTFile(path: fontCase.path)
        let style = TextStyle(fontChain: try FontChain([font]), fontSize: 24)
        let measurer = try TextMeasurer(style: style)
        let k = 24 / Double(try file.unitsPerEm())
        let glyph = Int(font.glyph(for: "\u{1F600}"))
        let expectedWidth = Double(try file.advances()[glyph]) * k
        let measured = try measurer.measure("\u{1F600}\u{1F600}", width: 1000)
        #expect(measured.lineCount == 1)
        #expect(abs(measured.maxLineWidth - 2 * expectedWidth) < 1e-9)
        let metrics = try file.verticalMetrics()
        #expect(measured.height == (Double(metrics.ascender - metrics.descender + metrics.lineGap) * k).rounded(.up))
        // Two emoji do not fit in the width of one and a half: they wrap onto two lines.
        #expect(try measurer.measure("\u{1F600}\u{1F600}", width: expectedWidth * 1.5).lineCount == 2)
    }

    @Test("Rasterizing a glyph of a font without outlines gives its box, not an error")
    func rasterizeBitmapOnly() throws {
        let font = try Font(path: Self.notoColorEmoji)
        let bitmap = try font.rasterize(glyph: font.glyph(for: "\u{1F44B}"), size: 20)
        let metrics = font.metrics(size: 20)
        let advance = Double(font.advance(of: font.glyph(for: "\u{1F44B}"))) * 20 / Double(font.unitsPerEm)
        #expect(bitmap.width == Int(advance.rounded()))
        #expect(bitmap.height == Int(metrics.ascender.rounded()))
        #expect(bitmap.top == bitmap.height)
        // An outline: full top row, empty centre.
        #expect(bitmap.coverage[0..<bitmap.width].allSatisfy { $0 == 255 })
        #expect(bitmap.coverage[(bitmap.height / 2) * bitmap.width + bitmap.width / 2] == 0)
    }

    @Test("A truncated colour font is a damaged-font error naming the file")
    func truncatedEmojiFont() throws {
        try withTemporaryDirectory { directory in
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.notoColorEmoji)).prefix(4096))
            let path = try writeFile(bytes, named: "NotoColorEmoji.ttf", in: directory)
            do throws(FontError) {
                _ = try Font(path: path)
                Issue.record("a truncated font loaded")
            } catch {
                guard case .damaged(let damagedPath, _) = error else { Issue.record("\(error.description)"); return }
                #expect(damagedPath == path)
                #expect(error.description.hasPrefix("damaged font file \(path): "))
            }
        }
    }

    @Test("The bundled chain ends with Noto Color Emoji: emoji measure from it, not as boxes")
    func bundledEmoji() throws {
        let chain = try FontChain.bundled()
        #expect(chain.fonts.count == 3)
        let emoji = chain.fonts[2]
        #expect(emoji.familyName == "Noto Color Emoji" && emoji.colorTables == ["CBDT"])
        #expect(emoji.path.hasSuffix("fonts/NotoColorEmoji.ttf"))
        let wave = chain.resolve("\u{1F44B}")
        #expect(wave.fontIndex == 2 && wave.glyph == emoji.glyph(for: "\u{1F44B}") && wave.glyph != 0)
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        let measured = try measurer.measure("\u{1F44B}\u{1F44B}", width: 1000)
        #expect(abs(measured.maxLineWidth - 2 * Double(emoji.advance(of: wave.glyph)) * 17 / Double(emoji.unitsPerEm)) < 1e-9)
        // The line is as tall as the emoji font makes it.
        let metrics = emoji.metrics(size: 17)
        #expect(measured.height == (metrics.ascender - metrics.descender + metrics.lineGap).rounded(.up))
    }
}

@Suite("Bitmap fonts without scalable metrics")
struct BitmapFontErrorTests {
    /// A one-glyph BDF font: a bitmap format FreeType opens, with no sfnt tables to scale it.
    static let bdf = """
        STARTFONT 2.1
        FONT -rowheight-test-medium-r-normal--8-80-75-75-c-80-iso10646-1
        SIZE 8 75 75
        FONTBOUNDINGBOX 8 8 0 -1
        STARTPROPERTIES 2
        FONT_ASCENT 7
        FONT_DESCENT 1
        ENDPROPERTIES
        CHARS 1
        STARTCHAR A
        ENCODING 65
        SWIDTH 1000 0
        DWIDTH 8 0
        BBX 8 8 0 -1
        BITMAP
        18
        24
        42
        7E
        42
        42
        42
        00
        ENDCHAR
        ENDFONT

        """

    @Test("A BDF font is refused with an error naming the file, not loaded with made-up metrics")
    func bdfFont() throws {
        try withTemporaryDirectory { directory in
            let path = try writeFile(Array(Self.bdf.utf8), named: "test.bdf", in: directory)
            #expect(throws: FontError.noScalableMetrics(path: path)) { try Font(path: path) }
            #expect(FontError.noScalableMetrics(path: path).description.hasSuffix("is not supported: \(path)"))
        }
    }
}
