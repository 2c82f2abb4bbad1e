#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where records come from: a file, or standard input (`-`). Reads large blocks (1 MiB by
/// default) with `read(2)` and hands out batches of lines that point into them — see
/// `LineReader` for how lines are cut.
///
/// Thread-safe: several workers may call `nextBatch` at once; batches come out in input order,
/// numbered by `LineBatch.index`.
final class InputSource: Sendable {
    /// The name used in messages: the path, or `<stdin>`.
    let name: String
    /// Total size in bytes when known (a regular file), for progress.
    let size: Int?
    /// The file read (device and inode), so that no output replaces it while it is read.
    let identity: FileIdentity?
    private let ownsDescriptor: Bool
    private let reader: Mutex<LineReader>

    /// Opens `path` for reading; `-` is standard input.
    ///
    /// - Parameters:
    ///   - blockSize: bytes asked of each `read(2)`.
    ///   - format: how to cut records: lines for JSON Lines; CSV/TSV records, which may span
    ///     lines (see `LineReader`).
    /// - Throws: `InputError` naming the file when it is missing, a directory or unreadable.
    convenience init(path: String, blockSize: Int = 1 << 20, format: InputFormat = .jsonl) throws(InputError) {
        if path == "-" {
            self.init(fileDescriptor: 0, name: "<stdin>", ownsDescriptor: false, blockSize: blockSize, format: format)
            return
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw InputError("\(path): no such file")
            case EACCES: throw InputError("\(path): permission denied")
            default: throw InputError("\(path): cannot open: \(SystemCall.errorMessage(code))")
            }
        }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw InputError("\(path): is a directory, not a file")
        }
        self.init(fileDescriptor: fd, name: path, ownsDescriptor: true, blockSize: blockSize, format: format)
    }

    /// Reads from an open descriptor, e.g. one end of a pipe.
    ///
    /// - Parameters:
    ///   - name: how messages call the input.
    ///   - ownsDescriptor: whether to close `fd` when done.
    ///   - format: how to cut records (lines, or CSV/TSV records).
    init(
        fileDescriptor fd: Int32, name: String, ownsDescriptor: Bool, blockSize: Int = 1 << 20,
        format: InputFormat = .jsonl
    ) {
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        identity = FileIdentity(fileDescriptor: fd)
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            size = Int(info.st_size)
        } else {
            size = nil
        }
        reader = Mutex(LineReader(fd: fd, blockSize: blockSize, separator: format.separator))
    }

    deinit {
        if ownsDescriptor { close(reader.withLock { $0.fd }) }
    }

    /// The next batch of up to `maxLines` lines in input order, or `nil` at the end.
    ///
    /// - Throws: `InputError` for a failed read.
    func nextBatch(maxLines: Int) throws(InputError) -> LineBatch? {
        let name = self.name
        return try reader.withLock { (reader) throws(InputError) -> LineBatch? in
            try reader.nextBatch(maxLines: max(1, maxLines), name: name)
        }
    }

    /// The first record (a CSV header row), copied, with its line number; `nil` for an empty
    /// input. Call it before the first `nextBatch`.
    ///
    /// - Throws: `InputError` for a failed read.
    func firstRecord() throws(InputError) -> (bytes: [UInt8], line: Int)? {
        let name = self.name
        return try reader.withLock { (reader) throws(InputError) -> (bytes: [UInt8], line: Int)? in
            try reader.firstRecord(name: name)
        }
    }

    /// How many batches were handed out.
    var batchesRead: Int { reader.withLock { $0.batchesHandedOut } }

    /// How many lines were handed out.
    var linesRead: Int { reader.withLock { $0.linesHandedOut } }

    /// How many bytes were read so far.
    var bytesRead: Int { reader.withLock { $0.bytesRead } }

    /// Calls `body` with every line in order, with its 1-based number, on the calling thread.
    ///
    /// - Throws: `InputError` for a failed read, or what `body` throws.
    func forEachLine(_ body: (_ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int) throws -> Void) throws {
        while let batch = try nextBatch(maxLines: 4096) {
            try batch.forEachLine { line, number in
                try body(line, number)
                return true
            }
        }
    }
}
