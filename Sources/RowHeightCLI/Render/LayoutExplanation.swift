import RowHeight
import TextMeasure

/// The legend of a layout picture: how the height adds up, one line per node, indented by depth —
/// each text's lines (height and width), insets, stack spacing, clamps, and the final rounding.
enum LayoutExplanation {
    /// The legend of `measurement` (a text wrapped at `width`, lines included) set in `style`.
    static func text(_ measurement: TextMeasurement, style: TextStyle, width: Double) -> [String] {
        var legend = ["height \(n(measurement.height)) pt at width \(n(width)) pt (scale \(n(style.scale)))"]
        legend.append("  " + textSum(measurement, style: style))
        for (i, line) in (measurement.lines ?? []).prefix(measurement.lineCount).enumerated() {
            legend.append("  line \(i + 1): \(n(line.lineHeight)) pt tall, \(n(line.width)) pt wide")
        }
        return legend
    }

    /// The legend of a template cell's `layout` for `template`.
    static func cell(_ layout: CellLayout, template: CellTemplate) -> [String] {
        var legend = [
            "cell height \(n(layout.height)) pt = \(n(layout.contentHeight)) rounded up to the pixel grid "
                + "(scale \(n(template.scale))), width \(n(layout.width)) pt"
        ]
        for frame in layout.frames {
            let indent = String(repeating: "  ", count: frame.path.count + 1)
            let children = layout.frames.filter { $0.path.count == frame.path.count + 1 && $0.path.starts(with: frame.path) }
            let node = template.root.node(at: frame.path)
            legend.append(indent + describe(frame, node: node, children: children, fields: template.fields))
            if case .text(let textNode)? = node, let m = frame.text {
                for (i, line) in (m.lines ?? []).prefix(m.lineCount).enumerated() {
                    legend.append(
                        indent + "  line \(i + 1): \(n(line.lineHeight * textNode.style.lineHeightMultiple)) pt tall, "
                            + "\(n(line.width)) pt wide")
                }
            }
        }
        return legend
    }

    private static func describe(_ frame: NodeFrame, node: CellNode?, children: [NodeFrame], fields: [String]) -> String {
        let size = "\(n(frame.width))×\(n(frame.height))"
        switch node {
        case .text(let text)?:
            let name: String
            switch text.content {
            case .field(let field): name = "text \"\(field)\""
            case .literal(let value): name = "text \"\(value.prefix(16))\""
            }
            guard let m = frame.text else { return "\(name): empty, collapsed (0 pt, no spacing)" }
            return "\(name) at \(n(frame.width)) pt: " + textSum(m, style: text.style)
        case .box?:
            return "box \(size)"
        case .inset(let insets, _)?:
            let child = children.first?.height ?? 0
            return "inset \(size): \(n(insets.top)) + \(n(child)) + \(n(insets.bottom)) = \(n(frame.height))"
        case .vstack(let spacing, _, _)?:
            let shown = children.filter { !($0.kind == "text" && $0.text == nil) }
            var parts = shown.map { n($0.height) }.joined(separator: " + ")
            if shown.count > 1 { parts += " + \(shown.count - 1) × \(n(spacing)) spacing" }
            return "vstack \(size): \(shown.isEmpty ? "0" : parts) = \(n(frame.height))"
        case .hstack?:
            let widths = children.map { n($0.width) }.joined(separator: ", ")
            let heights = children.map { n($0.height) }.joined(separator: ", ")
            return "hstack \(size): widths \(widths); tallest of \(heights) = \(n(frame.height))"
        case .sized(let minHeight, let maxHeight, _)?:
            let child = children.first?.height ?? 0
            return "sized \(size): \(n(child)) clamped to \(minHeight.map(n) ?? "0")…\(maxHeight.map(n) ?? "∞") = \(n(frame.height))"
        case .flex?, nil:
            return "\(frame.kind) \(size)"
        }
    }

    /// `3 lines: 19.79 + 19.79 + 19.79 = 59.37 → 60 pt`, with the multiple and spacing when set.
    private static func textSum(_ m: TextMeasurement, style: TextStyle) -> String {
        let lines = (m.lines ?? []).prefix(m.lineCount)
        guard !lines.isEmpty else { return "\(m.lineCount) lines, \(n(m.height)) pt" }
        var sum = 0.0
        for line in lines { sum += line.lineHeight }
        var total = sum * style.lineHeightMultiple + Double(lines.count - 1) * style.lineSpacing
        var text = "\(lines.count) line\(lines.count == 1 ? "" : "s"): "
        text += lines.count <= 6
            ? lines.map { n($0.lineHeight) }.joined(separator: " + ") : "\(lines.count) × ~\(n(sum / Double(lines.count)))"
        if style.lineHeightMultiple != 1 { text = "(\(text)) × \(n(style.lineHeightMultiple))" }
        if style.lineSpacing != 0, lines.count > 1 { text += " + \(lines.count - 1) × \(n(style.lineSpacing)) spacing" }
        total = max(total, 0)
        return text + " = \(n(total)) → \(n(m.height)) pt"
    }

    /// A number with at most two decimals, trailing zeros dropped.
    static func n(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths / 100)
        let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        if fraction == 0 { return "\(whole)" }
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        return fraction % 10 == 0 ? "\(sign)\(whole).\(fraction / 10)" : "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
