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
///
/// A template makes its text measurers once; it is an immutable value, safe to share across
/// threads. For rows read as bytes, fill a `CellRow` (`row(_:)`, `CellRow.setField`); for a
/// row shown at several widths (rotation), `prepare(_:)` it once.
public struct CellTemplate: Sendable, Hashable {
    /// The root node.
    public var root: CellNode {
        didSet { compiled = CompiledCell(root) }
    }
    /// Display scale: the cell height is rounded up to this pixel grid (once, at the end).
    public var scale: Double
    /// The tree with its measurers, made whenever `root` is set.
    private(set) var compiled: CompiledCell

    /// Creates a template.
    public init(_ root: CellNode, scale: Double = 1) {
        self.root = root
        self.scale = scale
        compiled = CompiledCell(root)
    }

    public static func == (lhs: CellTemplate, rhs: CellTemplate) -> Bool {
        lhs.root == rhs.root && lhs.scale == rhs.scale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(scale)
    }

    /// The names of the row fields the template reads, in order of first use: `CellRow`'s
    /// field numbers.
    public var fields: [String] { compiled.fields }

    /// The fields a row must have (read by a text node with `isRequired`), in `fields` order.
    public var requiredFields: [String] {
        compiled.fields.indices.filter { compiled.requiredFields[$0] }.map { compiled.fields[$0] }
    }

    /// A row of this template from field values by name (names the template does not read are
    /// ignored; fields it reads that `values` lacks are missing).
    ///
    /// - Complexity: O(fields + total value length).
    public func row(_ values: [String: String]) -> CellRow {
        var row = CellRow(fieldCount: compiled.fields.count)
        for (k, name) in compiled.fields.enumerated() {
            if let value = values[name] { row.setField(k, value) }
        }
        return row
    }

    /// The height of the cell for `row` at `width` points, rounded up to the pixel grid.
    ///
    /// - Throws: `CellTemplateError` for a required field the row lacks, `TextMeasureError`
    ///   for an invalid width, scale or style.
    /// - Complexity: O(total text length + nodes).
    public func height(for row: [String: String], width: Double) throws -> Double {
        try height(for: self.row(row), width: width)
    }

    /// The height of the cell for `row` (numbered as `fields`) at `width` points, rounded up
    /// to the pixel grid. Measures each text once, or twice when a horizontal stack needs its
    /// intrinsic widths and it wraps; nothing is allocated per text.
    ///
    /// - Throws: as `height(for:width:)` with a dictionary.
    public func height(for row: CellRow, width: Double) throws -> Double {
        var workspace = CellWorkspace()
        return try height(for: row, width: width, workspace: &workspace)
    }

    /// `height(for:width:)`, keeping the storage the texts need in `workspace` for the next
    /// row: measuring many rows on one thread with one workspace allocates nothing per row for
    /// the texts a horizontal stack walks.
    ///
    /// - Throws: as `height(for:width:)` with a dictionary.
    public func height(for row: CellRow, width: Double, workspace: inout CellWorkspace) throws -> Double {
        try check(width: width)
        try compiled.check(row)
        var storage = CellWorkspace()
        swap(&storage, &workspace)  // moved, not shared: the rows' storage is never copied on write
        var engine = CellLayoutEngine(
            cell: compiled, source: RowTextSource(cell: compiled, row: row, workspace: consume storage),
            recordFrames: false)
        defer { swap(&workspace, &engine.source.workspace) }
        return CellTemplate.round(try engine.layout(compiled.root, width: width, x: 0, y: 0), scale: scale)
    }

    /// The layout of the cell for `row` at `width` points: its height and every node's frame.
    ///
    /// - Throws: as `height(for:width:)`.
    public func layout(for row: [String: String], width: Double) throws -> CellLayout {
        try layout(for: self.row(row), width: width)
    }

    /// The layout of the cell for `row` (numbered as `fields`) at `width` points.
    ///
    /// - Throws: as `height(for:width:)`.
    public func layout(for row: CellRow, width: Double) throws -> CellLayout {
        try check(width: width)
        try compiled.check(row)
        return try layout(source: RowTextSource(cell: compiled, row: row), width: width)
    }

    /// Lays out with texts from `source` (width and scale checked).
    func layout<Source: CellTextSource>(source: Source, width: Double) throws -> CellLayout {
        var engine = CellLayoutEngine(cell: compiled, source: source, recordFrames: true)
        let height = try engine.layout(compiled.root, width: width, x: 0, y: 0)
        return CellLayout(
            width: width, height: CellTemplate.round(height, scale: scale), contentHeight: height,
            frames: engine.frames ?? [])
    }

    /// Throws for a width or scale that cannot be laid out.
    func check(width: Double) throws(TextMeasureError) {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    }

    /// `height` rounded up to the pixel grid of `scale`, ignoring noise far below a pixel.
    static func round(_ height: Double, scale: Double) -> Double {
        let pixels = height * scale
        return (pixels - 1e-9 * Swift.max(1, pixels)).rounded(.up) / scale
    }
}

/// The laid-out cell.
public struct CellLayout: Sendable, Hashable {
    /// The cell width, points.
    public var width: Double
    /// The cell height, points, on the pixel grid.
    public var height: Double
    /// The height before rounding to the pixel grid, points (the root's frame height).
    public var contentHeight: Double
    /// Every node's frame, in tree order (parents before children).
    public var frames: [NodeFrame]
}

/// Where a node sits in the cell.
public struct NodeFrame: Sendable, Hashable {
    /// Child indices from the root to the node (`[]` is the root; a `.flex` wrapper is
    /// transparent: its child is at its path).
    public var path: [Int]
    /// What the node is: "text", "box", "inset", "vstack", "hstack", "sized".
    public var kind: String
    /// Origin and size, points, relative to the cell's top-left corner.
    public var x: Double, y: Double, width: Double, height: Double
    /// For a text node: its measurement with its lines; `nil` for an empty (collapsed) text.
    public var text: TextMeasurement?
}

/// A row that does not fit its template.
public enum CellTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The row has no value for a field a text node requires (`TextNode.isRequired`).
    case missingField(String)
    /// The markup of the markup text node at `path` (its JSON path, `root.child.children[1]`)
    /// is not valid for this row.
    case invalidMarkup(path: String, MarkupError)

    public var description: String {
        switch self {
        case .missingField(let name): "required field \"\(name)\" is missing"
        case .invalidMarkup(let path, let error): "\(path): \(error)"
        }
    }
}
