import RowHeight
import TextMeasure

/// Pictures of layouts (`rowheight render`): a text wrapped at a width, or a template cell for a
/// row, drawn with the glyphs FreeType rasterizes at the positions the measurer computed, line
/// boxes and node frames outlined, and the max width marked.
///
/// The picture is the layout's width plus a margin (where the area past the max width is
/// tinted) by the measured height, at `scale` pixels per point.
enum LayoutPicture {
    /// Extra points right of the layout, to show the max-width mark and anything past it.
    static let margin = 16.0
    /// The largest picture side, pixels.
    static let maxSide = 16_384

    /// The picture of `text` measured by `measurer` at `width` points.
    ///
    /// - Throws: `TextMeasureError` for a bad width, `CLIError` for a picture with no lines or
    ///   too large, `GlyphRasterError` if FreeType fails.
    static func text(_ text: String, measurer: TextMeasurer, width: Double, scale: Double) throws -> Canvas {
        let (measurement, lines) = try measurer.layoutGlyphs(text, width: width)
        guard measurement.lineCount > 0 else {
            throw CLIError("nothing to draw: the text has no lines (height 0)")
        }
        let extent = max(width, lines.map(\.width).max() ?? 0)
        var painter = try painter(width: extent, height: measurement.height, scale: scale)
        painter.shadeBeyond(x: width)
        try painter.drawText(lines, style: measurer.style, x: 0, y: 0, width: width)
        painter.markMaxWidth(x: width)
        return painter.canvas
    }

    /// The picture of `template`'s cell for `row` at `width` points: every node's frame, and
    /// the lines and glyphs of every text node as the template measured them.
    ///
    /// - Throws: `CellTemplateError` for a missing field, `TextMeasureError` for a bad width,
    ///   `CLIError` for an empty or too large picture, `GlyphRasterError` if FreeType fails.
    static func cell(_ template: CellTemplate, row: [String: String], width: Double, scale: Double) throws -> Canvas {
        let layout = try template.layout(for: row, width: width)
        guard layout.height > 0 else { throw CLIError("nothing to draw: the cell's height is 0") }
        let extent = max(width, layout.frames.map { $0.x + $0.width }.max() ?? 0)
        var painter = try painter(width: extent, height: layout.height, scale: scale)
        painter.shadeBeyond(x: width)
        painter.fillFrames(layout.frames)
        for frame in layout.frames {
            guard let lines = frame.text?.lines, case .text(let node)? = template.root.node(at: frame.path) else {
                continue
            }
            let string: String
            switch node.content {
            case .literal(let value): string = value
            case .field(let name): string = row[name] ?? ""
            }
            let measurer = try TextMeasurer(style: node.style)
            try painter.drawText(
                measurer.glyphLines(string, lines: lines), style: node.style, x: frame.x, y: frame.y, width: frame.width)
        }
        painter.outlineFrames(layout.frames)
        painter.markMaxWidth(x: width)
        return painter.canvas
    }

    /// A painter for a layout `width` × `height` points plus the margin.
    private static func painter(width: Double, height: Double, scale: Double) throws -> LayoutPainter {
        guard scale.isFinite, scale > 0 else { throw TextMeasureError.invalidScale(scale) }
        let pixelWidth = ((width + margin) * scale).rounded(.up)
        let pixelHeight = (height * scale - 1e-9 * max(1, height * scale)).rounded(.up)
        guard pixelWidth <= Double(maxSide), pixelHeight <= Double(maxSide) else {
            throw CLIError(
                "the picture would be \(Int(min(pixelWidth, 1e12)))×\(Int(min(pixelHeight, 1e12))) pixels; "
                    + "at most \(maxSide) on a side: lower --scale or --width")
        }
        return LayoutPainter(width: Int(pixelWidth), height: max(1, Int(pixelHeight)), scale: scale)
    }
}
