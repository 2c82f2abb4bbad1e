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

/// The texts of one row, measured from its bytes; each text's intrinsic widths are found at
/// most once, and a text at least as wide as its max-content width is not measured again.
struct RowTextSource: CellTextSource {
    let cell: CompiledCell
    let row: CellRow
    private var intrinsic: [IntrinsicTextWidths?]

    init(cell: CompiledCell, row: CellRow) {
        self.cell = cell
        self.row = row
        intrinsic = []
    }

    func isEmpty(_ index: Int) -> Bool { cell.isEmpty(index, in: row) }

    mutating func intrinsicWidths(_ index: Int) throws -> IntrinsicTextWidths {
        if intrinsic.isEmpty { intrinsic = Array(repeating: nil, count: cell.texts.count) }
        if let known = intrinsic[index] { return known }
        let measurer = try cell.measurer(index)
        let widths = cell.withText(index, in: row) { measurer.intrinsicWidths(utf8: $0) }
        intrinsic[index] = widths
        return widths
    }

    mutating func measure(_ index: Int, width: Double, lines: Bool) throws -> TextMeasurement {
        if !lines, !intrinsic.isEmpty, let known = intrinsic[index], width >= known.maxContent {
            return known.unconstrained
        }
        let measurer = try cell.measurer(index)
        return try cell.withText(index, in: row) { (bytes) throws(TextMeasureError) in
            try measurer.measure(utf8: bytes, width: width, includeLines: lines)
        }
    }
}
