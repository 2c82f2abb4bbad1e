import TextMeasure

/// The records `measure` prints for each input row, in every `--format` but `text`:
///
/// | format | text rows | template rows |
/// | --- | --- | --- |
/// | `jsonl`, one width | `{"lines":N,"height":H,"maxLineWidth":W}` | `{"height":H}` |
/// | `jsonl`, several | `{"lines":[N1,N2],"height":[H1,H2]}` | `{"height":[H1,H2]}` |
/// | `csv` / `tsv` header | `lines_320,height_320,lines_375,height_375` | `height_320,height_375` |
/// | `csv` / `tsv` row | `3,60,2,40` | `84,64` |
///
/// Widths come in the order given; numbers are written shortest-exact (`19.7891`, `20`). Kept
/// input fields (`--keep id`) come first: `{"id":"17","lines":…}`, CSV columns `id,lines_320,…`.
///
/// With `--skip-invalid`, a bad row's record is `{"line":N,"error":"what is wrong"}` in JSON
/// Lines and a row of empty fields in CSV/TSV, so records stay one per input row.
enum MeasureRecordFormat {
    /// The header row of a CSV/TSV output (nothing for JSON Lines).
    ///
    /// - Parameter kept: the kept input fields, the first columns.
    static func appendHeader(
        _ format: OutputFormat, widths: [Double], template: Bool, kept: [String] = [], to output: inout OutputBuffer
    ) {
        guard let separator = format.separator else { return }
        for name in kept {
            output.appendCSVField(name, separator: separator)
            output.appendByte(separator)
        }
        for (k, width) in widths.enumerated() {
            if k > 0 { output.appendByte(separator) }
            if !template {
                output.append("lines_")
                output.append(width)
                output.appendByte(separator)
            }
            output.append("height_")
            output.append(width)
        }
        output.appendByte(0x0A)
    }

    /// One text row's record: its measurements at each width, in order.
    static func appendRecord(_ measurements: [TextMeasurement], format: OutputFormat, to output: inout OutputBuffer) {
        guard let separator = format.separator else {
            RowMeasurer.appendRecord(measurements, to: &output)
            return
        }
        for (k, m) in measurements.enumerated() {
            if k > 0 { output.appendByte(separator) }
            output.append(m.lineCount)
            output.appendByte(separator)
            output.append(m.height)
        }
        output.appendByte(0x0A)
    }

    /// One text row's record: its kept fields, then its measurements at each width, in order.
    ///
    /// - Parameter fields: the reader of the row, for its kept fields.
    static func appendRecord(
        _ measurements: [TextMeasurement], format: OutputFormat, fields: inout RecordFields,
        to output: inout OutputBuffer
    ) {
        guard !fields.layout.kept.isEmpty else {
            appendRecord(measurements, format: format, to: &output)
            return
        }
        if format.separator == nil {
            output.appendByte(UInt8(ascii: "{"))
            fields.appendKept(format, to: &output)
            RowMeasurer.appendRecord(measurements, opened: true, to: &output)
        } else {
            fields.appendKept(format, to: &output)
            appendRecord(measurements, format: format, to: &output)
        }
    }

    /// Starts a template row's record (its kept fields, before its first height).
    ///
    /// - Parameter fields: the reader of the row, for its kept fields.
    static func beginTemplateRecord(
        _ format: OutputFormat, widths: Int, fields: inout RecordFields, to output: inout OutputBuffer
    ) {
        guard format == .jsonl else {
            fields.appendKept(format, to: &output)
            return
        }
        output.appendByte(UInt8(ascii: "{"))
        fields.appendKept(format, to: &output)
        output.append("\"height\":")
        if widths > 1 { output.appendByte(UInt8(ascii: "[")) }
    }

    /// Adds a template row's height at width number `index`.
    static func appendTemplateHeight(_ height: Double, index: Int, format: OutputFormat, to output: inout OutputBuffer)
    {
        if index > 0 { output.appendByte(format.separator ?? UInt8(ascii: ",")) }
        output.append(height)
    }

    /// The record of a bad row (`--skip-invalid`): `{"line":N,"error":"…"}`, or `columns` empty
    /// CSV/TSV fields.
    static func appendInvalidRecord(
        _ failure: RecordFailure, format: OutputFormat, columns: Int, to output: inout OutputBuffer
    ) {
        guard let separator = format.separator else {
            output.append("{\"line\":")
            output.append(failure.line)
            output.append(",\"error\":")
            output.appendJSONString(failure.message)
            output.append("}\n")
            return
        }
        for _ in 1..<max(columns, 1) { output.appendByte(separator) }
        output.appendByte(0x0A)
    }

    /// The number of columns of a CSV/TSV record: kept fields, then lines and height (text rows)
    /// or height (template rows) per width.
    static func columnCount(widths: Int, template: Bool, kept: Int) -> Int {
        kept + widths * (template ? 1 : 2)
    }

    /// Ends a template row's record (after its last height).
    static func endTemplateRecord(_ format: OutputFormat, widths: Int, to output: inout OutputBuffer) {
        if format == .jsonl {
            if widths > 1 { output.appendByte(UInt8(ascii: "]")) }
            output.appendByte(UInt8(ascii: "}"))
        }
        output.appendByte(0x0A)
    }
}
