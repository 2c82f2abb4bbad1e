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
///
/// With a `separator` (CSV and TSV, RFC 4180), a `\n` inside a quoted field does not end the
/// record: a record may span several lines, and each record of a batch carries the number of its
/// first line. A field is quoted only if it starts with `"` (a `"` further into a field is a
/// literal character, as in Python's `csv` and most readers), so one stray quote cannot swallow
/// the rows after it. Empty lines between records are skipped (they are not records; the line
/// numbers of the records after them stay right); spaces and tabs are data.
struct LineReader: Sendable {
    /// The descriptor read from.
    let fd: Int32
    /// Size of a fresh block in bytes (it grows for a line longer than that).
    let blockSize: Int
    /// The field separator of CSV/TSV records, whose quoted fields may hold newlines; `nil`
    /// for plain lines.
    let separator: UInt8?
    /// Whether records are CSV/TSV records rather than lines.
    var quoted: Bool { separator != nil }

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
    /// Physical lines consumed so far (`quoted` only).
    private var physicalLines = 0
    /// For `quoted`: how far the unfinished record at `start` was scanned, where that scan
    /// ended (see `QuoteState`), and how many newlines it crossed inside quotes.
    private var scanned = 0
    private var quoteState = QuoteState.fieldStart
    private var innerNewlines = 0
    /// Whether the first bytes of the input were looked at for a UTF-8 byte order mark.
    private var checkedByteOrderMark = false

    /// Where the scan of a CSV record stands.
    private enum QuoteState {
        /// At the start of a field: a `"` here opens a quoted field.
        case fieldStart
        /// Inside a field that did not start with `"`: quotes are literal.
        case unquoted
        /// Inside a quoted field: newlines and separators are data.
        case quoted
        /// Just after a `"` inside a quoted field: another `"` makes the two one literal quote;
        /// anything else means the first one closed the field.
        case quoteInQuoted
    }

    /// A reader of `fd` (which it does not close).
    ///
    /// - Parameter separator: cut CSV/TSV records with this field separator (newlines inside
    ///   quoted fields stay in the record) instead of lines.
    init(fd: Int32, blockSize: Int, separator: UInt8? = nil) {
        self.fd = fd
        self.blockSize = max(blockSize, 16)
        self.separator = separator
    }

    /// The next batch of up to `maxLines` lines (a few more if blank lines were pending), or `nil`
    /// at the end of the input. Returns as soon as it has one line and the next would need
    /// another `read(2)`, so a slow stream is processed as it arrives.
    ///
    /// - Parameter name: the input's name, for error messages.
    /// - Throws: `InputError` for a failed read (then again on every later call).
    mutating func nextBatch(maxLines: Int, name: String) throws(InputError) -> LineBatch? {
        let firstLine = linesHandedOut + 1
        guard let (ranges, numbers) = try nextRanges(maxLines: maxLines, name: name) else { return nil }
        blockHandedOut = true
        defer { batchesHandedOut += 1 }
        return LineBatch(index: batchesHandedOut, firstLine: firstLine, block: block, ranges: ranges, lineNumbers: numbers)
    }

    /// The first record of the input (a CSV header), copied, with its line number, or `nil` for
    /// an empty input. Call it before any `nextBatch`; it does not count as a batch.
    ///
    /// - Throws: `InputError` for a failed read.
    mutating func firstRecord(name: String) throws(InputError) -> (bytes: [UInt8], line: Int)? {
        guard let (ranges, numbers) = try nextRanges(maxLines: 1, name: name) else { return nil }
        // Blank lines before the header come out as empty records first: the header is then empty.
        let line = numbers.first ?? 1
        let bytes = ranges.count == 1 ? Array(block[ranges[0]]) : []
        return (bytes, line)
    }

    /// The byte ranges (in `block`) and, for `quoted`, first line numbers of the next records.
    private mutating func nextRanges(maxLines: Int, name: String) throws(InputError) -> ([Range<Int>], [Int])? {
        if let failure { throw failure }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(min(maxLines, 4096))
        var numbers: [Int] = []
        if quoted { numbers.reserveCapacity(min(maxLines, 4096)) }
        while true {
            if quoted {
                cutRecords(into: &ranges, numbers: &numbers, maxLines: maxLines)
            } else {
                cutLines(into: &ranges, maxLines: maxLines)
            }
            if ranges.isEmpty && atEOF && start < end {  // a last line without a newline
                let last = start..<(block[end - 1] == 0x0D ? end - 1 : end)
                if quoted {
                    addRecord(last, innerNewlines: innerNewlines, to: &ranges, numbers: &numbers)
                    scanned = 0
                    innerNewlines = 0
                    quoteState = .fieldStart
                } else {
                    addLine(last, to: &ranges)
                }
                start = end
            }
            if !ranges.isEmpty { return (ranges, numbers) }
            if atEOF { return nil }  // trailing blank lines are dropped
            do throws(InputError) {
                try refill(name: name)
            } catch {
                failure = error
                throw error
            }
        }
    }

    /// Moves the complete CSV records of `block[start..<end]` to `ranges`: a record ends at a
    /// `\n` outside quoted fields.
    private mutating func cutRecords(into ranges: inout [Range<Int>], numbers: inout [Int], maxLines: Int) {
        guard start < end, let separator else { return }
        block.withUnsafeBufferPointer { all in
            let base = all.baseAddress!
            while ranges.count < maxLines && start < end {
                var i = start + scanned
                var newline = -1
                var state = quoteState
                scan: while i < end {
                    switch state {
                    case .quoted:
                        // Inside quotes only a quote matters (and newlines, for line numbers).
                        while i < end && base[i] != 0x22 {
                            if base[i] == 0x0A { innerNewlines += 1 }
                            i += 1
                        }
                        guard i < end else { break scan }
                        state = .quoteInQuoted
                    case .unquoted:
                        // Quotes are plain characters here: only a separator or a newline ends it.
                        while i < end && base[i] != 0x0A && base[i] != separator { i += 1 }
                        guard i < end else { break scan }
                        if base[i] == 0x0A {
                            newline = i
                            break scan
                        }
                        state = .fieldStart
                    case .fieldStart, .quoteInQuoted:
                        let byte = base[i]
                        if byte == 0x0A {
                            newline = i
                            break scan
                        } else if byte == separator {
                            state = .fieldStart
                        } else if byte == 0x22 {
                            state = .quoted  // opens a field, or the second of two quotes
                        } else {
                            state = .unquoted
                        }
                    }
                    i += 1
                }
                guard newline >= 0 else {
                    scanned = end - start
                    quoteState = state
                    return
                }
                var recordEnd = newline
                if recordEnd > start && base[recordEnd - 1] == 0x0D { recordEnd -= 1 }
                addRecord(start..<recordEnd, innerNewlines: innerNewlines, to: &ranges, numbers: &numbers)
                start = newline + 1
                scanned = 0
                innerNewlines = 0
                quoteState = .fieldStart
            }
        }
    }

    /// Adds a CSV record that spans `innerNewlines + 1` physical lines; an empty line is no
    /// record and is skipped.
    private mutating func addRecord(
        _ range: Range<Int>, innerNewlines: Int, to ranges: inout [Range<Int>], numbers: inout [Int]
    ) {
        let first = physicalLines + 1
        physicalLines += 1 + innerNewlines
        if range.isEmpty { return }
        ranges.append(range)
        numbers.append(first)
        linesHandedOut += 1
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

    /// Drops a UTF-8 byte order mark (EF BB BF) at the very start of the input, once three bytes
    /// or the end of the input are there: editors on Windows write one before JSON Lines and CSV.
    private mutating func skipByteOrderMark() {
        guard !checkedByteOrderMark, bytesRead >= 3 || atEOF else { return }
        checkedByteOrderMark = true
        let nothingCut = start == 0 && linesHandedOut == 0 && physicalLines == 0 && pendingBlankLines == 0
        if nothingCut && end >= 3 && block[start] == 0xEF && block[start + 1] == 0xBB && block[start + 2] == 0xBF {
            start += 3
        }
    }

    /// Reads more bytes after the unfinished line, into a fresh block if the current one was
    /// handed out, growing it when the line fills it.
    private mutating func refill(name: String) throws(InputError) {
        let partial = end - start
        if blockHandedOut || block.isEmpty || partial * 2 > block.count {
            let size = max(blockSize, partial * 2)
            // Not zeroed first: only `block[start..<end]`, bytes `read(2)` or the copy below
            // wrote, is ever read, and zeroing a megabyte per block cost more than reading it.
            var fresh = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
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
            skipByteOrderMark()
        case .failure(let errno): throw InputError("\(name): cannot read: \(errno)")
        }
    }
}
