/// One record of an input (JSON Lines, CSV or TSV), picked by the line it starts at, with the
/// string fields a picture needs (`rowheight render --input FILE --line N`).
enum RenderRow {
    /// The string values of `fields` (the text column if `nil`) in the record that starts at line
    /// `lineNumber` (1-based) of the input `input` names.
    ///
    /// - Throws: `InputError` — file missing or unreadable, no record at that line, a bad
    ///   record, a field missing or not a string — naming the file and the line.
    static func fields(_ fields: [String]?, line lineNumber: Int, of input: InputOptions) throws(InputError)
        -> [String: String]
    {
        let (source, layout) = try input.open(fields: fields)
        var seen = 0
        while let batch = try source.nextBatch(maxLines: 4096) {
            var row: [String: String]?
            var failure: InputError?
            batch.forEachLine { line, number in
                seen = number
                guard number == lineNumber else { return true }
                do throws(InputError) {
                    row = try values(in: line, layout: layout, source: source.name, lineNumber: number)
                } catch {
                    failure = error
                }
                return false
            }
            if let failure { throw failure }
            if let row { return row }
        }
        guard lineNumber < 1 || lineNumber > seen else {
            throw InputError("\(source.name): no row starts at line \(lineNumber) (a CSV row may span lines)")
        }
        throw InputError("\(source.name): line \(lineNumber) is out of range: the input has \(seen) line\(seen == 1 ? "" : "s")")
    }

    private static func values(
        in line: UnsafeBufferPointer<UInt8>, layout: RecordLayout, source: String, lineNumber: Int
    ) throws(InputError) -> [String: String] {
        var reader = RecordFields(layout: layout)
        do throws(RecordFailure) {
            try reader.read(line, lineNumber: lineNumber)
        } catch {
            throw error.inputError(source: source)
        }
        var row: [String: String] = [:]
        for (k, name) in layout.names.enumerated() { row[name] = reader.string(k) }
        return row
    }
}
