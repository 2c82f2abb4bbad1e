import CHarfBuzz
import Synchronization
import Foundation
import Testing
@testable import TextMeasure

@Suite("HarfBuzz fonts")
struct HarfBuzzFontTests {
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

    /// The glyphs and advances HarfBuzz gives `text` (Arabic, right to left) with `font`.
    private func shaped(_ text: String, with font: OpaquePointer) -> [Int64] {
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        HarfBuzzBufferPoolTests.fill(buffer, text)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, nil)!
        return (0..<Int(count)).map {
            Int64(infos[$0].codepoint) << 40 ^ Int64(infos[$0].cluster) << 24 ^ Int64(positions[$0].x_advance)
                ^ Int64(positions[$0].x_offset) << 52
        }
    }

    /// Calls `body` with the instances of `depth` nested `withShapingFont` calls (all in use at once).
    private func nested(_ font: HarfBuzzFont, depth: Int, _ taken: [OpaquePointer] = [], _ body: ([OpaquePointer]) -> Void) {
        guard depth > 0 else { return body(taken) }
        font.withShapingFont { instance in nested(font, depth: depth - 1, taken + [instance], body) }
    }

    @Test("Shapings at once use different instances, at most shapingInstanceCount made; the rest share the font")
    func instancesAreExclusiveAndBounded() throws {
        let font = HarfBuzzFont(face: try HarfBuzzFace(path: Self.arabic, index: 0), scale: 17 * 1024)
        let count = HarfBuzzFont.shapingInstanceCount
        var first: [OpaquePointer] = []
        nested(font, depth: count + 3) { taken in
            first = taken
            #expect(Set(taken.prefix(count).map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) }).count == count)
            #expect(!taken.prefix(count).contains(font.font))
            #expect(taken.suffix(3).allSatisfy { $0 == font.font })
        }
        #expect(font.shapingInstancesMade == count)
        // Given back, the instances are used again: none is made anew.
        nested(font, depth: count) { taken in
            #expect(Set(taken.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) })
                == Set(first.prefix(count).map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) }))
        }
        #expect(font.shapingInstancesMade == count)
    }

    @Test("Every instance shapes exactly as the font")
    func instancesShapeAlike() throws {
        let font = HarfBuzzFont(face: try HarfBuzzFace(path: Self.arabic, index: 0), scale: 17 * 1024)
        let text = "مرحبا بالعالم، كيف حالك اليوم؟ لا إله إلا الله"
        let expected = shaped(text, with: font.font)
        #expect(!expected.isEmpty)
        nested(font, depth: HarfBuzzFont.shapingInstanceCount + 1) { taken in
            for instance in taken { #expect(shaped(text, with: instance) == expected) }
        }
    }

    @Test("Many threads shaping with one measurer get what one thread gets")
    func sharedMeasurerAcrossThreads() throws {
        let noto = "/usr/share/fonts/truetype/noto/"
        let chain = try FontChain(paths: [noto + "NotoSans-Regular.ttf", Self.arabic, noto + "NotoSansDevanagari-Regular.ttf"])
        let rows = (0..<400).map { k in
            "مرحبا \(k * 7919) بالعالم नमस्ते दुनिया \(k) كيف حالك اليوم؟ आप कैसे हैं \(k * 31)"
        }
        let style = TextStyle(fontChain: chain, fontSize: 17, profile: .pango)
        let expected = try rows.map { try TextMeasurer(style: style).measure($0, width: 200).lineCount }
        let shared = try TextMeasurer(style: style)
        let threads = 2 * HarfBuzzFont.shapingInstanceCount
        let results = Mutex([[Int]](repeating: [], count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let counts = rows.indices.map { k in
                (try? shared.measure(rows[(k + thread * 37) % rows.count], width: 200).lineCount) ?? -1
            }
            results.withLock { $0[thread] = counts }
        }
        for (thread, counts) in results.withLock({ $0 }).enumerated() {
            #expect(counts == rows.indices.map { expected[($0 + thread * 37) % rows.count] })
        }
    }
}
