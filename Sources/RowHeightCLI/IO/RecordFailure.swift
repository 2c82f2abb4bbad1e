/// A bad input record: its line and what is wrong with it (the message does not name the file).
struct RecordFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record's 1-based line number.
    var line: Int
    /// What is wrong, e.g. `field "text" is missing`.
    var message: String

    /// A failure of the record at `line`.
    init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// A failure of the record at `line` for a JSON problem.
    init(line: Int, _ error: JSONLineError) {
        self.init(line: line, message: error.description)
    }

    var description: String { "\(line): \(message)" }

    /// The error reported for this record of the input named `source`.
    func inputError(source: String) -> InputError { InputError(source: source, line: line, message) }
}
