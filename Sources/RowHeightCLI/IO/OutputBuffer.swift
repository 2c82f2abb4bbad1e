/// A growable byte buffer for building output records without any `String` work per record:
/// ASCII text, integers, numbers and JSON strings (see the extensions). Reuse one (its storage
/// is kept by `removeAll()`) so nothing is allocated per record.
struct OutputBuffer: Sendable {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// The number of bytes written.
    var count: Int { bytes.count }

    /// Whether nothing was written.
    var isEmpty: Bool { bytes.isEmpty }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Drops everything after the first `count` bytes.
    mutating func truncate(to count: Int) {
        if count < bytes.count { bytes.removeSubrange(count...) }
    }

    /// Appends ASCII or UTF-8 text known at compile time.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 as it is (no escaping). Disfavoured, so that a string literal
    /// takes `append(_: StaticString)`, which copies its bytes without any `String` work.
    @_disfavoredOverload
    mutating func append(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends another buffer's bytes.
    mutating func append(_ other: OutputBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Appends raw bytes.
    mutating func append(bytes other: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: other) }

    /// Appends one byte.
    @inline(__always)
    mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }

    /// Calls `body` with the bytes `range`.
    func withBytes<R, E: Error>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (all) throws(E) -> R in
            try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[range])))
        }
    }

    /// Writes the bytes to a file descriptor (standard output by default) and empties the buffer.
    ///
    /// - Throws: `CLIError` if the write fails.
    mutating func flush(to fd: Int32 = 1) throws(CLIError) {
        try withBytes(0..<count) { (all) throws(CLIError) in try SystemCall.writeAll(fd, all) }
        removeAll()
    }
}
