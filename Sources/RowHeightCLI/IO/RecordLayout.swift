/// Which named fields the records of an input have to give, and for CSV/TSV where they are:
/// decided once, before a run (from the header row), and shared by every worker's `RecordFields`.
struct RecordLayout: Sendable, Equatable {
    /// The string fields to read, in order.
    let names: [String]
    /// Per name: whether a record may lack it (a template's optional field): a JSON record
    /// without the key (or with `null`), a CSV/TSV header without the column.
    let optional: [Bool]
    /// The fields copied into each output record as they are (`--keep`), in order; of any JSON
    /// kind.
    let kept: [String]
    /// The input's format.
    let format: InputFormat
    /// For CSV/TSV: the column of each name (-1 for an optional name the header lacks), then of
    /// each kept field.
    let columns: [Int]
    /// For CSV/TSV: how many columns every record must have.
    let columnCount: Int

    /// JSON Lines records, read by key; `kept` are copied to the output.
    init(jsonFields names: [String], optional: [Bool]? = nil, keeping kept: [String] = []) {
        self.names = names
        self.optional = optional ?? names.map { _ in false }
        self.kept = kept
        format = .jsonl
        columns = []
        columnCount = 0
    }

    /// CSV/TSV records whose header row is `header` (line `line` of the input `source`).
    ///
    /// - Throws: `InputError` (`FILE:LINE: …`) for a header that cannot be parsed or lacks a name.
    /// - Parameter kept: columns copied to the output.
    /// - Parameter optional: per name, whether the header may lack it (default: none may).
    init(
        names: [String], optional: [Bool]? = nil, keeping kept: [String] = [], format: InputFormat, header: [UInt8],
        line: Int, source: String
    ) throws(InputError) {
        let optional = optional ?? names.map { _ in false }
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
        for (k, name) in (names + kept).enumerated() {
            guard let column = columnNames.firstIndex(of: name) else {
                if k < names.count, optional[k] {
                    columns.append(-1)
                    continue
                }
                let list = columnNames.map { "\"\($0)\"" }.joined(separator: ", ")
                throw InputError(source: source, line: line, "no column \"\(name)\" in the header (columns: \(list))")
            }
            columns.append(column)
        }
        self.names = names
        self.optional = optional
        self.kept = kept
        self.format = format
        self.columns = columns
        columnCount = columnNames.count
    }
}
