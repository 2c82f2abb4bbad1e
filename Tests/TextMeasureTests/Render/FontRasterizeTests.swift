import Testing
@testable import TextMeasure

@Suite("Rasterizing glyphs with FreeType")
struct FontRasterizeTests {
    private static func dejaVu() throws -> Font { try Font(path: try BundledFontPaths.dejaVuSans()) }

    @Test("'H' at 17 pt × 2: as tall as the cap height, standing on the baseline, fully covered stems")
    func capitalH() throws {
        let font = try Self.dejaVu()
        let bitmap = try font.rasterize(glyph: font.glyph(for: "H"), size: 17, scale: 2)
        // DejaVu Sans: cap height 1493 of 2048 units → 24.8 px at 34 px per em; left bearing 201 → 3.3 px.
        #expect((24...26).contains(bitmap.height))
        #expect((24...26).contains(bitmap.top))
        #expect(bitmap.top - bitmap.height <= 0 && bitmap.top - bitmap.height >= -1)
        #expect((2...4).contains(bitmap.left))
        #expect(bitmap.coverage.count == bitmap.width * bitmap.height)
        // The middle row crosses both stems and the bar: every column of it is inked.
        let middle = bitmap.height / 2
        #expect((0..<bitmap.width).filter { bitmap.coverage(x: $0, y: middle) > 128 }.count >= bitmap.width - 2)
        // A row a third of the way down crosses only the two stems: ink at both ends, none in the middle.
        let upper = bitmap.height / 4
        #expect(bitmap.coverage(x: bitmap.width / 2, y: upper) == 0)
        #expect(bitmap.coverage.contains(255))
    }

    @Test("A space has no ink")
    func space() throws {
        let font = try Self.dejaVu()
        let bitmap = try font.rasterize(glyph: font.glyph(for: " "), size: 17)
        #expect(bitmap.width == 0 || bitmap.height == 0 || bitmap.coverage.allSatisfy { $0 == 0 })
    }

    @Test("A half-pixel subpixel offset moves the ink half a pixel right")
    func subpixelOffset() throws {
        let font = try Self.dejaVu()
        let glyph = font.glyph(for: "l")
        func centroid(_ b: GlyphBitmap) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<b.height { for x in 0..<b.width {
                let c = Double(b.coverage(x: x, y: y))
                sum += (Double(b.left + x) + 0.5) * c
                weight += c
            } }
            return sum / weight
        }
        let plain = try font.rasterize(glyph: glyph, size: 17, scale: 2)
        let shifted = try font.rasterize(glyph: glyph, size: 17, scale: 2, subpixelOffset: 0.5)
        #expect(abs(centroid(shifted) - centroid(plain) - 0.5) < 0.1)
        // The transform does not stick: the next plain rasterization is the same as the first.
        #expect(try font.rasterize(glyph: glyph, size: 17, scale: 2) == plain)
    }

    @Test("Bad sizes and glyphs out of range are typed errors")
    func errors() throws {
        let font = try Self.dejaVu()
        #expect(throws: GlyphRasterError.invalidSize(size: 0, scale: 1)) { try font.rasterize(glyph: 1, size: 0) }
        #expect(throws: GlyphRasterError.invalidSize(size: 17, scale: .infinity)) {
            try font.rasterize(glyph: 1, size: 17, scale: .infinity)
        }
        let count = font.glyphCount
        #expect(throws: GlyphRasterError.glyphOutOfRange(path: font.path, glyph: GlyphID(count), glyphCount: count)) {
            try font.rasterize(glyph: GlyphID(count), size: 17)
        }
    }

    @Test("Rasterizing from many tasks at once gives the same bitmaps as one at a time")
    func concurrent() async throws {
        let font = try Self.dejaVu()
        let glyphs = "Handgloves".unicodeScalars.map { font.glyph(for: $0) }
        let sizes = [11.0, 17, 24, 31]
        var serial: [GlyphBitmap] = []
        for size in sizes { for glyph in glyphs { serial.append(try font.rasterize(glyph: glyph, size: size)) } }
        let results = try await withThrowingTaskGroup(of: [GlyphBitmap].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var out: [GlyphBitmap] = []
                    for size in sizes { for glyph in glyphs { out.append(try font.rasterize(glyph: glyph, size: size)) } }
                    return out
                }
            }
            var all: [[GlyphBitmap]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for result in results { #expect(result == serial) }
    }
}
