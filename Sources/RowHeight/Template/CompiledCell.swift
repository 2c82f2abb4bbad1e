import TextMeasure

/// A template ready to lay out rows: its tree with the text nodes numbered in tree order, and
/// for each text node its measurer (made once, with the template) and where its text comes from.
struct CompiledCell: Sendable {
    /// `CellNode` with each text node replaced by its number.
    indirect enum Node: Sendable {
        case text(Int)
        case box(width: Double, height: Double)
        case inset(EdgeInsets, Node)
        case vstack(spacing: Double, alignment: HorizontalAlignment, children: [Node])
        case hstack(spacing: Double, children: [Node])
        case sized(minHeight: Double?, maxHeight: Double?, Node)
        case flex(FlexItem, Node)
    }

    /// One text node.
    struct Text: Sendable {
        /// Its measurer, or why its style cannot measure (thrown when the node is laid out).
        let measurer: Result<TextMeasurer, TextMeasureError>
        /// The number of its field in `fields`, or `nil` for a literal.
        let field: Int?
        /// The literal's UTF-8.
        let literal: [UInt8]
        let isRequired: Bool
        /// Whether it is inside a horizontal stack (whose layout needs its intrinsic widths).
        let inHorizontalStack: Bool
    }

    let root: Node
    let texts: [Text]
    /// The names of the row fields read, in order of first use.
    let fields: [String]

    init(_ root: CellNode) {
        var texts: [Text] = []
        var fields: [String] = []
        var measurers: [TextStyle: Result<TextMeasurer, TextMeasureError>] = [:]
        func compile(_ node: CellNode, inHorizontalStack: Bool) -> Node {
            switch node {
            case .text(let text):
                let measurer = measurers[text.style] ?? Result { () throws(TextMeasureError) in
                    try TextMeasurer(style: text.style)
                }
                measurers[text.style] = measurer
                var field: Int?
                var literal: [UInt8] = []
                switch text.content {
                case .field(let name):
                    field = fields.firstIndex(of: name) ?? fields.count
                    if field == fields.count { fields.append(name) }
                case .literal(let value):
                    literal = Array(value.utf8)
                }
                texts.append(Text(
                    measurer: measurer, field: field, literal: literal, isRequired: text.isRequired,
                    inHorizontalStack: inHorizontalStack))
                return .text(texts.count - 1)
            case .box(let width, let height):
                return .box(width: width, height: height)
            case .inset(let insets, let child):
                return .inset(insets, compile(child, inHorizontalStack: inHorizontalStack))
            case .vstack(let spacing, let alignment, let children):
                return .vstack(
                    spacing: spacing, alignment: alignment,
                    children: children.map { compile($0, inHorizontalStack: inHorizontalStack) })
            case .hstack(let spacing, let children):
                return .hstack(spacing: spacing, children: children.map { compile($0, inHorizontalStack: true) })
            case .sized(let minHeight, let maxHeight, let child):
                return .sized(
                    minHeight: minHeight, maxHeight: maxHeight, compile(child, inHorizontalStack: inHorizontalStack))
            case .flex(let item, let child):
                return .flex(item, compile(child, inHorizontalStack: inHorizontalStack))
            }
        }
        self.root = compile(root, inHorizontalStack: false)
        self.texts = texts
        self.fields = fields
    }

    /// Throws for the first required field `row` lacks.
    func checkRequired(_ row: CellRow) throws(CellTemplateError) {
        for text in texts where text.isRequired {
            if let field = text.field, !row.hasField(field) { throw .missingField(fields[field]) }
        }
    }

    /// Calls `body` with the UTF-8 of text `index` in `row`.
    @inline(__always)
    func withText<R, E: Error>(_ index: Int, in row: CellRow, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R)
        throws(E) -> R
    {
        let text = texts[index]
        if let field = text.field { return try row.withField(field, body) }
        return try text.literal.withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(bytes) }
    }

    /// Whether text `index` is empty in `row` (it then collapses).
    @inline(__always)
    func isEmpty(_ index: Int, in row: CellRow) -> Bool {
        let text = texts[index]
        if let field = text.field { return row.byteCount(field) == 0 }
        return text.literal.isEmpty
    }

    /// The measurer of text `index`.
    @inline(__always)
    func measurer(_ index: Int) throws(TextMeasureError) -> TextMeasurer { try texts[index].measurer.get() }
}
