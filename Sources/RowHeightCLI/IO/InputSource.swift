import Foundation

/// Where records come from: a file or standard input (`-`), read in large blocks and cut into
/// lines (without their `\n` or `\r\n`), handed out in batches.
final class InputSource {
    /// The name used in messages: the path, or `<stdin>`.
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF = false
    private(set) var linesRead = 0
    /// Total size in bytes when known (a regular file), for progress.
    let size: Int?
    /// Bytes consumed so far.
    private(set) var bytesRead = 0

    /// Opens `path` (`-` for standard input).
    ///
    /// - Throws: `InputError` naming the file when it cannot be opened.
    init(path: String, blockSize: Int = 1 << 20) throws(InputError) {
        if path == "-" {
            name = "<stdin>"
            fd = 0
            ownsDescriptor = false
            size = nil
        } else {
            name = path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file")
            }
            guard !isDirectory.boolValue else { throw InputError("\(path): is a directory") }
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else { throw InputError("\(path): \(String(cString: strerror(errno)))") }
            fd = opened
            ownsDescriptor = true
            var info = stat()
            size = fstat(opened, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        }
        buffer = [UInt8](repeating: 0, count: blockSize)
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Fills `batch` with up to `maxLines` lines (fewer only at the end of input).
    ///
    /// - Returns: `false` when no line was left.
    /// - Throws: `InputError` for a read error.
    func nextBatch(into batch: inout LineBatch, maxLines: Int) throws(InputError) -> Bool {
        batch.reset(firstLine: linesRead + 1)
        while batch.count < maxLines {
            if let newline = findNewline() {
                var lineEnd = newline
                if lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                batch.append(buffer[start..<lineEnd])
                bytesRead += newline + 1 - start
                start = newline + 1
                linesRead += 1
                continue
            }
            if atEOF {
                if start < end {  // a last line without a newline
                    var lineEnd = end
                    if buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    batch.append(buffer[start..<lineEnd])
                    bytesRead += end - start
                    start = end
                    linesRead += 1
                }
                break
            }
            try refill()
        }
        return batch.count > 0
    }

    private func findNewline() -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { p -> Int? in
            guard let hit = memchr(p.baseAddress! + start, 0x0A, end - start) else { return nil }
            return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - p.baseAddress!
        }
    }

    private func refill() throws(InputError) {
        // Move the partial line to the front; grow the buffer for a line longer than it.
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { p in
                _ = memmove(p.baseAddress!, p.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let n = buffer.withUnsafeMutableBufferPointer { p in read(fd, p.baseAddress! + end, p.count - end) }
        if n < 0 {
            if errno == EINTR { return }
            throw InputError("\(name): read error: \(String(cString: strerror(errno)))")
        }
        if n == 0 { atEOF = true }
        end += n
    }
}

/// A batch of input lines stored back to back.
struct LineBatch {
    private(set) var bytes: [UInt8] = []
    private(set) var offsets: [Int] = [0]
    /// Line number (1-based) of the batch's first line.
    private(set) var firstLine = 1

    var count: Int { offsets.count - 1 }

    mutating func reset(firstLine: Int) {
        bytes.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        offsets.append(0)
        self.firstLine = firstLine
    }

    mutating func append(_ line: ArraySlice<UInt8>) {
        bytes.append(contentsOf: line)
        offsets.append(bytes.count)
    }

    /// Calls `body` with line `index` of the batch.
    func withLine<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (p) throws(E) -> R in
            try body(UnsafeBufferPointer(rebasing: p[offsets[index]..<offsets[index + 1]]))
        }
    }
}
