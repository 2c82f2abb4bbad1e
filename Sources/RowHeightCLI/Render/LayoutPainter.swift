import RowHeight
import TextMeasure

/// Draws a layout on a `Canvas` at `scale` pixels per point: line boxes, baselines and glyphs
/// of texts, template node frames, and the max-width mark. Positions are in points; the
/// painter converts them to pixels (`PixelRect`) and keeps each rasterized glyph for reuse.
struct LayoutPainter {
    private(set) var canvas: Canvas
    let scale: Double
    /// Outline thickness, pixels: one point at the scale, at least one pixel.
    let lineWidth: Int

    private struct GlyphKey: Hashable {
        var font: ObjectIdentifier
        var glyph: GlyphID
        var size: Double
        /// Subpixel offset in quarters of a pixel (0…3).
        var quarter: Int
    }

    private var glyphs: [GlyphKey: GlyphBitmap] = [:]

    /// A painter on a white canvas of `width × height` pixels.
    init(width: Int, height: Int, scale: Double) {
        canvas = Canvas(width: width, height: height)
        self.scale = scale
        lineWidth = max(1, Int(scale.rounded(.down)))
    }

    /// Tints everything right of `x` points down to `height` points (default: the whole canvas).
    mutating func shadeBeyond(x: Double, height: Double? = nil) {
        let left = Int((x * scale).rounded())
        canvas.fill(
            PixelRect(x: left, y: 0, width: canvas.width - left, height: pixelRows(height)), RenderPalette.beyondWidth)
    }

    /// The max-width mark: a vertical line just right of `x` points, down to `height` points
    /// (default: the whole canvas).
    mutating func markMaxWidth(x: Double, height: Double? = nil) {
        let left = Int((x * scale).rounded())
        canvas.fill(PixelRect(x: left, y: 0, width: lineWidth, height: pixelRows(height)), RenderPalette.maxWidth)
    }

    private func pixelRows(_ height: Double?) -> Int {
        guard let height else { return canvas.height }
        return min(canvas.height, Int((height * scale).rounded(.up)))
    }

    /// Draws the glyphs of one line of plain text (a legend line) with its top-left corner at
    /// (`x`, `y`) points: no line box, no baseline.
    ///
    /// - Throws: `GlyphRasterError` if FreeType cannot rasterize a glyph.
    mutating func drawLabel(_ line: GlyphLine, style: TextStyle, x: Double, y: Double) throws(GlyphRasterError) {
        let baselineRow = Int(((y + line.ascender) * scale).rounded())
        try drawGlyphs(line, style: style, x: x, baselineRow: baselineRow, color: RenderPalette.legend)
    }

    /// Fills the frames that have a fill (fixed boxes).
    mutating func fillFrames(_ frames: [NodeFrame]) {
        for frame in frames {
            guard let color = RenderPalette.frameFill(kind: frame.kind) else { continue }
            canvas.fill(pixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height), color)
        }
    }

    /// Outlines every frame, colored by kind.
    mutating func outlineFrames(_ frames: [NodeFrame]) {
        for frame in frames {
            let rect = pixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            canvas.stroke(rect, RenderPalette.frameOutline(kind: frame.kind), lineWidth: lineWidth)
        }
    }

    /// The vertical extent of each line box of `lines` set in `style` with the text's top at
    /// `y` points: line i starts below the boxes (`lineHeight × lineHeightMultiple`) and
    /// spacings (`lineSpacing`) of the lines before it.
    static func lineBoxes(_ lines: [GlyphLine], style: TextStyle, y: Double) -> [(top: Double, height: Double)] {
        var top = y
        return lines.map { line in
            let box = (top, line.lineHeight * style.lineHeightMultiple)
            top += box.1 + style.lineSpacing
            return box
        }
    }

    /// Draws a text laid out in `lines` with its top-left corner at (`x`, `y`) points, wrapped
    /// at `width` points: each line box (outlined over the whole width, filled over the
    /// line's content), its baseline and its glyphs.
    ///
    /// - Throws: `GlyphRasterError` if FreeType cannot rasterize a glyph.
    mutating func drawText(_ lines: [GlyphLine], style: TextStyle, x: Double, y: Double, width: Double)
        throws(GlyphRasterError)
    {
        for (line, box) in zip(lines, LayoutPainter.lineBoxes(lines, style: style, y: y)) {
            let outline = pixelRect(x: x, y: box.top, width: width, height: box.height)
            canvas.fill(pixelRect(x: x, y: box.top, width: line.width, height: box.height), RenderPalette.lineContent)
            // UIKit puts the extra height of lineHeightMultiple above the glyphs.
            let baseline = box.top + box.height - line.lineHeight + line.ascender
            let baselineRow = Int((baseline * scale).rounded())
            canvas.fill(PixelRect(x: outline.x, y: baselineRow, width: outline.width, height: 1), RenderPalette.baseline)
            canvas.stroke(outline, RenderPalette.lineBox)
            try drawGlyphs(line, style: style, x: x, baselineRow: baselineRow, color: RenderPalette.ink)
        }
    }

    /// Draws the glyphs of `line` from `x` points on the pixel row `baselineRow`.
    private mutating func drawGlyphs(_ line: GlyphLine, style: TextStyle, x: Double, baselineRow: Int, color: RGBColor)
        throws(GlyphRasterError)
    {
        let fonts = style.fontChain.fonts
        for glyph in line.glyphs {
            let pixelX = (x + glyph.x) * scale
            var column = Int(pixelX.rounded(.down))
            var quarter = Int(((pixelX - Double(column)) * 4).rounded())
            if quarter == 4 { column += 1; quarter = 0 }
            let font = fonts[glyph.fontIndex]
            let key = GlyphKey(font: ObjectIdentifier(font), glyph: glyph.glyph, size: style.fontSize, quarter: quarter)
            let bitmap: GlyphBitmap
            if let cached = glyphs[key] {
                bitmap = cached
            } else {
                bitmap = try font.rasterize(
                    glyph: glyph.glyph, size: style.fontSize, scale: scale, subpixelOffset: Double(quarter) / 4)
                glyphs[key] = bitmap
            }
            canvas.draw(bitmap, originX: column, baseline: baselineRow, color)
        }
    }

    private func pixelRect(x: Double, y: Double, width: Double, height: Double) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height, scale: scale)
    }
}
