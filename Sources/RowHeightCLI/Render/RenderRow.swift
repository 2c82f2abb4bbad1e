/// One record of a JSON Lines input, picked by line number, with the string fields a picture
/// needs (`rowheight render --input FILE --line N`).
enum RenderRow {
    /// The string values of `fields` in line `lineNumber` (1-based) of the JSON Lines file at
    /// `path` (`-`: standard input); a field marked `optional` may be absent (it is then not in
    /// the result).
    ///
    /// - Throws: `InputError` — file missing or unreadable, no such line, invalid JSON, a field
    ///   missing or not a string — naming the file and the line.
    static func fields(_ fields: [String], optional: [Bool]? = nil, line lineNumber: Int, of path: String)
        throws(InputError) -> [String: String]
    {
        let source = try InputSource(path: path)
        var seen = 0
        while let batch = try source.nextBatch(maxLines: 4096) {
            seen = batch.firstLine + batch.count - 1
            guard lineNumber >= batch.firstLine, lineNumber <= seen else { continue }
            return try batch.withLine(lineNumber - batch.firstLine) { (line) throws(InputError) in
                try values(of: fields, optional: optional, in: line, source: source.name, lineNumber: lineNumber)
            }
        }
        throw InputError("\(source.name): line \(lineNumber) is out of range: the input has \(seen) line\(seen == 1 ? "" : "s")")
    }

    private static func values(
        of fields: [String], optional: [Bool]?, in line: UnsafeBufferPointer<UInt8>, source: String, lineNumber: Int
    ) throws(InputError) -> [String: String] {
        var reader = RecordFields(layout: RecordLayout(jsonFields: fields, optional: optional))
        do throws(RecordFailure) {
            try reader.read(line, lineNumber: lineNumber)
        } catch {
            throw error.inputError(source: source)
        }
        var row: [String: String] = [:]
        for (k, name) in fields.enumerated() where reader.hasField(k) { row[name] = reader.string(k) }
        return row
    }
}
