import TextMeasure

/// Lays out a compiled cell in one pass — widths down, heights up — recording every node's
/// frame when asked (`frames` not `nil`). Horizontal stacks size their children as flex items
/// (`FlexLine`) from their intrinsic widths.
struct CellLayoutEngine<Source: CellTextSource> {
    let cell: CompiledCell
    var source: Source
    /// The frames laid out so far, parents before children; `nil` when only the height is wanted.
    var frames: [NodeFrame]?
    /// The path of the node being laid out (only kept when recording frames).
    private var path: [Int] = []

    init(cell: CompiledCell, source: Source, recordFrames: Bool) {
        self.cell = cell
        self.source = source
        frames = recordFrames ? [] : nil
    }

    /// The smallest width a text is wrapped at (a flex item may be given 0).
    static var narrowest: Double { 1e-6 }

    /// Whether `node` takes no room: an empty text, or a stack of such nodes only.
    ///
    /// `mutating` though it changes nothing: called from the closures of `layout`, which hold
    /// `self` in place, a non-mutating call would copy the engine (and the row's texts with it)
    /// each time — nine copies a row in the chat template, 12 % of its instructions.
    mutating func isCollapsed(_ node: CompiledCell.Node) -> Bool {
        switch node {
        case .text(let index): return source.isEmpty(index)
        case .box, .inset, .sized: return false
        case .flex(_, let child): return isCollapsed(child)
        case .vstack(_, _, let children), .hstack(_, let children):
            if children.isEmpty { return false }
            for child in children where !isCollapsed(child) { return false }  // a loop: no copy of `self` in a closure
            return true
        }
    }

    // MARK: Intrinsic widths

    /// The min-content and max-content widths of `node`, points.
    mutating func intrinsicWidths(_ node: CompiledCell.Node) throws -> (min: Double, max: Double) {
        switch node {
        case .text(let index):
            if source.isEmpty(index) { return (0, 0) }
            let widths = try source.intrinsicWidths(index)
            return (widths.minContent, widths.maxContent)
        case .box(let width, _):
            return (width, width)
        case .inset(let insets, let child):
            let inner = try intrinsicWidths(child)
            return (inner.min + insets.left + insets.right, inner.max + insets.left + insets.right)
        case .sized(_, _, let child), .flex(_, let child):
            return try intrinsicWidths(child)
        case .vstack(_, _, let children):
            var result = (min: 0.0, max: 0.0)
            for child in children where !isCollapsed(child) {
                let widths = try intrinsicWidths(child)
                result = (Swift.max(result.min, widths.min), Swift.max(result.max, widths.max))
            }
            return result
        case .hstack(let spacing, let children):
            var result = (min: 0.0, max: 0.0)
            var visible = 0
            for child in children where !isCollapsed(child) {
                let item = try flexItem(child)
                // A child that cannot shrink contributes its hypothetical size to both.
                result.min += item.shrink == 0 ? item.hypothetical : item.min
                result.max += item.hypothetical
                visible += 1
            }
            let gaps = spacing * Double(Swift.max(visible - 1, 0))
            return (result.min + gaps, result.max + gaps)
        }
    }

    /// `child` of a horizontal stack as a flex item: its settings (a `.flex` wrapper's, or the
    /// defaults) with `auto` resolved from its intrinsic widths.
    mutating func flexItem(_ child: CompiledCell.Node) throws -> FlexLine.Item {
        var settings = FlexItem()
        var inner = child
        if case .flex(let item, let wrapped) = child {
            settings = item
            inner = wrapped
        }
        let content = try intrinsicWidths(inner)
        let maxWidth = settings.maxWidth ?? .infinity
        return FlexLine.Item(
            base: settings.basis ?? content.max, grow: settings.grow, shrink: settings.shrink,
            min: settings.minWidth ?? Swift.min(content.min, maxWidth), max: maxWidth)
    }

    // MARK: Layout

    /// Lays out `node` at `width` points with its top-left corner at (`x`, `y`); returns its
    /// height (unrounded), recording frames if asked.
    mutating func layout(_ node: CompiledCell.Node, width: Double, x: Double, y: Double) throws -> Double {
        switch node {
        case .text(let index):
            if source.isEmpty(index) {
                record("text", x: x, y: y, width: width, height: 0)
                return 0
            }
            let measurement = try source.measure(
                index, width: Swift.max(width, Self.narrowest), lines: frames != nil)
            record("text", x: x, y: y, width: width, height: measurement.height, text: measurement)
            return measurement.height
        case .box(let boxWidth, let height):
            record("box", x: x, y: y, width: boxWidth, height: height)
            return height
        case .inset(let insets, let child):
            let frame = record("inset", x: x, y: y, width: width, height: 0)
            let inner = try layoutChild(
                child, index: 0, width: Swift.max(width - insets.left - insets.right, 0), x: x + insets.left,
                y: y + insets.top)
            let height = inner + insets.top + insets.bottom
            setHeight(frame, height)
            return height
        case .sized(let minHeight, let maxHeight, let child):
            let frame = record("sized", x: x, y: y, width: width, height: 0)
            var height = try layoutChild(child, index: 0, width: width, x: x, y: y)
            if let minHeight { height = Swift.max(height, minHeight) }
            if let maxHeight { height = Swift.min(height, maxHeight) }
            setHeight(frame, height)
            return height
        case .flex(_, let child):
            return try layout(child, width: width, x: x, y: y)
        case .vstack(let spacing, let alignment, let children):
            let frame = record("vstack", x: x, y: y, width: width, height: 0)
            var cursor = y
            var visible = 0
            for (i, child) in children.enumerated() {
                if isCollapsed(child) {
                    _ = try layoutChild(child, index: i, width: width, x: x, y: cursor)
                    continue
                }
                if visible > 0 { cursor += spacing }
                var childX = x
                var childWidth = width
                if let own = Self.fixedWidth(child), own < width {
                    childWidth = own
                    switch alignment {
                    case .leading: break
                    case .center: childX = x + (width - own) / 2
                    case .trailing: childX = x + width - own
                    }
                }
                cursor += try layoutChild(child, index: i, width: childWidth, x: childX, y: cursor)
                visible += 1
            }
            setHeight(frame, cursor - y)
            return cursor - y
        case .hstack(let spacing, let children):
            let frame = record("hstack", x: x, y: y, width: width, height: 0)
            var visible = 0
            for child in children where !isCollapsed(child) { visible += 1 }
            let height = try withUnsafeTemporaryAllocation(of: FlexLine.Item.self, capacity: visible) { items in
                try withUnsafeTemporaryAllocation(of: Double.self, capacity: visible) { widths in
                    var k = 0
                    for child in children where !isCollapsed(child) {
                        items.initializeElement(at: k, to: try flexItem(child))
                        k += 1
                    }
                    let gaps = spacing * Double(Swift.max(visible - 1, 0))
                    FlexLine.resolve(UnsafeBufferPointer(items), available: Swift.max(width - gaps, 0), into: widths)
                    var cursor = x
                    var height = 0.0
                    k = 0
                    for (i, child) in children.enumerated() {
                        if isCollapsed(child) {
                            _ = try layoutChild(child, index: i, width: 0, x: cursor, y: y)
                            continue
                        }
                        if k > 0 { cursor += spacing }
                        height = Swift.max(height, try layoutChild(child, index: i, width: widths[k], x: cursor, y: y))
                        if case .box = child.unwrappingFlex, frames != nil {
                            frames![frames!.count - 1].width = widths[k]  // a box flexed to another width
                        }
                        cursor += widths[k]
                        k += 1
                    }
                    return height
                }
            }
            setHeight(frame, height)
            return height
        }
    }

    /// Lays out child `index` of the node being laid out.
    private mutating func layoutChild(_ child: CompiledCell.Node, index: Int, width: Double, x: Double, y: Double)
        throws -> Double
    {
        guard frames != nil else { return try layout(child, width: width, x: x, y: y) }
        path.append(index)
        defer { path.removeLast() }
        return try layout(child, width: width, x: x, y: y)
    }

    /// The width a vertical stack's child keeps whatever room it is given: a box's, plus any
    /// insets around it; `nil` for nodes that fill their width (texts, stacks).
    static func fixedWidth(_ node: CompiledCell.Node) -> Double? {
        switch node {
        case .box(let width, _): return width
        case .inset(let insets, let child): return fixedWidth(child).map { $0 + insets.left + insets.right }
        case .sized(_, _, let child), .flex(_, let child): return fixedWidth(child)
        default: return nil
        }
    }

    /// Records a frame at the current path; returns its index (or -1 when not recording).
    @discardableResult
    private mutating func record(
        _ kind: String, x: Double, y: Double, width: Double, height: Double, text: TextMeasurement? = nil
    ) -> Int {
        guard frames != nil else { return -1 }
        frames!.append(NodeFrame(path: path, kind: kind, x: x, y: y, width: width, height: height, text: text))
        return frames!.count - 1
    }

    private mutating func setHeight(_ frame: Int, _ height: Double) {
        if frame >= 0 { frames![frame].height = height }
    }
}

extension CompiledCell.Node {
    /// The node inside any `.flex` wrappers.
    var unwrappingFlex: CompiledCell.Node {
        var node = self
        while case .flex(_, let child) = node { node = child }
        return node
    }
}
