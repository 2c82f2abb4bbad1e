/// Reads the named string fields a worker needs from one input record, whatever the input
/// format: the keys of a JSON Lines object, or the columns of a CSV/TSV record (found in the
/// header once, before the run).
///
/// Holds both parsers so switching on the format copies nothing per record. One per thread.
struct RecordFields {
    /// Which fields are read and where they are.
    let layout: RecordLayout
    private var json = JSONLineParser()
    private var csv: CSVRecordParser
    private var jsonFields: [JSONLineParser.Field] = []
    private var jsonKept: [JSONLineParser.Field] = []

    /// A reader of records laid out as `layout` says.
    init(layout: RecordLayout) {
        self.layout = layout
        csv = CSVRecordParser(separator: layout.format.separator ?? 0x2C)
        jsonFields.reserveCapacity(layout.names.count)
    }

    /// The fields read, in the order `withField` and `string` number them.
    var names: [String] { layout.names }

    /// Parses `line` and finds the fields, which must all be strings (JSON) or present (CSV).
    ///
    /// - Throws: `RecordFailure` naming `lineNumber` and what is wrong.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws(RecordFailure) {
        if layout.format == .jsonl {
            do throws(JSONLineError) {
                try json.parse(line)
                jsonFields.removeAll(keepingCapacity: true)
                for name in layout.names {
                    guard let field = json.field(named: name) else { throw .missingField(name) }
                    guard field.kind == .string else {
                        throw .wrongType(field: name, expected: .string, found: field.kind)
                    }
                    jsonFields.append(field)
                }
                if !layout.kept.isEmpty {
                    jsonKept.removeAll(keepingCapacity: true)
                    for name in layout.kept {
                        guard let field = json.field(named: name) else { throw .missingField(name) }
                        jsonKept.append(field)
                    }
                }
            } catch {
                throw RecordFailure(line: lineNumber, error)
            }
            return
        }
        do throws(CSVRecordError) {
            try csv.parse(line)
            if csv.count != layout.columnCount { throw .columnCount(found: csv.count, expected: layout.columnCount) }
        } catch .unterminatedQuote(let byte) {
            // Named at the line of its opening quote, which may be a later line of the record.
            var newlines = 0
            for k in 0..<(byte - 1) where line[k] == 0x0A { newlines += 1 }
            let message = CSVRecordError.unterminatedQuote(byte: byte).description
            throw RecordFailure(line: lineNumber + newlines, message: message)
        } catch {
            throw RecordFailure(line: lineNumber, message: error.description)
        }
    }

    /// Calls `body` with the UTF-8 of field `index` (of `names`) of the record last read.
    mutating func withField<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
        -> R
    {
        if layout.format == .jsonl { return try json.withString(jsonFields[index], body) }
        return try csv.withField(layout.columns[index], body)
    }

    /// Appends the kept fields (`--keep`) of the record last read, each followed by what comes
    /// after it in `format`: `"name":value,` for JSON Lines (a JSON value as it was, a CSV field
    /// as a JSON string), `value<separator>` for CSV/TSV (quoted when it must be).
    mutating func appendKept(_ format: OutputFormat, to output: inout OutputBuffer) {
        for (k, name) in layout.kept.enumerated() {
            if let separator = format.separator {
                if layout.format == .jsonl && jsonKept[k].kind != .string {
                    json.withRawValue(jsonKept[k]) { output.appendCSVField($0, separator: separator) }
                } else if layout.format == .jsonl {
                    json.withString(jsonKept[k]) { output.appendCSVField($0, separator: separator) }
                } else {
                    csv.withField(layout.columns[layout.names.count + k]) {
                        output.appendCSVField($0, separator: separator)
                    }
                }
                output.appendByte(separator)
                continue
            }
            output.appendJSONString(name)
            output.appendByte(UInt8(ascii: ":"))
            if layout.format == .jsonl {
                let field = jsonKept[k]
                json.withRawValue(field) { raw in
                    if field.kind == .string { output.appendByte(0x22) }
                    output.append(bytes: raw)
                    if field.kind == .string { output.appendByte(0x22) }
                }
            } else {
                csv.withField(layout.columns[layout.names.count + k]) { output.appendJSONString($0) }
            }
            output.appendByte(UInt8(ascii: ","))
        }
    }

    /// Field `index` (of `names`) of the record last read, as a `String`.
    mutating func string(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }
}
