import RowHeight

/// A worker's state for `measure --template`: reads the template's fields from each record
/// (JSON Lines keys or CSV/TSV columns) as bytes into a reused `CellRow` and writes the cell
/// height at every width (no `String` per field, no dictionary per row).
struct TemplateRowMeasurer {
    let template: CellTemplate
    let widths: [Double]
    let format: OutputFormat
    var fields: RecordFields
    /// Where rows with characters no font covers are noted (or refused, `--strict`).
    let missing: MissingGlyphLog
    private var row: CellRow
    /// The texts' storage, reused from row to row.
    private var workspace = CellWorkspace()

    /// - Parameter fields: a reader of `template.fields`, in that order.
    init(
        template: CellTemplate, widths: [Double], format: OutputFormat, fields: RecordFields,
        missing: MissingGlyphLog = MissingGlyphLog(strict: false)
    ) {
        self.missing = missing
        self.template = template
        self.widths = widths
        self.format = format
        self.fields = fields
        row = CellRow(fieldCount: template.fields.count)
    }

    /// From this many widths on, a row is prepared once and laid out at each width.
    static let widthsWorthPreparing = 3

    /// Measures one record and appends its output record (see `MeasureRecordFormat`).
    ///
    /// - Throws: `RecordFailure` for a bad record.
    mutating func measure(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        try fields.read(line, lineNumber: lineNumber)
        row.removeAll()
        for k in 0..<row.fieldCount where fields.hasField(k) {
            fields.withField(k) { row.setField(k, utf8: $0) }
        }
        // Every text node of the cell, before anything of the record is written.
        let uncovered = template.missingClusters(in: row)
        try missing.note(line: lineNumber, count: uncovered.count, first: uncovered.first)
        MeasureRecordFormat.beginTemplateRecord(format, widths: widths.count, fields: &fields, to: &output)
        let prepared: PreparedCell?
        do {
            prepared = widths.count >= Self.widthsWorthPreparing ? try template.prepare(row) : nil
        } catch {
            throw RecordFailure(line: lineNumber, message: "\(error)")
        }
        for (k, width) in widths.enumerated() {
            let height: Double
            do {
                if let prepared {
                    height = try prepared.height(width: width)
                } else {
                    height = try template.height(for: row, width: width, workspace: &workspace)
                }
            } catch {
                throw RecordFailure(line: lineNumber, message: "\(error)")
            }
            guard height.isFinite, height >= 0 else {
                throw RecordFailure(
                    line: lineNumber, message: "the cell height \(height) is not a finite number of points ≥ 0")
            }
            MeasureRecordFormat.appendTemplateHeight(height, index: k, format: format, to: &output)
        }
        MeasureRecordFormat.endTemplateRecord(format, widths: widths.count, to: &output)
    }
}

/// One-line descriptions of JSON decoding errors in template files.
enum TemplateErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Not JSON at all, or JSON nested deeper than the decoder reads: the reason says which.
            return "not valid JSON" + (context.underlyingError.map { " (\($0))" } ?? "")
        case .dataCorrupted(let context):
            // Valid JSON holding a value the template does not know, e.g. an unknown enum case.
            return "invalid value at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context).isEmpty ? "top level" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
