import RowHeight
import TextMeasure

/// The input rows of `simulate`, held in memory and measured on demand: the `"text"` of each
/// record with a text style, or the fields a cell template reads.
///
/// Every record's strings are stored one after the other in one UTF-8 buffer (no `String` per
/// row); row r is input line r + 1 (a bad line is an error, so every line is a row).
struct SimulationRows: RowFeatureProviding {
    /// How rows are measured.
    enum Layout: Sendable {
        /// The `"text"` field, measured with this measurer.
        case text(TextMeasurer)
        /// The fields of a cell template, in `template.fields` order.
        case template(CellTemplate)

        /// The record fields each row stores.
        var fields: [String] { if case .template(let template) = self { template.fields } else { ["text"] } }
    }

    let layout: Layout
    /// The record fields each row stores, in order.
    let fields: [String]
    /// The UTF-8 bytes of every row's field values, row after row.
    let bytes: [UInt8]
    /// `bounds[r × fields.count + f] ..< bounds[r × fields.count + f + 1]` are the bytes of field f of row r.
    let bounds: [Int]
    /// Per row: its characters (Unicode scalars) over all fields — what the learning estimator fits against.
    let lengths: [UInt32]

    /// Number of rows.
    var count: Int { lengths.count }

    /// Reads every record of `source`.
    ///
    /// - Throws: `InputError` naming the file and line of the first bad record (invalid JSON, a
    ///   missing or non-string field), or a read error.
    static func load(_ source: InputSource, layout: Layout) throws -> SimulationRows {
        let fields = layout.fields
        var bytes: [UInt8] = []
        var bounds: [Int] = [0]
        var lengths: [UInt32] = []
        var parser = JSONLineParser()
        try source.forEachLine { line, lineNumber in
            do throws(RecordFailure) {
                try read(line, lineNumber: lineNumber, fields: fields, parser: &parser, into: &bytes, bounds: &bounds)
            } catch {
                throw error.inputError(source: source.name)
            }
            var characters: UInt32 = 0
            for byte in bytes[bounds[bounds.count - 1 - fields.count]...] where byte & 0xC0 != 0x80 { characters &+= 1 }
            lengths.append(characters)
        }
        return SimulationRows(layout: layout, fields: fields, bytes: bytes, bounds: bounds, lengths: lengths)
    }

    /// Appends the string values of `fields` of one record.
    private static func read(
        _ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, fields: [String], parser: inout JSONLineParser,
        into bytes: inout [UInt8], bounds: inout [Int]
    ) throws(RecordFailure) {
        if fields == ["text"] {
            let field = try TextField.read(line: line, lineNumber: lineNumber, parser: &parser)
            parser.withString(field) { bytes.append(contentsOf: $0) }
            bounds.append(bytes.count)
            return
        }
        do throws(JSONLineParser.Failure) {
            try parser.parse(line)
        } catch {
            throw RecordFailure(line: lineNumber, message: "invalid JSON at column \(error.column): \(error.message)")
        }
        for name in fields {
            guard let field = parser.field(named: name) else {
                throw RecordFailure(line: lineNumber, message: "field \"\(name)\" is missing")
            }
            guard field.kind == .string else {
                throw RecordFailure(
                    line: lineNumber, message: "field \"\(name)\" must be a string, found \(field.kind)")
            }
            parser.withString(field) { bytes.append(contentsOf: $0) }
            bounds.append(bytes.count)
        }
    }

    /// The exact height of `row` at `width` (points).
    func height(ofRow row: Int, width: Double) throws -> Double {
        let first = row * fields.count
        switch layout {
        case .text(let measurer):
            return try bytes.withUnsafeBufferPointer { all in
                try measurer.measure(
                    utf8: UnsafeBufferPointer(rebasing: all[bounds[first]..<bounds[first + 1]]), width: width
                )
                .height
            }
        case .template(let template):
            var values: [String: String] = [:]
            for (f, name) in fields.enumerated() {
                values[name] = String(decoding: bytes[bounds[first + f]..<bounds[first + f + 1]], as: UTF8.self)
            }
            return try template.height(for: values, width: width)
        }
    }

    /// The row's character count, for the learning estimator.
    func features(ofRow row: Int) -> RowFeatures { RowFeatures(length: Double(lengths[row])) }
}
