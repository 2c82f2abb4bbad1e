/// Which named fields the records of an input have to give, and for CSV/TSV where they are:
/// decided once, before a run (from the header row), and shared by every worker's `RecordFields`.
struct RecordLayout: Sendable, Equatable {
    /// The string fields to read, in order.
    let names: [String]
    /// The fields copied into each output record as they are (`--keep`), in order; of any JSON
    /// kind.
    let kept: [String]
    /// The input's format.
    let format: InputFormat
    /// For CSV/TSV: the column of each name, then of each kept field.
    let columns: [Int]
    /// For CSV/TSV: how many columns every record must have.
    let columnCount: Int

    /// JSON Lines records, read by key; `kept` are copied to the output.
    init(jsonFields names: [String], keeping kept: [String] = []) {
        self.names = names
        self.kept = kept
        format = .jsonl
        columns = []
        columnCount = 0
    }

    /// CSV/TSV records whose header row is `header` (line `line` of the input `source`).
    ///
    /// - Throws: `InputError` (`FILE:LINE: …`) for a header that cannot be parsed or lacks a name.
    /// - Parameter kept: columns copied to the output.
    init(
        names: [String], keeping kept: [String] = [], format: InputFormat, header: [UInt8], line: Int, source: String
    ) throws(InputError) {
        var parser = CSVRecordParser(separator: format.separator ?? 0x2C)
        let bytes = header  // without a byte order mark: `LineReader` drops it
        guard !bytes.isEmpty else { throw InputError(source: source, line: line, "the header row is empty") }
        var columnNames: [String] = []
        do throws(CSVRecordError) {
            try bytes.withUnsafeBufferPointer { (all) throws(CSVRecordError) in
                try parser.parse(all)
                for k in 0..<parser.count { columnNames.append(parser.string(k)) }
            }
        } catch {
            throw InputError(source: source, line: line, "header: \(error.description)")
        }
        var columns: [Int] = []
        for name in names + kept {
            guard let column = columnNames.firstIndex(of: name) else {
                let list = columnNames.map { "\"\($0)\"" }.joined(separator: ", ")
                throw InputError(source: source, line: line, "no column \"\(name)\" in the header (columns: \(list))")
            }
            columns.append(column)
        }
        self.names = names
        self.kept = kept
        self.format = format
        self.columns = columns
        columnCount = columnNames.count
    }
}
