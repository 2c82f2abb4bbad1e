#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts the bytes read from a file descriptor into lines, in blocks of about `blockSize` bytes
/// read with one `read(2)` each; the state behind `InputSource`.
///
/// A block, once lines of it were handed out in a batch, is never written again: the next read
/// goes to a fresh block, and only the unfinished last line is copied over. So batches can be
/// processed on other threads while reading goes on.
///
/// Lines end at `\n`; a `\r` before it is dropped; the last line may lack its `\n`. Lines that
/// are blank (nothing but spaces, tabs and `\r`) at the very end of the input are dropped; blank
/// lines before a non-blank one are handed out as empty lines, so line numbers stay right.
struct LineReader: Sendable {
    /// The descriptor read from.
    let fd: Int32
    /// Size of a fresh block in bytes (it grows for a line longer than that).
    let blockSize: Int

    private var block: [UInt8] = []
    /// The unread bytes are `block[start..<end]`.
    private var start = 0
    private var end = 0
    /// Whether some batch holds `block` (then it must not be written again).
    private var blockHandedOut = false
    private var atEOF = false
    private var failure: InputError?
    /// Blank lines seen but not yet handed out.
    private var pendingBlankLines = 0
    /// Lines handed out so far, blank ones included.
    private(set) var linesHandedOut = 0
    /// Batches handed out so far.
    private(set) var batchesHandedOut = 0
    /// Bytes read so far.
    private(set) var bytesRead = 0

    /// A reader of `fd` (which it does not close).
    init(fd: Int32, blockSize: Int) {
        self.fd = fd
        self.blockSize = max(blockSize, 16)
    }

    /// The next batch of up to `maxLines` lines (a few more if blank lines were pending), or `nil`
    /// at the end of the input. Returns as soon as it has one line and the next would need
    /// another `read(2)`, so a slow stream is processed as it arrives.
    ///
    /// - Parameter name: the input's name, for error messages.
    /// - Throws: `InputError` for a failed read (then again on every later call).
    mutating func nextBatch(maxLines: Int, name: String) throws(InputError) -> LineBatch? {
        if let failure { throw failure }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(min(maxLines, 4096))
        let firstLine = linesHandedOut + 1
        while true {
            cutLines(into: &ranges, maxLines: maxLines)
            if ranges.isEmpty && atEOF && start < end {  // a last line without a newline
                addLine(start..<(block[end - 1] == 0x0D ? end - 1 : end), to: &ranges)
                start = end
            }
            if !ranges.isEmpty {
                blockHandedOut = true
                defer { batchesHandedOut += 1 }
                return LineBatch(index: batchesHandedOut, firstLine: firstLine, block: block, ranges: ranges)
            }
            if atEOF { return nil }  // trailing blank lines are dropped
            do throws(InputError) {
                try refill(name: name)
            } catch {
                failure = error
                throw error
            }
        }
    }

    /// Moves the complete lines of `block[start..<end]` to `ranges`.
    private mutating func cutLines(into ranges: inout [Range<Int>], maxLines: Int) {
        guard start < end else { return }
        block.withUnsafeBufferPointer { all in
            let base = all.baseAddress!
            while ranges.count < maxLines && start < end {
                guard let hit = memchr(base + start, 0x0A, end - start) else { return }
                let newline = UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
                var lineEnd = newline
                if lineEnd > start && base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                addLine(start..<lineEnd, in: all, to: &ranges)
                start = newline + 1
            }
        }
    }

    private mutating func addLine(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        block.withUnsafeBufferPointer { addLine(range, in: $0, to: &ranges) }
    }

    private mutating func addLine(_ range: Range<Int>, in all: UnsafeBufferPointer<UInt8>, to ranges: inout [Range<Int>]) {
        var blank = true
        for i in range where all[i] != 0x20 && all[i] != 0x09 && all[i] != 0x0D {
            blank = false
            break
        }
        if blank {
            pendingBlankLines += 1
            return
        }
        while pendingBlankLines > 0 {
            ranges.append(range.lowerBound..<range.lowerBound)
            pendingBlankLines -= 1
            linesHandedOut += 1
        }
        ranges.append(range)
        linesHandedOut += 1
    }

    /// Reads more bytes after the unfinished line, into a fresh block if the current one was
    /// handed out, growing it when the line fills it.
    private mutating func refill(name: String) throws(InputError) {
        let partial = end - start
        if blockHandedOut || block.isEmpty || partial * 2 > block.count {
            let size = max(blockSize, partial * 2)
            var fresh = [UInt8](repeating: 0, count: size)
            if partial > 0 {
                fresh.withUnsafeMutableBufferPointer { target in
                    block.withUnsafeBufferPointer { source in
                        _ = memcpy(target.baseAddress!, source.baseAddress! + start, partial)
                    }
                }
            }
            block = fresh
            blockHandedOut = false
        } else if start > 0 {
            block.withUnsafeMutableBufferPointer { all in
                _ = memmove(all.baseAddress!, all.baseAddress! + start, partial)
            }
        }
        start = 0
        end = partial
        let result = block.withUnsafeMutableBufferPointer { all in
            SystemCall.readSome(fd, into: all.baseAddress! + end, count: all.count - end)
        }
        switch result {
        case .success(0): atEOF = true
        case .success(let n):
            end += n
            bytesRead += n
        case .failure(let errno): throw InputError("\(name): cannot read: \(errno)")
        }
    }
}
