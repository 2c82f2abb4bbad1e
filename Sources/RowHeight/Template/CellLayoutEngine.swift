import TextMeasure

/// Lays out a `CellNode` tree: first sizes (widths down, heights up), then frames.
struct CellLayoutEngine {
    let row: [String: String]
    var frames: [NodeFrame]
    /// Text measurements made while sizing, reused when placing (keyed by node path).
    private var texts: [[Int]: TextMeasurement] = [:]

    init(row: [String: String], frames: [NodeFrame]) {
        self.row = row
        self.frames = frames
    }

    struct Size { var width: Double; var height: Double; var collapsed: Bool }

    func text(of node: TextNode) throws -> String {
        switch node.content {
        case .literal(let value): return value
        case .field(let name):
            guard let value = row[name] else { throw CellTemplateError.missingField(name) }
            return value
        }
    }

    /// The size of `node` laid out at `width`.
    mutating func measure(_ node: CellNode, width: Double, path: [Int]) throws -> Size {
        switch node {
        case .text(let text):
            let string = try self.text(of: text)
            if string.isEmpty { return Size(width: width, height: 0, collapsed: true) }
            let measurement = try TextMeasurer(style: text.style).measure(string, width: max(width, 1e-6), includeLines: true)
            texts[path] = measurement
            return Size(width: width, height: measurement.height, collapsed: false)
        case .box(let w, let h):
            return Size(width: w, height: h, collapsed: false)
        case .inset(let insets, let child):
            let inner = try measure(child, width: max(width - insets.left - insets.right, 1e-6), path: path + [0])
            return Size(width: width, height: inner.height + insets.top + insets.bottom, collapsed: false)
        case .vstack(let spacing, _, let children):
            var height = 0.0
            var visible = 0
            for (i, child) in children.enumerated() {
                let size = try measure(child, width: width, path: path + [i])
                if size.collapsed { continue }
                height += size.height + (visible > 0 ? spacing : 0)
                visible += 1
            }
            return Size(width: width, height: height, collapsed: visible == 0 && !children.isEmpty)
        case .hstack(let spacing, let children):
            let widths = try columnWidths(children, spacing: spacing, width: width)
            var height = 0.0
            var visible = 0
            for (i, child) in children.enumerated() {
                let size = try measure(child, width: widths[i], path: path + [i])
                if size.collapsed { continue }
                height = max(height, size.height)
                visible += 1
            }
            return Size(width: width, height: height, collapsed: visible == 0 && !children.isEmpty)
        case .sized(let minHeight, let maxHeight, let child):
            let inner = try measure(child, width: width, path: path + [0])
            var height = inner.height
            if let minHeight { height = max(height, minHeight) }
            if let maxHeight { height = min(height, maxHeight) }
            return Size(width: width, height: height, collapsed: false)
        }
    }

    /// Widths of an hstack's children: boxes keep theirs; the rest share what is left equally.
    /// Spacing is dropped next to empty texts, as for hidden stack-view children.
    func columnWidths(_ children: [CellNode], spacing: Double, width: Double) throws -> [Double] {
        var fixed = 0.0
        var flexible = 0
        var visible = 0
        for child in children {
            if case .text(let text) = child, try self.text(of: text).isEmpty { continue }
            visible += 1
            if case .box(let w, _) = child { fixed += w } else { flexible += 1 }
        }
        let remaining = max(width - fixed - spacing * Double(max(visible - 1, 0)), 0)
        let share = flexible > 0 ? remaining / Double(flexible) : 0
        return children.map { child in
            if case .box(let w, _) = child { return w }
            return max(share, 1e-6)
        }
    }

    /// The width a node wants whatever room it is given: a box's, plus any insets around it;
    /// `nil` for nodes that fill their width (texts, stacks).
    static func intrinsicWidth(_ node: CellNode) -> Double? {
        switch node {
        case .box(let w, _): return w
        case .inset(let insets, let child): return intrinsicWidth(child).map { $0 + insets.left + insets.right }
        case .sized(_, _, let child): return intrinsicWidth(child)
        default: return nil
        }
    }

    /// Records the frames of `node` (already sized) at `x`, `y`.
    mutating func place(_ node: CellNode, size: Size, x: Double, y: Double, path: [Int]) {
        switch node {
        case .text:
            frames.append(NodeFrame(path: path, kind: "text", x: x, y: y, width: size.width, height: size.height,
                                    text: texts[path]))
        case .box(let w, let h):
            frames.append(NodeFrame(path: path, kind: "box", x: x, y: y, width: w, height: h, text: nil))
        case .inset(let insets, let child):
            frames.append(NodeFrame(path: path, kind: "inset", x: x, y: y, width: size.width, height: size.height, text: nil))
            let innerWidth = max(size.width - insets.left - insets.right, 1e-6)
            let inner = (try? measure(child, width: innerWidth, path: path + [0])) ?? Size(width: innerWidth, height: 0, collapsed: true)
            place(child, size: Size(width: innerWidth, height: inner.height, collapsed: inner.collapsed),
                  x: x + insets.left, y: y + insets.top, path: path + [0])
        case .vstack(let spacing, let alignment, let children):
            frames.append(NodeFrame(path: path, kind: "vstack", x: x, y: y, width: size.width, height: size.height, text: nil))
            var cursor = y
            var visible = 0
            for (i, child) in children.enumerated() {
                guard let childSize = try? measure(child, width: size.width, path: path + [i]) else { continue }
                if childSize.collapsed {
                    place(child, size: childSize, x: x, y: cursor, path: path + [i])
                    continue
                }
                if visible > 0 { cursor += spacing }
                var childX = x
                var placed = childSize
                if let w = CellLayoutEngine.intrinsicWidth(child), w < size.width {
                    placed.width = w
                    switch alignment {
                    case .leading: break
                    case .center: childX = x + (size.width - w) / 2
                    case .trailing: childX = x + size.width - w
                    }
                }
                place(child, size: placed, x: childX, y: cursor, path: path + [i])
                cursor += childSize.height
                visible += 1
            }
        case .hstack(let spacing, let children):
            frames.append(NodeFrame(path: path, kind: "hstack", x: x, y: y, width: size.width, height: size.height, text: nil))
            let widths = (try? columnWidths(children, spacing: spacing, width: size.width)) ?? children.map { _ in 0 }
            var cursor = x
            var visible = 0
            for (i, child) in children.enumerated() {
                guard let childSize = try? measure(child, width: widths[i], path: path + [i]) else { continue }
                if childSize.collapsed {
                    place(child, size: childSize, x: cursor, y: y, path: path + [i])
                    continue
                }
                if visible > 0 { cursor += spacing }
                place(child, size: childSize, x: cursor, y: y, path: path + [i])
                cursor += widths[i]
                visible += 1
            }
        case .sized(_, _, let child):
            frames.append(NodeFrame(path: path, kind: "sized", x: x, y: y, width: size.width, height: size.height, text: nil))
            if let inner = try? measure(child, width: size.width, path: path + [0]) {
                place(child, size: inner, x: x, y: y, path: path + [0])
            }
        }
    }
}
