import TextMeasure

/// A self-sizing cell: a layout tree that turns a row's data into a height for a width —
/// what `systemLayoutSizeFitting(_:)` answers for an Auto Layout cell, without a view.
///
/// ```swift
/// let style = try TextStyle.bundled(fontSize: 17)
/// let template = CellTemplate(.inset(.all(20), .vstack(spacing: 8, alignment: .leading, children: [
///     .text(TextNode(.field("title"), style: style)),
///     .text(TextNode(.field("body"), style: style)),
/// ])))
/// let height = try template.height(for: ["title": "Hi", "body": "A longer message…"], width: 375)
/// ```
public struct CellTemplate: Sendable, Hashable {
    /// The root node.
    public var root: CellNode
    /// Display scale: the cell height is rounded up to this pixel grid (once, at the end).
    public var scale: Double

    /// Creates a template.
    public init(_ root: CellNode, scale: Double = 1) {
        self.root = root
        self.scale = scale
    }

    /// The names of the row fields the template reads.
    public var fields: [String] {
        var names: [String] = []
        func visit(_ node: CellNode) {
            switch node {
            case .text(let text): if case .field(let name) = text.content, !names.contains(name) { names.append(name) }
            case .box: break
            case .inset(_, let child), .sized(_, _, let child): visit(child)
            case .vstack(_, _, let children), .hstack(_, let children): children.forEach(visit)
            }
        }
        visit(root)
        return names
    }

    /// The height of the cell for `row` at `width` points, rounded up to the pixel grid.
    ///
    /// - Throws: `CellTemplateError` for a missing field, `TextMeasureError` for an invalid width.
    /// - Complexity: O(total text length + nodes).
    public func height(for row: [String: String], width: Double) throws -> Double {
        try layout(for: row, width: width).height
    }

    /// The layout of the cell for `row` at `width` points: its height and every node's frame.
    ///
    /// - Throws: `CellTemplateError` for a missing field, `TextMeasureError` for an invalid width.
    public func layout(for row: [String: String], width: Double) throws -> CellLayout {
        guard width.isFinite, width > 0 else { throw TextMeasureError.invalidWidth(width) }
        guard scale.isFinite, scale > 0 else { throw TextMeasureError.invalidScale(scale) }
        var frames: [NodeFrame] = []
        var engine = CellLayoutEngine(row: row, frames: [])
        let size = try engine.measure(root, width: width, path: [])
        engine.place(root, size: size, x: 0, y: 0, path: [])
        frames = engine.frames
        let pixels = size.height * scale
        let height = (pixels - 1e-9 * max(1, pixels)).rounded(.up) / scale
        return CellLayout(width: width, height: height, frames: frames)
    }
}

/// The laid-out cell.
public struct CellLayout: Sendable, Hashable {
    /// The cell width, points.
    public var width: Double
    /// The cell height, points, on the pixel grid.
    public var height: Double
    /// Every node's frame, in tree order (parents before children).
    public var frames: [NodeFrame]
}

/// Where a node sits in the cell.
public struct NodeFrame: Sendable, Hashable {
    /// Child indices from the root to the node (`[]` is the root).
    public var path: [Int]
    /// What the node is: "text", "box", "inset", "vstack", "hstack", "sized".
    public var kind: String
    /// Origin and size, points, relative to the cell's top-left corner.
    public var x: Double, y: Double, width: Double, height: Double
    /// For a text node: its measurement (line count, line heights…).
    public var text: TextMeasurement?
}

/// A row that does not fit its template.
public enum CellTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The row has no value for a field the template reads.
    case missingField(String)

    public var description: String {
        switch self {
        case .missingField(let name): "field \"\(name)\" is missing"
        }
    }
}
