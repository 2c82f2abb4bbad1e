/// Why a CSV or TSV record is not what RFC 4180 allows or the header promised. The description
/// is one line meant for people, e.g. `3 columns, expected 2 as in the header`.
enum CSVRecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record is not valid UTF-8; `byte` (1-based, in the record) starts the first bad sequence.
    case invalidUTF8(byte: Int)
    /// Something other than a separator or the end of the record after a closing quote.
    case textAfterClosingQuote(byte: Int)
    /// A quoted field that never closes before the end of the input; `byte` (1-based, in the
    /// record) is its opening quote.
    case unterminatedQuote(byte: Int)
    /// Another number of columns than the header has.
    case columnCount(found: Int, expected: Int)

    var description: String {
        switch self {
        case .invalidUTF8(let byte): "invalid UTF-8 at byte \(byte)"
        case .textAfterClosingQuote(let byte):
            "text after a closing quote at byte \(byte) of the record (expected a separator or the end of the record)"
        case .unterminatedQuote: "unterminated quoted field: its opening '\"' never closes (every later line is inside it)"
        case .columnCount(let found, let expected):
            "\(found) column\(found == 1 ? "" : "s"), expected \(expected) as in the header"
        }
    }
}
