/// Unbuffered writes of diagnostics to standard error (file descriptor 2).
enum StandardError {
    /// Writes `text` as it is (add the newline yourself). A failure to write to stderr is
    /// ignored: there is nowhere left to report it.
    static func write(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            _ = try? SystemCall.writeAll(2, UnsafeRawBufferPointer(bytes))
        }
    }
}

/// The earlier name of `StandardError`, kept for the commands written against it.
typealias FileHandleError = StandardError
