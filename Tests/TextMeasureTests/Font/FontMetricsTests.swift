import Foundation
import Testing
@testable import TextMeasure

@Suite("Font metrics")
struct FontMetricsTests {
    @Test("DejaVu Sans at 17 pt: the numbers DESIGN.md gives")
    func dejaVuSansAt17() throws {
        let font = try Font(path: try BundledFontPaths.dejaVuSans())
        let metrics = font.metrics(size: 17)
        #expect(abs(metrics.ascender - 15.7798) < 0.0001)
        #expect(abs(metrics.descender - -4.0093) < 0.0001)
        #expect(metrics.lineGap == 0)
        #expect(abs(metrics.lineHeight - 19.7891) < 0.0001)
        let a = font.glyph(for: "A")
        #expect(a != 0)
        let advance = Double(font.advance(of: a)) * 17 / Double(font.unitsPerEm)
        #expect(abs(advance - 11.6294) < 0.0001)
        #expect(font.familyName == "DejaVu Sans")
        #expect(font.styleName == "Book")
    }

    @Test("Units, vertical metrics and glyph count match the font's own tables", arguments: ["DejaVuSans.ttf", "ipaexg.ttf"])
    func metricsMatchTables(fileName: String) throws {
        let directory = try #require(BundledFonts.directory)
        let path = directory + "/" + fileName
        let file = try SFNTFile(path: path)
        let font = try Font(path: path)
        let expected = try file.verticalMetrics()
        #expect(font.unitsPerEm == (try file.unitsPerEm()))
        #expect(font.glyphCount == (try file.glyphCount()))
        #expect(font.ascender == expected.ascender)
        #expect(font.descender == expected.descender)
        #expect(font.lineGap == expected.lineGap)
        #expect(font.descender < 0)
        for size in [9.0, 12, 17, 24.5] {
            let scale = size / Double(font.unitsPerEm)
            let metrics = font.metrics(size: size)
            #expect(metrics.ascender == Double(expected.ascender) * scale)
            #expect(metrics.descender == Double(expected.descender) * scale)
            #expect(metrics.lineGap == Double(expected.lineGap) * scale)
            #expect(metrics.lineHeight == metrics.ascender - metrics.descender + metrics.lineGap)
        }
    }

    @Test("IPAexGothic at 17 pt: hhea ascender 1802, descender -246 of 2048 units")
    func ipaexGothicAt17() throws {
        let path = try BundledFontPaths.ipaexGothic()
        let file = try SFNTFile(path: path)
        let hhea = try file.table("hhea")
        let font = try Font(path: path)
        let metrics = font.metrics(size: 17)
        // No USE_TYPO_METRICS bit, so hhea decides.
        #expect(file.u16(try file.table("OS/2") + 62) & 0x80 == 0)
        #expect(metrics.ascender == Double(file.i16(hhea + 4)) * 17 / 2048)  // 14.9580…
        #expect(metrics.descender == Double(file.i16(hhea + 6)) * 17 / 2048)  // −2.0419…
        #expect(abs(metrics.lineHeight - 17.0) < 1e-9)  // (1802 + 246 + 0) / 2048 × 17
        #expect(font.familyName == "IPAexGothic")
    }

    @Test("USE_TYPO_METRICS (fsSelection bit 7) switches to the OS/2 typo metrics")
    func useTypoMetrics() throws {
        var file = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let os2 = try file.table("OS/2")
        file.bytes[os2 + 63] |= 0x80
        let typo = (file.i16(os2 + 68), file.i16(os2 + 70), file.i16(os2 + 72))
        #expect(typo != (file.i16(try file.table("hhea") + 4), file.i16(try file.table("hhea") + 6), 0))
        try withTemporaryDirectory { directory in
            let font = try Font(path: try writeFile(file.bytes, named: "typo.ttf", in: directory))
            #expect(font.ascender == typo.0)
            #expect(font.descender == typo.1)
            #expect(font.lineGap == typo.2)
        }
    }

    @Test("hhea ascender and descender both 0: typo metrics, then usWin metrics")
    func zeroHheaFallsBack() throws {
        var file = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let hhea = try file.table("hhea")
        let os2 = try file.table("OS/2")
        for i in 4..<10 { file.bytes[hhea + i] = 0 }
        try withTemporaryDirectory { directory in
            let font = try Font(path: try writeFile(file.bytes, named: "zero-hhea.ttf", in: directory))
            #expect(font.ascender == file.i16(os2 + 68))
            #expect(font.descender == file.i16(os2 + 70))
            #expect(font.lineGap == file.i16(os2 + 72))
            // Zero the typo metrics too: usWinAscent / usWinDescent, no line gap.
            for i in 68..<74 { file.bytes[os2 + i] = 0 }
            let win = try Font(path: try writeFile(file.bytes, named: "zero-typo.ttf", in: directory))
            #expect(win.ascender == file.u16(os2 + 74))
            #expect(win.descender == -file.u16(os2 + 76))
            #expect(win.lineGap == 0)
        }
    }

    @Test("Metrics giving a negative line height are a damaged-font error (issue 13, finding 4)", arguments: [
        ("line gap -5000", 8, -5000), ("ascender -32768", 4, -32768), ("descender +3000", 6, 3000),
    ])
    func senselessMetrics(name: String, hheaField: Int, value: Int) throws {
        var file = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let hhea = try file.table("hhea")
        file.bytes[hhea + hheaField] = UInt8(truncatingIfNeeded: value >> 8)
        file.bytes[hhea + hheaField + 1] = UInt8(truncatingIfNeeded: value)
        try withTemporaryDirectory { directory in
            let path = try writeFile(file.bytes, named: "metrics.ttf", in: directory)
            #expect {
                _ = try Font(path: path)
            } throws: { error in
                guard case .damaged(let damagedPath, let reason) = error as? FontError else { return false }
                return damagedPath == path && reason.contains("negative line height")
            }
        }
    }

    @Test("A negative line gap that leaves the line height positive is kept (UIKit adds it)")
    func smallNegativeLineGap() throws {
        var file = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let hhea = try file.table("hhea")
        file.bytes[hhea + 8...hhea + 9] = [0xFF, 0x9C]  // -100 of 2048 units
        try withTemporaryDirectory { directory in
            let font = try Font(path: try writeFile(file.bytes, named: "gap.ttf", in: directory))
            #expect(font.lineGap == -100)
            #expect(font.metrics(size: 17).lineHeight > 0)
        }
    }

    @Test("FontMetrics.problem: both profiles' line heights must be ≥ 0")
    func metricsProblem() {
        #expect(FontMetrics.problem(ascender: 1901, descender: -483, lineGap: 0) == nil)
        #expect(FontMetrics.problem(ascender: 0, descender: 0, lineGap: 0) == nil)
        #expect(FontMetrics.problem(ascender: 800, descender: -200, lineGap: -1001) != nil)  // .uikit < 0
        #expect(FontMetrics.problem(ascender: -200, descender: 100, lineGap: 1000) != nil)  // .pango < 0
    }
}
