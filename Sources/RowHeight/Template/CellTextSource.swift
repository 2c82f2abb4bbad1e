import TextMeasure

/// Where a cell layout gets its texts' sizes: measured from a row's bytes
/// (`RowTextSource`), or wrapped from texts prepared once (`PreparedCell`).
protocol CellTextSource {
    /// Whether text node `index` is empty (it then collapses).
    func isEmpty(_ index: Int) -> Bool
    /// The intrinsic widths of text node `index` (not empty).
    mutating func intrinsicWidths(_ index: Int) throws -> IntrinsicTextWidths
    /// Text node `index` (not empty) wrapped at `width` points (> 0), with its lines if asked.
    mutating func measure(_ index: Int, width: Double, lines: Bool) throws -> TextMeasurement
}

/// The texts of one row, measured from its bytes: a text whose intrinsic widths a horizontal
/// stack needs is walked once for them, keeping its pieces (`WalkedText`), which measures it
/// unwrapped too; if it is given less than its max-content width it is wrapped from the pieces.
/// Any other text is measured once.
struct RowTextSource: CellTextSource {
    let cell: CompiledCell
    let row: CellRow
    /// The texts' intrinsic widths, walked pieces and prepared markup for this row.
    var workspace: CellWorkspace

    init(cell: CompiledCell, row: CellRow, workspace: consuming CellWorkspace = CellWorkspace()) {
        self.cell = cell
        self.row = row
        self.workspace = workspace
        self.workspace.reset(textCount: cell.textCount)
    }

    func isEmpty(_ index: Int) -> Bool { cell.isEmpty(index, in: row) }

    /// Markup text `index`, parsed and prepared once per row.
    private mutating func preparedMarkup(_ index: Int) throws -> PreparedText {
        if let known = workspace.markup[index] { return known }
        let prepared = try cell.prepareMarkup(index, in: row)
        workspace.markup[index] = prepared
        return prepared
    }

    mutating func intrinsicWidths(_ index: Int) throws -> IntrinsicTextWidths {
        if cell.isMarkup[index] { return try preparedMarkup(index).intrinsicWidths }
        if let known = workspace.intrinsic[index] { return known }
        let widths = cell.withText(index, in: row) {
            cell.measurers[index].intrinsicWidths(utf8: $0, keeping: &workspace.walked[index])
        }
        workspace.intrinsic[index] = widths
        return widths
    }

    mutating func measure(_ index: Int, width: Double, lines: Bool) throws -> TextMeasurement {
        if cell.isMarkup[index] { return try preparedMarkup(index).measure(width: width, includeLines: lines) }
        if let known = workspace.intrinsic[index] {
            if !lines, width >= known.maxContent { return known.unconstrained }  // the unwrapped layout
            return try cell.withText(index, in: row) { (bytes) throws(TextMeasureError) in
                try cell.measurers[index].measure(
                    walked: workspace.walked[index], utf8: bytes, width: width, includeLines: lines)
            }
        }
        return try cell.withText(index, in: row) { (bytes) throws(TextMeasureError) in
            try cell.measurers[index].measure(utf8: bytes, width: width, includeLines: lines)
        }
    }
}
