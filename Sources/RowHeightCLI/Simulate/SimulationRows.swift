import RowHeight

/// The input rows of `simulate`, held in memory: the `"text"` of each record, or the fields a
/// cell template reads (`SimulationTextRows` and `SimulationTemplateRows` measure them).
///
/// Every record's strings are stored one after the other in one UTF-8 buffer (no `String` per
/// row); row r is input line r + 1 in JSON Lines (a bad line is an error, so every line is a
/// row), and starts at line `lines[r]` in CSV/TSV (a record may span lines).
struct SimulationRows: Sendable {
    /// The record fields each row stores, in order.
    let fields: [String]
    /// The UTF-8 bytes of every row's field values, row after row.
    let bytes: [UInt8]
    /// `bounds[r × fields.count + f] ..< bounds[r × fields.count + f + 1]` are the bytes of field f of row r.
    let bounds: [Int]
    /// Per row: its characters (Unicode scalars) over all fields — what the learning estimator fits against.
    let lengths: [UInt32]
    /// Per row, for CSV/TSV: the input line it starts at; empty when row r is line r + 1.
    let lines: [Int]

    /// The input line row `row` starts at (1-based).
    func line(ofRow row: Int) -> Int { lines.isEmpty ? row + 1 : lines[row] }

    /// Number of rows.
    var count: Int { lengths.count }

    /// Reads the string fields `layout` names of every record of `source`.
    ///
    /// - Throws: `InputError` naming the file and line of the first bad record (invalid JSON, a
    ///   missing or non-string field), or a read error.
    static func load(_ source: InputSource, layout: RecordLayout) throws -> SimulationRows {
        let fields = layout.names
        var bytes: [UInt8] = []
        var bounds: [Int] = [0]
        var lengths: [UInt32] = []
        var lines: [Int] = []
        var reader = RecordFields(layout: layout)
        try source.forEachLine { line, lineNumber in
            do throws(RecordFailure) {
                try reader.read(line, lineNumber: lineNumber)
            } catch {
                throw error.inputError(source: source.name)
            }
            for k in fields.indices {
                reader.withField(k) { bytes.append(contentsOf: $0) }
                bounds.append(bytes.count)
            }
            var characters: UInt32 = 0
            for byte in bytes[bounds[bounds.count - 1 - fields.count]...] where byte & 0xC0 != 0x80 { characters &+= 1 }
            lengths.append(characters)
            if layout.format != .jsonl { lines.append(lineNumber) }
        }
        return SimulationRows(fields: fields, bytes: bytes, bounds: bounds, lengths: lengths, lines: lines)
    }

    /// The UTF-8 bytes of field `field` of `row`, valid inside `body`.
    @inline(__always)
    func withBytes<R>(ofRow row: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let index = row * fields.count + field
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[bounds[index]..<bounds[index + 1]]))
        }
    }

    /// The field values of `row` by name, as a cell template reads them.
    func values(ofRow row: Int) -> [String: String] {
        var values: [String: String] = [:]
        for (f, name) in fields.enumerated() {
            values[name] = withBytes(ofRow: row, field: f) { String(decoding: $0, as: UTF8.self) }
        }
        return values
    }

    /// The row's character count, for the learning estimator.
    @inline(__always)
    func features(ofRow row: Int) -> RowFeatures { RowFeatures(length: Double(lengths[row])) }
}
