/// The kind of a JSON value (RFC 8259 §3).
enum JSONValueKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case string, number, bool, null, object, array

    /// The name used in messages: "string", "number", "boolean", "null", "object", "array".
    var description: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        case .object: "object"
        case .array: "array"
        }
    }
}
