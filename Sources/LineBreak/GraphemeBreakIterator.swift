/// The extended grapheme cluster boundaries of a string, as UTF-8 offsets: exactly the
/// boundaries between the string's `Character`s (Swift's grapheme breaking is the reference).
///
/// `next()` returns the end of each cluster in order, so the first value is the end of the first
/// `Character` and the last is `string.utf8.count`; an empty string has none. Pairs of ASCII
/// bytes are decided without calling into the standard library (two ASCII scalars are always
/// separate clusters, except CR LF); everything else is stepped with `String.index(after:)`.
///
/// ```swift
/// Array(GraphemeBreakIterator("e\u{301}👍🏽!"))  // [3, 11, 12]
/// ```
///
/// - Complexity: O(n) over the whole string; never allocates.
public struct GraphemeBreakIterator: IteratorProtocol, Sequence {
    @usableFromInline let string: String
    /// The current boundary.
    @usableFromInline var index: String.Index
    /// The UTF-8 offset of `index`.
    @usableFromInline var offset = 0

    /// Creates an iterator over the boundaries of `string`.
    @inlinable
    public init(_ string: String) {
        self.string = string
        self.index = string.startIndex
    }

    /// The UTF-8 offset of the next boundary after the current one, or `nil` at the end.
    @inlinable
    public mutating func next() -> Int? {
        let utf8 = string.utf8
        if index == utf8.endIndex { return nil }
        let b = utf8[index]
        if b < 0x80 {
            let after = utf8.index(after: index)
            if after == utf8.endIndex || (utf8[after] < 0x80 && !(b == 0x0D && utf8[after] == 0x0A)) {
                index = after
                offset &+= 1
                return offset
            }
        }
        let next = string.index(after: index)
        offset &+= utf8.distance(from: index, to: next)
        index = next
        return offset
    }
}
