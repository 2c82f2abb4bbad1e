import RowHeight

/// A worker's state for `measure --template`: reads the template's fields from each record
/// (JSON Lines keys or CSV/TSV columns) and writes the cell height at every width.
struct TemplateRowMeasurer {
    let template: CellTemplate
    let widths: [Double]
    let format: OutputFormat
    var fields: RecordFields

    /// - Parameter fields: a reader of `template.fields`, in that order.
    init(template: CellTemplate, widths: [Double], format: OutputFormat, fields: RecordFields) {
        self.template = template
        self.widths = widths
        self.format = format
        self.fields = fields
    }

    /// Measures one record and appends its output record (see `MeasureRecordFormat`).
    ///
    /// - Throws: `RecordFailure` for a bad record.
    mutating func measure(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        try fields.read(line, lineNumber: lineNumber)
        var row: [String: String] = [:]
        for (k, name) in fields.names.enumerated() { row[name] = fields.string(k) }
        MeasureRecordFormat.beginTemplateRecord(format, widths: widths.count, fields: &fields, to: &output)
        for (k, width) in widths.enumerated() {
            let height: Double
            do {
                height = try template.height(for: row, width: width)
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
