/// One paragraph's levels without Pango's shortcuts: how tests and the `FuzzBidi` target compare
/// `BidiParagraphResolver` with fribidi.
extension BidiLevels {
    /// The level of each byte of the paragraph `bytes` (no paragraph delimiter inside) with base
    /// direction `base`, and the resolved direction: from `BidiParagraphResolver` (`handWritten`;
    /// `nil` when the paragraph is not one it resolves) or from fribidi.
    ///
    /// - Complexity: O(n) in the paragraph's length.
    static func paragraphLevels(
        _ bytes: UnsafeBufferPointer<UInt8>, base: Direction, handWritten: Bool
    ) -> (levels: [UInt8], direction: Direction)? {
        var levels = BidiLevels()
        let scratch = max(bytes.count, 1)
        let runs = UnsafeMutableBufferPointer<BidiParagraphResolver.Run>.allocate(capacity: scratch)
        let intervals = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * scratch + 2)
        defer {
            runs.deallocate()
            intervals.deallocate()
        }
        let direction: Direction
        if handWritten {
            let scan = BidiParagraphResolver.scan(bytes, from: 0, to: bytes.count, runs: runs, intervals: intervals)
            guard scan.resolvable else { return nil }
            direction = levels.appendResolvedParagraph(
                bytes, from: 0, to: bytes.count, base: base, scan: scan, runs: runs.baseAddress!, intervals: intervals)
        } else {
            direction = levels.appendFriBidiParagraph(bytes, from: 0, to: bytes.count, base: base)
        }
        return ((0..<bytes.count).map { levels[$0] }, direction)
    }
}
