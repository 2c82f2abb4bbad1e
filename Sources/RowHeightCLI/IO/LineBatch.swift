/// Consecutive lines of an input, handed out together by `InputSource`: a view into one block of
/// the input as it was read (several batches may share a block; nothing is copied per line).
///
/// Lines exclude their `\n` or `\r\n`.
struct LineBatch: Sendable {
    /// Position of the batch in the input: 0 for the first batch, then 1, 2, …
    let index: Int
    /// Line number (1-based) of the batch's first line; the others follow without gaps.
    let firstLine: Int
    /// The bytes the lines point into.
    private let block: [UInt8]
    /// Byte ranges of the lines in `block`.
    private let ranges: [Range<Int>]
    /// The first line number of each record when records may span lines (CSV); empty when
    /// record `k` is line `firstLine + k`.
    private let lineNumbers: [Int]

    /// A batch of the lines at `ranges` of `block`.
    ///
    /// - Parameter lineNumbers: each record's first line, for records that may span lines; empty
    ///   if the lines are numbered consecutively from `firstLine`.
    init(index: Int, firstLine: Int, block: [UInt8], ranges: [Range<Int>], lineNumbers: [Int] = []) {
        self.index = index
        self.firstLine = lineNumbers.first ?? firstLine
        self.block = block
        self.ranges = ranges
        self.lineNumbers = lineNumbers
    }

    /// The number of lines.
    var count: Int { ranges.count }

    /// Calls `body` once per line, in order, with the line's bytes and its 1-based line number.
    /// Stops early when `body` returns `false`.
    ///
    /// - Complexity: O(lines); no copying.
    func forEachLine<E: Error>(
        _ body: (_ line: UnsafeBufferPointer<UInt8>, _ lineNumber: Int) throws(E) -> Bool
    ) throws(E) {
        try block.withUnsafeBufferPointer { (all) throws(E) -> Void in
            if lineNumbers.isEmpty {
                for (k, range) in ranges.enumerated() {
                    guard try body(UnsafeBufferPointer(rebasing: all[range]), firstLine + k) else { return }
                }
            } else {
                for (k, range) in ranges.enumerated() {
                    guard try body(UnsafeBufferPointer(rebasing: all[range]), lineNumbers[k]) else { return }
                }
            }
        }
    }

    /// Calls `body` with line `index` (0-based within the batch).
    func withLine<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try block.withUnsafeBufferPointer { (all) throws(E) -> R in
            try body(UnsafeBufferPointer(rebasing: all[ranges[index]]))
        }
    }
}
