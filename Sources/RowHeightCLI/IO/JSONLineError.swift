/// Why a line is not the JSON object a command expects. The description is one line meant for
/// people, e.g. `invalid JSON: expected ':' after key, found '"' at column 12` or
/// `field "text" must be a string, found number`.
enum JSONLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not valid JSON: what is wrong, at a 1-based byte column of the line.
    case syntax(String, column: Int)
    /// The line is empty (or white space only) where an object was expected.
    case emptyLine
    /// The line is not valid UTF-8; `byte` (1-based) starts the first bad sequence.
    case invalidUTF8(byte: Int)
    /// A required field is missing.
    case missingField(String)
    /// A field holds another kind of value than the one required.
    case wrongType(field: String, expected: JSONValueKind, found: JSONValueKind)
    /// A number field does not fit a `Double` (e.g. `1e400`).
    case numberOutOfRange(field: String)

    var description: String {
        switch self {
        case .syntax(let message, let column): "invalid JSON: \(message) at column \(column)"
        case .emptyLine: "empty line, expected a JSON object"
        case .invalidUTF8(let byte): "invalid UTF-8 at byte \(byte)"
        case .missingField(let name): "field \"\(name)\" is missing"
        case .wrongType(let name, let expected, let found):
            "field \"\(name)\" must be \(expected == .array || expected == .object ? "an" : "a") \(expected), found \(found)"
        case .numberOutOfRange(let name): "field \"\(name)\" is out of the range of a double"
        }
    }

    /// What is wrong, without the column (for callers that print the column themselves).
    var message: String {
        switch self {
        case .syntax(let message, _): message
        default: description
        }
    }

    /// The 1-based byte column of a syntax error or bad UTF-8, else 0.
    var column: Int {
        switch self {
        case .syntax(_, let column): column
        case .invalidUTF8(let byte): byte
        default: 0
        }
    }
}
