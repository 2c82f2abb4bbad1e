import Foundation
import Testing
@testable import TextMeasure

@Suite("Font advances and character map")
struct FontAdvanceTests {
    @Test("Every glyph's advance is its unhinted hmtx width in font units", arguments: ["DejaVuSans.ttf", "ipaexg.ttf"])
    func advancesMatchHmtx(fileName: String) throws {
        let path = try #require(BundledFonts.directory) + "/" + fileName
        let expected = try SFNTFile(path: path).advances()
        let font = try Font(path: path)
        #expect(font.glyphCount == expected.count)
        var mismatches = 0
        for glyph in 0..<expected.count where Int(font.advance(of: GlyphID(glyph))) != expected[glyph] {
            mismatches += 1
        }
        #expect(mismatches == 0)
        // Out-of-range glyphs have no advance rather than trapping.
        #expect(font.advance(of: GlyphID(expected.count)) == 0)
        #expect(font.advance(of: .max) == 0)
    }

    @Test("Advances equal FreeType's FT_Get_Advance with FT_LOAD_NO_SCALE, glyph by glyph")
    func advancesMatchFreeType() throws {
        let font = try Font(path: try BundledFontPaths.dejaVuSans())
        for glyph in stride(from: 0, to: font.glyphCount, by: 7) {
            #expect(font.advance(of: GlyphID(glyph)) == font.freeTypeAdvance(of: GlyphID(glyph)))
        }
    }

    @Test("The character map equals FreeType's FT_Get_Char_Index on every code point", arguments: ["DejaVuSans.ttf", "ipaexg.ttf"])
    func characterMapMatchesFreeType(fileName: String) throws {
        let font = try Font(path: try #require(BundledFonts.directory) + "/" + fileName)
        var mismatches: [UInt32] = []
        var mapped = 0
        for codePoint in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(codePoint) else { continue }
            let glyph = font.glyph(for: scalar)
            if glyph != 0 { mapped += 1 }
            if glyph != font.freeTypeGlyph(forCodePoint: codePoint) { mismatches.append(codePoint) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        #expect(mapped > 3000)
    }

    @Test("Characters the font lacks map to glyph 0")
    func missingCharacters() throws {
        let dejaVu = try Font(path: try BundledFontPaths.dejaVuSans())
        #expect(dejaVu.glyph(for: "あ") == 0)
        #expect(dejaVu.glyph(for: "\u{E000}") == 0)
        #expect(dejaVu.glyph(for: "\u{10FFFF}") == 0)
        #expect(dejaVu.glyph(for: "A") != 0)
        let ipa = try Font(path: try BundledFontPaths.ipaexGothic())
        #expect(ipa.glyph(for: "あ") != 0)
        // IPAexGothic maps supplementary-plane kanji (e.g. U+20B9F 𠮟).
        #expect(ipa.glyph(for: "\u{20B9F}") == ipa.freeTypeGlyph(forCodePoint: 0x20B9F))
    }
}

@Suite("Advances read from hmtx equal FreeType's")
struct FontHmtxAdvanceTests {
    /// Every font file of Debian's Noto and DejaVu packages on the machine (and the bundled ones),
    /// every face of a collection.
    static func fontFiles() throws -> [String] {
        let dirs = ["/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/dejavu"]
        var files: [String] = []
        for dir in dirs {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            files += names.filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".ttc") || $0.hasSuffix(".otf") }.sorted()
                .map { dir + "/" + $0 }
        }
        return files
    }

    @Test("Every glyph of every installed Noto/DejaVu face: the advance Font keeps is FreeType's unscaled advance")
    func sameAsFreeType() throws {
        let files = try Self.fontFiles()
        try #require(files.count > 50, "install fonts-noto-core (Scripts/test does)")
        var glyphs = 0
        for path in files {
            let first = try FreeTypeFace(path: path, index: 0)
            for index in 0..<first.faceCount {
                let font = try Font(path: path, faceIndex: index)
                let reference = try #require(
                    try FreeTypeFace(path: path, index: index).withFace { Font.freeTypeAdvances($0, count: font.glyphCount) })
                let mismatch = (0..<font.glyphCount).first { font.advance(of: GlyphID($0)) != reference[$0] }
                #expect(mismatch == nil, "\(path)#\(index), glyph \(mismatch ?? -1)")
                glyphs += font.glyphCount
            }
        }
        #expect(glyphs > 100_000)
    }

    @Test("Short or inconsistent hmtx/hhea tables leave the advances to FreeType")
    func malformedTablesAreRefused() {
        var hhea = [UInt8](repeating: 0, count: 36)
        hhea[35] = 3  // numberOfHMetrics = 3
        #expect(Font.hmtxAdvances(hhea: hhea, hmtx: [0, 10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0], glyphCount: 5) == [10, 20, 30, 30, 30])
        #expect(Font.hmtxAdvances(hhea: hhea, hmtx: [0, 10, 0, 0], glyphCount: 5) == nil)  // table too short
        #expect(Font.hmtxAdvances(hhea: hhea, hmtx: Array(repeating: 1, count: 12), glyphCount: 2) == nil)  // more metrics than glyphs
        #expect(Font.hmtxAdvances(hhea: Array(hhea.prefix(20)), hmtx: Array(repeating: 1, count: 12), glyphCount: 5) == nil)
        hhea[35] = 0
        #expect(Font.hmtxAdvances(hhea: hhea, hmtx: Array(repeating: 1, count: 12), glyphCount: 5) == nil)  // no metrics
    }
}
