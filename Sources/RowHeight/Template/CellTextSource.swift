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
    /// Per text node: its intrinsic widths and pieces, once a stack asked for them (else empty).
    private var intrinsic: [IntrinsicTextWidths?] = []
    private var walked: [WalkedText] = []
    /// Per markup text node: its text parsed and prepared, once asked for (else empty).
    private var markup: [PreparedText?] = []

    init(cell: CompiledCell, row: CellRow) {
        self.cell = cell
        self.row = row
    }

    func isEmpty(_ index: Int) -> Bool { cell.isEmpty(index, in: row) }

    /// Markup text `index`, parsed and prepared once per row.
    private mutating func preparedMarkup(_ index: Int) throws -> PreparedText {
        if markup.isEmpty { markup = Array(repeating: nil, count: cell.textCount) }
        if let known = markup[index] { return known }
        let prepared = try cell.prepareMarkup(index, in: row)
        markup[index] = prepared
        return prepared
    }

    mutating func intrinsicWidths(_ index: Int) throws -> IntrinsicTextWidths {
        if cell.isMarkup[index] { return try preparedMarkup(index).intrinsicWidths }
        if intrinsic.isEmpty {
            intrinsic = Array(repeating: nil, count: cell.textCount)
            walked = Array(repeating: WalkedText(), count: cell.textCount)
        }
        if let known = intrinsic[index] { return known }
        let widths = cell.withText(index, in: row) { cell.measurers[index].intrinsicWidths(utf8: $0, keeping: &walked[index]) }
        intrinsic[index] = widths
        return widths
    }

    mutating func measure(_ index: Int, width: Double, lines: Bool) throws -> TextMeasurement {
        if cell.isMarkup[index] { return try preparedMarkup(index).measure(width: width, includeLines: lines) }
        if !intrinsic.isEmpty, let known = intrinsic[index] {
            if !lines, width >= known.maxContent { return known.unconstrained }  // the unwrapped layout
            let pieces = walked[index]
            return try cell.withText(index, in: row) { (bytes) throws(TextMeasureError) in
                try cell.measurers[index].measure(walked: pieces, utf8: bytes, width: width, includeLines: lines)
            }
        }
        return try cell.withText(index, in: row) { (bytes) throws(TextMeasureError) in
            try cell.measurers[index].measure(utf8: bytes, width: width, includeLines: lines)
        }
    }
}
