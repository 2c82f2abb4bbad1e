#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer of bytes to standard output or a file: gathers records and writes them in
/// large blocks (`write(2)` of about 1 MiB), and at `flush()`.
///
/// Owns its buffer (and, for a file it opened, the descriptor), so it is a class; it is not
/// `Sendable`, so the compiler keeps it on one thread. Call `flush()` before the process ends —
/// bytes still buffered are written by `deinit` only on a best-effort basis.
final class OutputWriter {
    /// The descriptor written to.
    let fd: Int32
    private let ownsDescriptor: Bool
    private let blockSize: Int
    /// Records not written yet; append to it directly, then call `flushIfFull()`.
    var buffer: OutputBuffer

    /// A writer to `fd` (standard output by default), which it does not close.
    ///
    /// - Parameter blockSize: bytes gathered before a write.
    init(fd: Int32 = 1, blockSize: Int = 1 << 20) {
        self.fd = fd
        self.ownsDescriptor = false
        self.blockSize = max(blockSize, 1)
        self.buffer = OutputBuffer(capacity: self.blockSize + 4096)
    }

    /// A writer to the file at `path`, created or truncated.
    ///
    /// - Throws: `CLIError` naming the file if it cannot be opened.
    init(path: String, blockSize: Int = 1 << 20) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CLIError("\(path): cannot write: \(SystemCall.errorMessage(errno))") }
        self.fd = fd
        self.ownsDescriptor = true
        self.blockSize = max(blockSize, 1)
        self.buffer = OutputBuffer(capacity: self.blockSize + 4096)
    }

    deinit {
        if !buffer.isEmpty { try? buffer.flush(to: fd) }
        if ownsDescriptor { close(fd) }
    }

    /// Writes the buffer out if it holds a block or more.
    @inline(__always)
    func flushIfFull() throws(CLIError) {
        if buffer.count >= blockSize { try flush() }
    }

    /// Adds `bytes` (a range of a record buffer); a large run goes straight to the descriptor —
    /// one of a block or more, or one of a sixteenth of a block or more while nothing is
    /// buffered (a batch's records: copying them first would only delay the same write).
    ///
    /// - Throws: `CLIError` if a write fails.
    func write(_ bytes: UnsafeRawBufferPointer) throws(CLIError) {
        if buffer.isEmpty && bytes.count >= max(blockSize / 16, 1) {
            try SystemCall.writeAll(fd, bytes)
            return
        }
        if buffer.count + bytes.count <= blockSize {
            buffer.append(bytes: bytes.assumingMemoryBound(to: UInt8.self))
            return
        }
        try flush()
        if bytes.count >= blockSize {
            try SystemCall.writeAll(fd, bytes)
        } else {
            buffer.append(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Adds the bytes `range` of `records` (all of it by default).
    func write(_ records: OutputBuffer, range: Range<Int>? = nil) throws(CLIError) {
        try records.withBytes(range ?? 0..<records.count) { (bytes) throws(CLIError) in try write(bytes) }
    }

    /// Writes everything buffered.
    ///
    /// - Throws: `CLIError` if the write fails.
    func flush() throws(CLIError) {
        guard !buffer.isEmpty else { return }
        try buffer.flush(to: fd)
    }
}
