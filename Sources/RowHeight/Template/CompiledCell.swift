import TextMeasure

/// A template ready to lay out rows: its tree with the text nodes numbered in tree order, and
/// for each text node its measurer (made once, with the template) and where its text comes from.
/// Immutable; a class so that laying out a row copies one reference.
final class CompiledCell: Sendable {
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

    let root: Node
    /// Per text node (in tree order): its measurer — made once, with the template; empty when
    /// a style cannot measure (`styleError`) —, the number of its field in `fields` (-1 for a
    /// literal), its literal's UTF-8, whether it requires its field, and whether it is inside a
    /// horizontal stack (whose layout needs its intrinsic widths). Flat arrays: the hot path
    /// reads one value without copying a node's whole description.
    let measurers: [TextMeasurer]
    let textFields: [Int]
    let literals: [[UInt8]]
    let required: [Bool]
    let inHorizontalStack: [Bool]
    /// Per text node: whether it is markup; for a markup literal, its template and the number
    /// of the field of each placeholder (in order); its JSON path, for errors.
    let isMarkup: [Bool]
    let markupTemplates: [MarkupTemplate?]
    let markupFields: [[Int]]
    let paths: [String]
    /// Per field (in `fields` order): whether a row must have it.
    let requiredFields: [Bool]
    /// Why a text node's style cannot measure (thrown when a row is laid out).
    let styleError: TextMeasureError?
    /// The names of the row fields read, in order of first use.
    let fields: [String]

    /// The number of text nodes.
    var textCount: Int { textFields.count }

    init(_ root: CellNode) {
        var measurers: [TextMeasurer] = []
        var textFields: [Int] = []
        var literals: [[UInt8]] = []
        var required: [Bool] = []
        var inStack: [Bool] = []
        var isMarkup: [Bool] = []
        var markupTemplates: [MarkupTemplate?] = []
        var markupFields: [[Int]] = []
        var paths: [String] = []
        var styleError: TextMeasureError?
        var fields: [String] = []
        var made: [TextStyle: TextMeasurer] = [:]
        func fieldNumber(_ name: String) -> Int {
            if let field = fields.firstIndex(of: name) { return field }
            fields.append(name)
            return fields.count - 1
        }
        func compile(_ node: CellNode, inHorizontalStack: Bool, path: String) -> Node {
            switch node {
            case .text(let text):
                if let measurer = made[text.style] {
                    measurers.append(measurer)
                } else {
                    do throws(TextMeasureError) {
                        let measurer = try TextMeasurer(style: text.style)
                        made[text.style] = measurer
                        measurers.append(measurer)
                    } catch {
                        styleError = styleError ?? error
                    }
                }
                var template: MarkupTemplate?
                switch text.content {
                case .field(let name):
                    textFields.append(fieldNumber(name))
                    literals.append([])
                case .literal(let value):
                    textFields.append(-1)
                    literals.append(Array(value.utf8))
                    if text.isMarkup { template = MarkupTemplate(value) }
                }
                required.append(text.isRequired)
                inStack.append(inHorizontalStack)
                isMarkup.append(text.isMarkup)
                markupTemplates.append(template)
                markupFields.append(template?.fieldNames.map(fieldNumber) ?? [])
                paths.append(path)
                return .text(textFields.count - 1)
            case .box(let width, let height):
                return .box(width: width, height: height)
            case .inset(let insets, let child):
                return .inset(insets, compile(child, inHorizontalStack: inHorizontalStack, path: path + ".child"))
            case .vstack(let spacing, let alignment, let children):
                return .vstack(
                    spacing: spacing, alignment: alignment,
                    children: children.enumerated().map {
                        compile($1, inHorizontalStack: inHorizontalStack, path: path + ".children[\($0)]")
                    })
            case .hstack(let spacing, let children):
                return .hstack(
                    spacing: spacing,
                    children: children.enumerated().map {
                        compile($1, inHorizontalStack: true, path: path + ".children[\($0)]")
                    })
            case .sized(let minHeight, let maxHeight, let child):
                return .sized(
                    minHeight: minHeight, maxHeight: maxHeight,
                    compile(child, inHorizontalStack: inHorizontalStack, path: path + ".child"))
            case .flex(let item, let child):
                return .flex(item, compile(child, inHorizontalStack: inHorizontalStack, path: path))
            }
        }
        self.root = compile(root, inHorizontalStack: false, path: "root")
        self.measurers = styleError == nil ? measurers : []
        self.textFields = textFields
        self.literals = literals
        self.required = required
        self.inHorizontalStack = inStack
        self.styleError = styleError
        self.fields = fields
        self.isMarkup = isMarkup
        self.markupTemplates = markupTemplates
        self.markupFields = markupFields
        self.paths = paths
        var requiredFields = Array(repeating: false, count: fields.count)
        for index in required.indices where required[index] {
            if textFields[index] >= 0 { requiredFields[textFields[index]] = true }
            for field in markupFields[index] { requiredFields[field] = true }
        }
        self.requiredFields = requiredFields
    }

    /// Throws for a style that cannot measure, or the first required field `row` lacks.
    func check(_ row: CellRow) throws {
        if let styleError { throw styleError }
        for field in requiredFields.indices where requiredFields[field] && !row.hasField(field) {
            throw CellTemplateError.missingField(fields[field])
        }
    }

    /// Markup text `index` of `row` parsed and prepared for measuring.
    ///
    /// - Throws: `CellTemplateError.invalidMarkup` naming the node's path, or the
    ///   `TextMeasureError` of a run the style cannot measure (a family the chain lacks).
    func prepareMarkup(_ index: Int, in row: CellRow) throws -> PreparedText {
        var markup: [UInt8] = []
        if let template = markupTemplates[index] {
            var placeholder = 0
            for part in template.parts {
                switch part {
                case .markup(let bytes): markup.append(contentsOf: bytes)
                case .field:
                    row.withField(markupFields[index][placeholder]) { MarkupTemplate.appendEscaped($0, to: &markup) }
                    placeholder += 1
                }
            }
        } else {
            withText(index, in: row) { markup.append(contentsOf: $0) }
        }
        let text: AttributedText
        do {
            text = try AttributedText(markup: String(decoding: markup, as: UTF8.self))
        } catch {
            throw CellTemplateError.invalidMarkup(path: paths[index], error)
        }
        return try measurers[index].prepare(text)
    }

    /// Calls `body` with the UTF-8 of text `index` in `row`.
    @inline(__always)
    func withText<R, E: Error>(_ index: Int, in row: CellRow, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R)
        throws(E) -> R
    {
        let field = textFields[index]
        if field >= 0 { return try row.withField(field, body) }
        return try literals[index].withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(bytes) }
    }

    /// Whether text `index` is empty in `row` (it then collapses).
    @inline(__always)
    func isEmpty(_ index: Int, in row: CellRow) -> Bool {
        let field = textFields[index]
        if field >= 0 { return row.byteCount(field) == 0 }
        let placeholders = markupFields[index]
        if placeholders.isEmpty { return literals[index].isEmpty }
        for field in placeholders where row.byteCount(field) > 0 { return false }
        return true
    }
}
