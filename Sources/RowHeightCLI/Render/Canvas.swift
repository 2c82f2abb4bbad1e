import TextMeasure

/// An RGB image in memory to draw a layout on: filled and outlined rectangles and glyph
/// coverage blended in a color. Pixels outside the canvas are clipped.
struct Canvas: Sendable {
    /// Size in pixels.
    let width: Int
    let height: Int
    /// 3 bytes (R, G, B) per pixel, row by row from the top: what `PNGEncoder` takes.
    private(set) var pixels: [UInt8]

    /// A canvas filled with `background`.
    init(width: Int, height: Int, background: RGBColor = .white) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            pixels[3 * i] = background.red
            pixels[3 * i + 1] = background.green
            pixels[3 * i + 2] = background.blue
        }
    }

    /// The color at column `x`, row `y` (inside the canvas).
    func pixel(x: Int, y: Int) -> RGBColor {
        let i = 3 * (y * width + x)
        return RGBColor(pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// Paints one pixel with `color` at opacity `alpha` (0…255); ignored outside the canvas.
    mutating func blend(x: Int, y: Int, _ color: RGBColor, alpha: Int) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let i = 3 * (y * width + x)
        let mixed = alpha >= 255 ? color : color.over(RGBColor(pixels[i], pixels[i + 1], pixels[i + 2]), alpha: alpha)
        pixels[i] = mixed.red
        pixels[i + 1] = mixed.green
        pixels[i + 2] = mixed.blue
    }

    /// Fills `rect` (clipped to the canvas) with `color` at opacity `alpha`.
    mutating func fill(_ rect: PixelRect, _ color: RGBColor, alpha: Int = 255) {
        let x0 = max(rect.x, 0), x1 = min(rect.x + rect.width, width)
        let y0 = max(rect.y, 0), y1 = min(rect.y + rect.height, height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { blend(x: x, y: y, color, alpha: alpha) } }
    }

    /// Outlines `rect` with `lineWidth`-pixel lines drawn inside it (so the outline of a rect
    /// never spills into its neighbour); a rect thinner than two lines is filled.
    mutating func stroke(_ rect: PixelRect, _ color: RGBColor, lineWidth: Int = 1, alpha: Int = 255) {
        guard !rect.isEmpty else { return }
        let line = max(1, lineWidth)
        if rect.width <= 2 * line || rect.height <= 2 * line {
            fill(rect, color, alpha: alpha)
            return
        }
        fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: line), color, alpha: alpha)
        fill(PixelRect(x: rect.x, y: rect.y + rect.height - line, width: rect.width, height: line), color, alpha: alpha)
        let inner = rect.height - 2 * line
        fill(PixelRect(x: rect.x, y: rect.y + line, width: line, height: inner), color, alpha: alpha)
        fill(PixelRect(x: rect.x + rect.width - line, y: rect.y + line, width: line, height: inner), color, alpha: alpha)
    }

    /// Blends a glyph's coverage in `color`, its origin at column `originX` on row `baseline`.
    mutating func draw(_ glyph: GlyphBitmap, originX: Int, baseline: Int, _ color: RGBColor) {
        let left = originX + glyph.left
        let top = baseline - glyph.top
        for row in 0..<glyph.height {
            for column in 0..<glyph.width {
                let coverage = glyph.coverage[row * glyph.width + column]
                if coverage != 0 { blend(x: left + column, y: top + row, color, alpha: Int(coverage)) }
            }
        }
    }
}
