#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the command-line tool makes, retried on `EINTR`, with errors as `errno`
/// messages.
enum SystemCall {
    /// Writes all of `bytes` to `fd`.
    ///
    /// - Throws: `CLIError` with the system's message (e.g. "Broken pipe") when a write fails.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(CLIError) {
        guard var pointer = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, pointer, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot write the output: \(errorMessage(errno))")
            }
            pointer += n
            left -= n
        }
    }

    /// Reads at most `count` bytes into `buffer`: the number read, 0 at the end of the input.
    ///
    /// - Returns: the count, or the `errno` of a failed read.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> {
        while true {
            let n = read(fd, buffer, count)
            if n >= 0 { return .success(n) }
            if errno != EINTR { return .failure(Errno(code: errno)) }
        }
    }

    /// An `errno` value as an error.
    struct Errno: Error, Sendable, CustomStringConvertible {
        var code: Int32
        var description: String { SystemCall.errorMessage(code) }
    }

    /// The system's message for an `errno` value ("No such file or directory").
    static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
