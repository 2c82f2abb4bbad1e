import TextMeasure

/// A row prepared in a template for laying out at any width: every text prepared once (and its
/// intrinsic widths found once where a horizontal stack needs them), so a new width — a
/// rotation, a window resize — costs only the wrapping, as `PreparedText` does for one text.
///
/// Immutable, `Sendable`: keep one per row beside a list model and measure from any thread.
public struct PreparedCell: Sendable {
    /// The template it was prepared for.
    public let template: CellTemplate
    /// Per text node: its prepared text (`nil` when empty) and intrinsic widths (when needed).
    let texts: [PreparedText?]
    let intrinsic: [IntrinsicTextWidths?]

    init(template: CellTemplate, row: CellRow) throws {
        let cell = template.compiled
        try cell.check(row)
        var texts: [PreparedText?] = []
        var intrinsic: [IntrinsicTextWidths?] = []
        for index in 0..<cell.textCount {
            guard !cell.isEmpty(index, in: row) else {
                texts.append(nil)
                intrinsic.append(nil)
                continue
            }
            let prepared =
                cell.isMarkup[index]
                ? try cell.prepareMarkup(index, in: row)
                : cell.withText(index, in: row) { cell.measurers[index].prepare(utf8: $0) }
            texts.append(prepared)
            intrinsic.append(cell.inHorizontalStack[index] ? prepared.intrinsicWidths : nil)
        }
        self.template = template
        self.texts = texts
        self.intrinsic = intrinsic
    }

    /// The cell height at `width` points, rounded up to the pixel grid — the same as
    /// `CellTemplate.height(for:width:)` for the row.
    ///
    /// - Throws: `TextMeasureError` for an invalid width or scale.
    /// - Complexity: O(segments of the texts + nodes); no text is read again.
    public func height(width: Double) throws -> Double {
        try template.check(width: width)
        var engine = CellLayoutEngine(
            cell: template.compiled, source: PreparedTextSource(cell: self), recordFrames: false)
        return CellTemplate.round(try engine.layout(template.compiled.root, width: width, x: 0, y: 0), scale: template.scale)
    }

    /// The layout at `width` points — the same as `CellTemplate.layout(for:width:)`.
    ///
    /// - Throws: `TextMeasureError` for an invalid width or scale.
    public func layout(width: Double) throws -> CellLayout {
        try template.check(width: width)
        return try template.layout(source: PreparedTextSource(cell: self), width: width)
    }
}

/// The texts of a prepared cell.
struct PreparedTextSource: CellTextSource {
    let cell: PreparedCell

    func isEmpty(_ index: Int) -> Bool { cell.texts[index] == nil }

    func intrinsicWidths(_ index: Int) throws -> IntrinsicTextWidths {
        if let known = cell.intrinsic[index] { return known }
        return cell.texts[index]?.intrinsicWidths ?? IntrinsicTextWidths(
            minContent: 0, maxContent: 0, unconstrained: TextMeasurement(lineCount: 0, height: 0, maxLineWidth: 0))
    }

    func measure(_ index: Int, width: Double, lines: Bool) throws -> TextMeasurement {
        guard let text = cell.texts[index] else { return TextMeasurement(lineCount: 0, height: 0, maxLineWidth: 0) }
        return try text.measure(width: width, includeLines: lines)
    }
}

extension CellTemplate {
    /// Prepares `row` for laying out at many widths.
    ///
    /// - Throws: `CellTemplateError` for a required field the row lacks, `TextMeasureError` for
    ///   an invalid style.
    /// - Complexity: O(total text length).
    public func prepare(_ row: CellRow) throws -> PreparedCell { try PreparedCell(template: self, row: row) }

    /// Prepares the row with these field values (see `row(_:)`).
    public func prepare(_ values: [String: String]) throws -> PreparedCell { try prepare(row(values)) }
}
