/// A problem with the input or the set-up of a run, printed as one line
/// `rowheight: error: <description>` with exit code 1.
struct InputError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, already naming the file and line where there is one.
    var description: String

    init(_ description: String) { self.description = description }

    /// An error in record `line` (1-based) of `source`.
    init(source: String, line: Int, _ message: String) {
        self.description = "\(source):\(line): \(message)"
    }
}
