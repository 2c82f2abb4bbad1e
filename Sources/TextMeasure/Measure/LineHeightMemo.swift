/// `StyleTables.lineHeight(mask:heights:baselines:lineStart:)` with the height of the last mask
/// of several fonts kept: the lines of a text mostly use the same fonts, and a mask of several
/// takes a loop over them (`StyleTables.unionHeight`) where one font's height is a load.
/// `LineFitter` keeps one per measurement.
struct LineHeightMemo {
    /// The mask of several fonts whose height was last worked out without baselines
    /// (`UInt64.max`, which no mask is, before any).
    private var mask = UInt64.max
    /// Its height, points.
    private var height = 0.0

    /// `StyleTables.lineHeight(mask:heights:baselines:lineStart:)`, read from the memo when
    /// `mask` (of several fonts) is the one it keeps, which it keeps only when `baselines` is
    /// `nil` (then the height depends on the mask alone, and `heights`, which must be the same
    /// on every call).
    @inline(__always)
    mutating func lineHeight(
        mask: UInt32, heights: UnsafeBufferPointer<Double>, baselines: LineBaselines?, lineStart: Int
    ) -> Double {
        guard mask & (mask &- 1) != 0 else {  // one font (or none): a load
            return StyleTables.lineHeight(mask: mask, heights: heights, baselines: baselines, lineStart: lineStart)
        }
        if UInt64(mask) == self.mask { return height }
        let several = StyleTables.lineHeight(mask: mask, heights: heights, baselines: baselines, lineStart: lineStart)
        if baselines == nil {
            self.mask = UInt64(mask)
            height = several
        }
        return several
    }
}
