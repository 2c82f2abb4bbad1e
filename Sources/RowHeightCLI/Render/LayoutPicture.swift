import RowHeight
import TextMeasure

/// Pictures of layouts (`rowheight render`): a text wrapped at a width, or a template cell for a
/// row, drawn with the glyphs FreeType rasterizes at the positions the measurer computed, line
/// boxes and node frames outlined, the max width marked, and below it a legend that says how
/// the height adds up (`LayoutExplanation`).
///
/// The layout takes the top of the picture: its width plus a margin (where the area past the
/// max width is tinted) by the measured height, at `scale` pixels per point; the legend follows.
enum LayoutPicture {
    /// Extra points right of the layout, to show the max-width mark and anything past it.
    static let margin = 16.0
    /// The largest picture side, pixels.
    static let maxSide = 16_384
    /// The legend's font size, points, and the gap above it.
    static let legendSize = 11.0
    static let legendGap = 8.0

    /// A drawn picture: its pixels, the height it explains (points) and its legend.
    struct Picture {
        var canvas: Canvas
        var height: Double
        var legend: [String]
    }

    /// The picture of `text` measured by `measurer` at `width` points.
    ///
    /// - Throws: `TextMeasureError` for a bad width, `CLIError` for a picture with no lines or
    ///   too large, `GlyphRasterError` if FreeType fails.
    static func text(_ text: String, measurer: TextMeasurer, width: Double, scale: Double) throws -> Picture {
        // With system fallback, drawn with the fonts found for the text.
        let measurer = measurer.resolvingSystemFallback(for: text)
        let (measurement, lines) = try measurer.layoutGlyphs(text, width: width)
        guard measurement.lineCount > 0 else {
            throw CLIError("nothing to draw: the text has no lines (height 0)")
        }
        let legend = LayoutExplanation.text(
            try measurer.measure(text, width: width, includeLines: true), style: measurer.style, width: width)
        let extent = max(width, lines.map(\.width).max() ?? 0)
        var painter = try painter(width: extent, height: measurement.height, legend: legend, scale: scale)
        painter.painter.shadeBeyond(x: width, height: measurement.height)
        try painter.painter.drawText(lines, style: measurer.style, x: 0, y: 0, width: width)
        painter.painter.markMaxWidth(x: width, height: measurement.height)
        try drawLegend(painter, below: measurement.height, into: &painter.painter)
        return Picture(canvas: painter.painter.canvas, height: measurement.height, legend: legend)
    }

    /// The picture of `template`'s cell for `row` at `width` points: every node's frame, and
    /// the lines and glyphs of every text node as the template measured them.
    ///
    /// - Throws: `CellTemplateError` for a missing required field, `TextMeasureError` for a bad
    ///   width, `CLIError` for an empty or too large picture, `GlyphRasterError` if FreeType fails.
    static func cell(_ template: CellTemplate, row: [String: String], width: Double, scale: Double) throws -> Picture {
        let layout = try template.layout(for: row, width: width)
        guard layout.height > 0 else { throw CLIError("nothing to draw: the cell's height is 0") }
        let legend = LayoutExplanation.cell(layout, template: template)
        let extent = max(width, layout.frames.map { $0.x + $0.width }.max() ?? 0)
        var painter = try painter(width: extent, height: layout.height, legend: legend, scale: scale)
        painter.painter.shadeBeyond(x: width, height: layout.height)
        painter.painter.fillFrames(layout.frames)
        for frame in layout.frames {
            guard let lines = frame.text?.lines, case .text(let node)? = template.root.node(at: frame.path) else {
                continue
            }
            let string: String
            switch node.content {
            case .literal(let value): string = value
            case .field(let name): string = row[name] ?? ""
            }
            let measurer = try TextMeasurer(style: node.style).resolvingSystemFallback(for: string)
            try painter.painter.drawText(
                measurer.glyphLines(string, lines: lines), style: node.style, x: frame.x, y: frame.y, width: frame.width)
        }
        painter.painter.outlineFrames(layout.frames)
        painter.painter.markMaxWidth(x: width, height: layout.height)
        try drawLegend(painter, below: layout.height, into: &painter.painter)
        return Picture(canvas: painter.painter.canvas, height: layout.height, legend: legend)
    }

    /// A painter and the legend's lines laid out.
    private struct LegendPainter {
        var painter: LayoutPainter
        let lines: [GlyphLine]
        let style: TextStyle
    }

    /// A painter for a layout `width` × `height` points plus the margin, with room for `legend` below.
    private static func painter(width: Double, height: Double, legend: [String], scale: Double) throws -> LegendPainter {
        guard scale.isFinite, scale > 0 else { throw TextMeasureError.invalidScale(scale) }
        let style = try TextStyle.bundled(fontSize: legendSize)
        let measurer = try TextMeasurer(style: style)
        let lines = try legend.map { try measurer.layoutGlyphs($0, width: 100_000).1.first }.compactMap { $0 }
        let legendWidth = (lines.map(\.width).max() ?? 0) + 8
        let legendHeight = lines.reduce(0) { $0 + $1.lineHeight } + legendGap
        let pixelWidth = (max(width + margin, legendWidth) * scale).rounded(.up)
        let pixelHeight = ((height + legendHeight) * scale - 1e-9 * max(1, height * scale)).rounded(.up)
        guard pixelWidth <= Double(maxSide), pixelHeight <= Double(maxSide) else {
            throw CLIError(
                "the picture would be \(Int(min(pixelWidth, 1e12)))×\(Int(min(pixelHeight, 1e12))) pixels; "
                    + "at most \(maxSide) on a side: lower --scale or --width")
        }
        return LegendPainter(
            painter: LayoutPainter(width: Int(pixelWidth), height: max(1, Int(pixelHeight)), scale: scale),
            lines: lines, style: style)
    }

    /// Draws the legend's lines below `height` points.
    private static func drawLegend(_ legend: LegendPainter, below height: Double, into painter: inout LayoutPainter)
        throws(GlyphRasterError)
    {
        var y = height + legendGap
        for line in legend.lines {
            try painter.drawLabel(line, style: legend.style, x: 4, y: y)
            y += line.lineHeight
        }
    }
}
