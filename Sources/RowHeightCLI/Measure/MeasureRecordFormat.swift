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
/// Widths come in the order given; numbers are written shortest-exact (`19.7891`, `20`).
enum MeasureRecordFormat {
    /// The header row of a CSV/TSV output (nothing for JSON Lines).
    static func appendHeader(_ format: OutputFormat, widths: [Double], template: Bool, to output: inout OutputBuffer) {
        guard let separator = format.separator else { return }
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

    /// Starts a template row's record (before its first height).
    static func beginTemplateRecord(_ format: OutputFormat, widths: Int, to output: inout OutputBuffer) {
        guard format == .jsonl else { return }
        output.append("{\"height\":")
        if widths > 1 { output.appendByte(UInt8(ascii: "[")) }
    }

    /// Adds a template row's height at width number `index`.
    static func appendTemplateHeight(_ height: Double, index: Int, format: OutputFormat, to output: inout OutputBuffer)
    {
        if index > 0 { output.appendByte(format.separator ?? UInt8(ascii: ",")) }
        output.append(height)
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
