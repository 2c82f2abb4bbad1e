import TextMeasure

/// A worker's state for `measure --input`: its JSON parser and the shared measurer.
struct RowMeasurer {
    let measurer: TextMeasurer
    let widths: [Double]
    /// Where rows with characters no font covers are noted (or refused, `--strict`).
    let missing: MissingGlyphLog
    var parser = JSONLineParser()
    var results: [TextMeasurement] = []

    init(measurer: TextMeasurer, widths: [Double], missing: MissingGlyphLog = MissingGlyphLog(strict: false)) {
        self.measurer = measurer
        self.widths = widths
        self.missing = missing
        results.reserveCapacity(widths.count)
    }

    mutating func measure(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        let field = try TextField.read(line: line, lineNumber: lineNumber, parser: &parser)
        let measurer = self.measurer
        if widths.count == 1 {
            // One width (the common case): no array of results.
            let width = widths[0]
            let measurement: TextMeasurement
            do throws(TextMeasureError) {
                measurement = try parser.withString(field) { bytes throws(TextMeasureError) in
                    try measurer.measure(utf8: bytes, width: width)
                }
            } catch {
                throw RecordFailure(line: lineNumber, message: error.description)
            }
            try measurement.checkPrintable(line: lineNumber)
            try missing.note(line: lineNumber, measurement)
            RowMeasurer.appendRecord(measurement, to: &output)
            return
        }
        results.removeAll(keepingCapacity: true)
        let widths = self.widths
        var measured: [TextMeasurement] = results
        do throws(TextMeasureError) {
            try parser.withString(field) { bytes throws(TextMeasureError) in
                try RowMeasurer.measure(utf8: bytes, measurer: measurer, widths: widths, into: &measured)
            }
        } catch {
            throw RecordFailure(line: lineNumber, message: error.description)
        }
        results = measured
        for m in measured { try m.checkPrintable(line: lineNumber) }
        try missing.note(line: lineNumber, measured[0])
        RowMeasurer.appendRecord(measured, to: &output)
    }

    /// From this many widths on, a row is prepared once and wrapped at each width (identical
    /// results; preparing costs about one and a half direct measurements, wrapping a fifth of one).
    static let widthsWorthPreparing = 3

    /// Appends the measurements of valid UTF-8 at every width, in order: directly, or, from
    /// `widthsWorthPreparing` widths on, prepared once and wrapped at each.
    static func measure(
        utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer, widths: [Double],
        into measurements: inout [TextMeasurement]
    ) throws(TextMeasureError) {
        if widths.count >= widthsWorthPreparing {
            let prepared = measurer.prepare(utf8: bytes)
            for width in widths { measurements.append(try prepared.measure(width: width)) }
        } else {
            for width in widths { measurements.append(try measurer.measure(utf8: bytes, width: width)) }
        }
    }

    /// Appends the measurements of an attributed text at every width, as `measure(utf8:…)` does.
    static func measure(
        _ text: AttributedText, measurer: TextMeasurer, widths: [Double], into measurements: inout [TextMeasurement]
    ) throws(TextMeasureError) {
        if widths.count >= widthsWorthPreparing {
            let prepared = try measurer.prepare(text)
            for width in widths { measurements.append(try prepared.measure(width: width)) }
        } else {
            for width in widths { measurements.append(try measurer.measure(text, width: width)) }
        }
    }

    /// `{"lines":N,"height":H,"maxLineWidth":W}` for one width.
    ///
    /// - Parameter opened: the record's `{` (and fields before these) is already written.
    static func appendRecord(_ m: TextMeasurement, opened: Bool = false, to output: inout OutputBuffer) {
        // Formatted on the stack and appended in one go.
        output.appendFormatted(maxCount: 64 + 2 * OutputBuffer.maxNumberLength) { out in  // 57 bytes of text and Int.min, at most
            var n = opened ? OutputBuffer.copy("\"lines\":", into: out) : OutputBuffer.copy("{\"lines\":", into: out)
            n += OutputBuffer.formatInteger(m.lineCount, into: out + n)
            n += OutputBuffer.copy(",\"height\":", into: out + n)
            n += OutputBuffer.formatNumber(m.height, into: out + n)
            n += OutputBuffer.copy(",\"maxLineWidth\":", into: out + n)
            n += OutputBuffer.formatNumber(m.maxLineWidth, into: out + n)
            n += OutputBuffer.copy("}\n", into: out + n)
            return n
        }
    }

    /// `{"lines":N,"height":H,"maxLineWidth":W}`, or arrays of lines and heights for several widths.
    ///
    /// - Parameter opened: the record's `{` (and fields before these) is already written.
    static func appendRecord(_ measurements: [TextMeasurement], opened: Bool = false, to output: inout OutputBuffer) {
        if measurements.count == 1 {
            appendRecord(measurements[0], opened: opened, to: &output)
            return
        }
        output.append(opened ? "\"lines\":[" : "{\"lines\":[")
        for (i, m) in measurements.enumerated() {
            if i > 0 { output.appendByte(UInt8(ascii: ",")) }
            output.append(m.lineCount)
        }
        output.append("],\"height\":[")
        for (i, m) in measurements.enumerated() {
            if i > 0 { output.appendByte(UInt8(ascii: ",")) }
            output.append(m.height)
        }
        output.append("]}\n")
    }
}
