extension String {
    /// The break opportunities of the string (UTF-8 offsets). Allocates the array: for hot
    /// paths iterate a `LineBreakIterator` inside `withUTF8` instead.
    ///
    /// - Complexity: O(n).
    public var lineBreakOpportunities: [LineBreakOpportunity] {
        var copy = self
        return copy.withUTF8 { Array(LineBreakIterator(utf8: $0)) }
    }

    /// The break opportunities as Unicode-scalar offsets: `k` means a line may end between scalar
    /// `k − 1` and scalar `k`. For a non-empty string the last offset is its scalar count.
    ///
    /// - Complexity: O(n).
    public var lineBreakScalarOffsets: [(offset: Int, isMandatory: Bool)] {
        var copy = self
        return copy.withUTF8 { bytes in
            var result: [(offset: Int, isMandatory: Bool)] = []
            var scalars = 0
            var byte = 0
            for opportunity in LineBreakIterator(utf8: bytes) {
                while byte < opportunity.offset {
                    if bytes[byte] & 0xC0 != 0x80 { scalars += 1 }
                    byte += 1
                }
                result.append((scalars, opportunity.isMandatory))
            }
            return result
        }
    }

    /// Calls `body` with a segment iterator over the string's UTF-8 (contiguous storage; a
    /// bridged string is copied first).
    public func withLineSegments<R>(_ body: (inout LineSegmentIterator) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8 { bytes in
            var iterator = LineSegmentIterator(utf8: bytes)
            return try body(&iterator)
        }
    }
}
