/// Reading the `"text"` field of a JSON Lines record, with the errors users see.
enum TextField {
    static func read(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, parser: inout JSONLineParser)
        throws(RecordFailure) -> JSONLineParser.Field
    {
        do throws(JSONLineParser.Failure) {
            try parser.parse(line)
        } catch {
            throw RecordFailure(line: lineNumber, error)
        }
        guard let field = parser.field("text") else {
            throw RecordFailure(line: lineNumber, message: "field \"text\" is missing")
        }
        guard field.kind == .string else {
            throw RecordFailure(line: lineNumber, message: "field \"text\" must be a string, found \(field.kind)")
        }
        return field
    }
}
