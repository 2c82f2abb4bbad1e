extension String {
    /// The break opportunities of the string, as UTF-8 offsets. Allocates the array: on hot
    /// paths iterate a `LineBreakIterator` over the UTF-8 bytes instead.
    ///
    /// - Complexity: O(n).
    public var lineBreakOpportunities: [LineBreakOpportunity] {
        withContiguousUTF8 { Array(LineBreakIterator(utf8: $0)) }
    }

    /// The break opportunities as Unicode-scalar offsets: `k` means a line may end between scalar
    /// `k − 1` and scalar `k`. For a non-empty string the last offset is its scalar count.
    ///
    /// - Complexity: O(n).
    public var lineBreakScalarOffsets: [(offset: Int, isMandatory: Bool)] {
        withContiguousUTF8 { bytes in
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

    /// Calls `body` with an iterator over the string's line segments. The string's own UTF-8
    /// storage is used when it is contiguous (native strings); otherwise (some bridged strings)
    /// a contiguous copy is made first.
    ///
    /// - Complexity: O(1) before `body` runs for a native string, O(n) otherwise.
    public func withLineSegments<R>(_ body: (inout LineSegmentIterator) throws -> R) rethrows -> R {
        try withContiguousUTF8 { bytes in
            var iterator = LineSegmentIterator(utf8: bytes)
            return try body(&iterator)
        }
    }

    /// Calls `body` with the string's UTF-8 in contiguous memory, copying only if it is not.
    func withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
