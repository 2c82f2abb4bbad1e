/// A problem with the input of a run — a file that cannot be read, a record that is not what the
/// command expects — printed by the root command as one line `rowheight: error: <description>`
/// with exit code 1.
struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, already naming the file (and line) where there is one.
    var description: String

    /// An error described by `description` as it is (it should name the file if there is one).
    init(_ description: String) { self.description = description }

    /// An error in line `line` (1-based) of the input named `source`: `<source>:<line>: <message>`.
    init(source: String, line: Int, _ message: String) {
        self.description = "\(source):\(line): \(message)"
    }
}
