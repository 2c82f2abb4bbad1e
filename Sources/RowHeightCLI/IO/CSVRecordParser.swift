/// An RFC 4180 parser for one CSV (or TSV) record, as cut by `LineReader` with a separator:
/// fields separated by `separator`; a field that starts with `"` is quoted, may hold separators,
/// newlines and doubled quotes (`""` for one `"`), and must end with `"` right before a separator
/// or the end of the record. A `"` inside a field that did not start with one is a literal
/// character (`A 27" monitor`), as Python's `csv` and most readers take it. Checks UTF-8.
///
/// Like `JSONLineParser`, it records where the fields are and copies nothing unless a field holds
/// doubled quotes (decoded into a scratch buffer it keeps). Use one per thread, reuse it.
///
/// - Complexity: `parse` is O(n) in the record's length.
struct CSVRecordParser {
    /// The byte between fields: `,` for CSV, tab for TSV.
    let separator: UInt8
    /// Byte ranges of the last record's fields, inside their quotes.
    private(set) var fields: [Range<Int>] = []
    /// Whether each field holds doubled quotes.
    private var escaped: [Bool] = []
    private var record = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var scratch: [UInt8] = []

    /// A parser for records separated by `separator`.
    init(separator: UInt8) {
        self.separator = separator
        fields.reserveCapacity(16)
        escaped.reserveCapacity(16)
    }

    /// The number of fields of the last record.
    var count: Int { fields.count }

    /// Parses one record (without its line end); an empty record has one empty field.
    ///
    /// The bytes must stay valid until the fields have been read.
    mutating func parse(_ record: UnsafeBufferPointer<UInt8>) throws(CSVRecordError) {
        self.record = record
        fields.removeAll(keepingCapacity: true)
        escaped.removeAll(keepingCapacity: true)
        if let bad = UTF8Validation.firstInvalidByte(in: record) { throw .invalidUTF8(byte: bad + 1) }
        let n = record.count
        guard let base = record.baseAddress, n > 0 else {
            fields.append(0..<0)
            escaped.append(false)
            return
        }
        let quote: UInt8 = 0x22
        var i = 0
        while true {
            if i < n && base[i] == quote {
                let opening = i
                i += 1
                let contentStart = i
                var doubled = false
                while true {
                    guard i < n else { throw .unterminatedQuote(byte: opening + 1) }
                    if base[i] == quote {
                        if i + 1 < n && base[i + 1] == quote {
                            doubled = true
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
                fields.append(contentStart..<i)
                escaped.append(doubled)
                i += 1  // the closing quote
                if i == n { return }
                guard base[i] == separator else { throw .textAfterClosingQuote(byte: i + 1) }
                i += 1
            } else {
                let fieldStart = i
                while i < n && base[i] != separator { i += 1 }
                fields.append(fieldStart..<i)
                escaped.append(false)
                if i == n { return }
                i += 1
            }
        }
    }

    /// Calls `body` with field `index`'s bytes, quotes removed and doubled quotes made single.
    mutating func withField<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
        -> R
    {
        let range = fields[index]
        let raw = UnsafeBufferPointer(rebasing: record[range])
        guard escaped[index] else { return try body(raw) }
        scratch.removeAll(keepingCapacity: true)
        var k = 0
        while k < raw.count {
            scratch.append(raw[k])
            k += raw[k] == 0x22 ? 2 : 1  // the first of two quotes stands for both
        }
        return try scratch.withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(bytes) }
    }

    /// Field `index` as a `String`.
    mutating func string(_ index: Int) -> String {
        withField(index) { String(decoding: $0, as: UTF8.self) }
    }
}
