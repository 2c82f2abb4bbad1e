/// The extended grapheme cluster boundaries of a string, as UTF-8 offsets: exactly the
/// boundaries between the string's `Character`s (Swift's grapheme breaking is the reference).
///
/// `next()` returns the end of each cluster in order, so the first value is the end of the first
/// `Character` and the last is `string.utf8.count`; an empty string has none. Two ASCII scalars
/// are always separate clusters, except CR LF, so pairs of ASCII bytes are decided on the bytes
/// directly; every other step is `String.index(after:)`.
///
/// ```swift
/// Array(GraphemeBreakIterator("e\u{301}👍🏽!"))  // [3, 11, 12]
/// ```
///
/// - Complexity: O(n) over the whole string; never allocates (for a native string).
public struct GraphemeBreakIterator: IteratorProtocol, Sequence {
    @usableFromInline let string: String
    /// The UTF-8 offset of the current boundary.
    @usableFromInline var offset = 0
    /// The current boundary as an index, when `indexIsCurrent`.
    @usableFromInline var index: String.Index
    /// Whether `index` is at `offset` (the ASCII fast path only moves `offset`).
    @usableFromInline var indexIsCurrent = true

    /// Creates an iterator over the boundaries of `string`.
    @inlinable
    public init(_ string: String) {
        self.string = string
        self.index = string.startIndex
    }

    /// The UTF-8 offset of the next boundary after the current one, or `nil` at the end.
    @inlinable
    public mutating func next() -> Int? {
        let offset = self.offset
        // The fast path on contiguous UTF-8: the next boundary if it is decided by ASCII bytes
        // (> 0), the end of the text (−1), or 0 to take the slow path.
        let fast =
            string.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                guard offset < bytes.count else { return -1 }
                let b = bytes[offset]
                guard b < 0x80 else { return 0 }
                let after = offset &+ 1
                if after == bytes.count { return after }
                let c = bytes[after]
                return c < 0x80 && !(b == 0x0D && c == 0x0A) ? after : 0
            } ?? 0
        if fast > 0 {
            self.offset = fast
            indexIsCurrent = false
            return fast
        }
        if fast < 0 { return nil }
        let utf8 = string.utf8
        if !indexIsCurrent {
            index = utf8.index(utf8.startIndex, offsetBy: offset)
            indexIsCurrent = true
        }
        if index == string.endIndex { return nil }
        let next = string.index(after: index)
        self.offset = offset &+ utf8.distance(from: index, to: next)
        index = next
        return self.offset
    }
}
