import TextMeasure

/// A worker's state for `measure --input` in the formats `RowMeasurer` does not cover (CSV/TSV
/// input or output, or `--markup`): reads the text field or column of each record (parsed as
/// Pango markup with `--markup`), measures it at every width and writes the record in the output
/// format (see `MeasureRecordFormat`).
struct TextRowMeasurer {
    let measurer: TextMeasurer
    let widths: [Double]
    let format: OutputFormat
    var fields: RecordFields
    /// Whether the text is Pango markup.
    let markup: Bool
    /// Where rows with characters no font covers are noted (or refused, `--strict`).
    let missing: MissingGlyphLog
    private var results: [TextMeasurement] = []

    /// - Parameters:
    ///   - fields: a reader of the one text field.
    ///   - markup: whether the text is Pango markup.
    init(
        measurer: TextMeasurer, widths: [Double], format: OutputFormat, fields: RecordFields, markup: Bool = false,
        missing: MissingGlyphLog = MissingGlyphLog(strict: false)
    ) {
        self.missing = missing
        self.measurer = measurer
        self.widths = widths
        self.format = format
        self.fields = fields
        self.markup = markup
        results.reserveCapacity(widths.count)
    }

    /// Measures one record and appends its output record.
    ///
    /// - Throws: `RecordFailure` for a bad record.
    mutating func measure(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        try fields.read(line, lineNumber: lineNumber)
        var measured = results  // moved out and back: the storage is reused, not copied
        results = []
        measured.removeAll(keepingCapacity: true)
        let measurer = self.measurer
        let widths = self.widths
        if markup {
            let text: AttributedText
            do throws(MarkupError) {
                text = try AttributedText(markup: fields.withField(0) { String(decoding: $0, as: UTF8.self) })
            } catch {
                results = measured
                throw RecordFailure(line: lineNumber, message: error.description)
            }
            do throws(TextMeasureError) {
                try RowMeasurer.measure(text, measurer: measurer, widths: widths, into: &measured)
            } catch {
                results = measured
                throw RecordFailure(line: lineNumber, message: error.description)
            }
        } else {
            do throws(TextMeasureError) {
                try fields.withField(0) { (bytes) throws(TextMeasureError) in
                    try RowMeasurer.measure(utf8: bytes, measurer: measurer, widths: widths, into: &measured)
                }
            } catch {
                results = measured
                throw RecordFailure(line: lineNumber, message: error.description)
            }
        }
        results = measured
        for m in measured { try m.checkPrintable(line: lineNumber) }
        if let first = measured.first { try missing.note(line: lineNumber, first) }
        MeasureRecordFormat.appendRecord(measured, format: format, fields: &fields, to: &output)
    }
}
