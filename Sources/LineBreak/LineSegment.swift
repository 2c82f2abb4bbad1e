/// The text between two break opportunities: what a line-wrapping algorithm places as a unit.
///
/// Offsets are UTF-8 byte offsets into the text. A segment ends at a break opportunity; its
/// trailing white space (`whitespaceStart..<end`) may hang past the end of a line.
public struct LineSegment: Equatable, Hashable, Sendable {
    /// UTF-8 offset of the segment's first byte.
    public var start: Int
    /// UTF-8 offset just past the segment: a break opportunity.
    public var end: Int
    /// UTF-8 offset where the trailing white space begins (`end` if there is none): trailing
    /// spaces (class SP), white-space characters after which a line may break (tab, U+3000
    /// ideographic space, the en/em/thin/hair spaces…) and, for a mandatory break, the BK, CR,
    /// LF, NL or CR LF that caused it.
    public var whitespaceStart: Int
    /// Whether the break at `end` is mandatory.
    public var isMandatoryBreak: Bool

    /// Creates a segment.
    public init(start: Int, end: Int, whitespaceStart: Int, isMandatoryBreak: Bool) {
        self.start = start
        self.end = end
        self.whitespaceStart = whitespaceStart
        self.isMandatoryBreak = isMandatoryBreak
    }
}

/// The segments of a UTF-8 text, in order: the text between consecutive break opportunities
/// (UAX #14). Never allocates; the buffer must stay valid while the iterator is used.
///
/// - Complexity: O(n) over the whole text.
public struct LineSegmentIterator: IteratorProtocol, Sequence {
    @usableFromInline var breaks: LineBreakIterator
    @usableFromInline var start = 0

    /// Creates an iterator over valid UTF-8.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        breaks = LineBreakIterator(utf8: utf8)
    }

    /// The next segment, or `nil` after the last.
    @inlinable
    // Inlined into the caller's loop, where the iterator's state stays in registers: worth
    // about a third of the time per break. `@inline(__always)` is only a hint for a function
    // this size; SE-0496's `@inline(always)` (Swift 6.3) guarantees it.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func next() -> LineSegment? {
        guard let opportunity = breaks.next() else { return nil }
        let segment = LineSegment(
            start: start, end: opportunity.offset,
            whitespaceStart: Swift.max(start, breaks.lastBreakWhitespaceStart),
            isMandatoryBreak: opportunity.isMandatory)
        start = opportunity.offset
        return segment
    }
}
