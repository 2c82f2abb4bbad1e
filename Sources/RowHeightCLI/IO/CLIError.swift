/// A problem that is not in the input: output that cannot be written, a setting that makes no
/// sense together with another. Printed by the root command as `rowheight: error: <description>`
/// with exit code 1.
struct CLIError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, as one line.
    var description: String

    /// An error described by `description`.
    init(_ description: String) { self.description = description }
}
