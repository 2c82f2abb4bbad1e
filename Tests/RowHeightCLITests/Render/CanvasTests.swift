import Testing
import TextMeasure
@testable import RowHeightCLI

@Suite("Canvas: rectangles and glyph coverage")
struct CanvasTests {
    private let red = RGBColor(255, 0, 0)

    @Test("A new canvas is its background everywhere")
    func background() {
        let canvas = Canvas(width: 4, height: 3, background: RGBColor(1, 2, 3))
        #expect(canvas.pixels.count == 36)
        #expect((0..<3).allSatisfy { y in (0..<4).allSatisfy { canvas.pixel(x: $0, y: y) == RGBColor(1, 2, 3) } })
    }

    @Test("fill paints exactly the rect's pixels, clipped at the edges")
    func fill() {
        var canvas = Canvas(width: 6, height: 5)
        canvas.fill(PixelRect(x: 4, y: -2, width: 10, height: 4), red)
        for y in 0..<5 {
            for x in 0..<6 {
                #expect(canvas.pixel(x: x, y: y) == (x >= 4 && y < 2 ? red : .white), "pixel \(x), \(y)")
            }
        }
    }

    @Test("stroke outlines the rect from inside: border pixels painted, interior untouched")
    func stroke() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.stroke(PixelRect(x: 1, y: 1, width: 6, height: 5), red)
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (1...6).contains(x) && (1...5).contains(y)
                let border = inside && (x == 1 || x == 6 || y == 1 || y == 5)
                #expect(canvas.pixel(x: x, y: y) == (border ? red : .white), "pixel \(x), \(y)")
            }
        }
    }

    @Test("Partial opacity mixes with what is there, rounded per channel")
    func blend() {
        var canvas = Canvas(width: 1, height: 1)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), .black, alpha: 51)  // 20 %
        // 255 × (1 − 0.2) = 204 in every channel.
        #expect(canvas.pixel(x: 0, y: 0) == RGBColor(204, 204, 204))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), red, alpha: 255)
        #expect(canvas.pixel(x: 0, y: 0) == red)
    }

    @Test("A glyph's coverage lands at origin + left, baseline − top, blended in the color")
    func glyph() {
        var canvas = Canvas(width: 10, height: 10)
        // 2 × 2 coverage: full, half / none, full.
        let bitmap = GlyphBitmap(width: 2, height: 2, left: 1, top: 3, coverage: [255, 128, 0, 255])
        canvas.draw(bitmap, originX: 4, baseline: 7, .black)
        #expect(canvas.pixel(x: 5, y: 4) == .black)
        #expect(canvas.pixel(x: 6, y: 4) == RGBColor(127, 127, 127))
        #expect(canvas.pixel(x: 5, y: 5) == .white)
        #expect(canvas.pixel(x: 6, y: 5) == .black)
        let painted = (0..<10).flatMap { y in (0..<10).map { (x: $0, y: y) } }.filter { canvas.pixel(x: $0.x, y: $0.y) != .white }
        #expect(painted.count == 3)
        // Clipped, not a crash, at the edges.
        canvas.draw(bitmap, originX: -2, baseline: 1, .black)
        canvas.draw(bitmap, originX: 9, baseline: 11, .black)
    }

    @Test("Point rectangles round each edge to the pixel grid, so neighbours neither overlap nor gap")
    func pixelRects() {
        let left = PixelRect(x: 0, y: 0, width: 10.3, height: 19.79, scale: 2)
        let right = PixelRect(x: 10.3, y: 0, width: 5, height: 19.79, scale: 2)
        #expect(left == PixelRect(x: 0, y: 0, width: 21, height: 40))
        #expect(right.x == left.x + left.width)
        #expect(right == PixelRect(x: 21, y: 0, width: 10, height: 40))
    }
}
