/// How `ExactPieceSums.measure` finds a line's height from its fonts: plainly, or with the runs
/// aligned on the first run's baseline, which needs where the line starts in the text.
protocol ExactLineHeights {
    /// The UTF-8 offset where a line starting with piece `piece` starts (0 where unused).
    func lineStart(piece: Int) -> Int
    /// The UTF-8 offset where a line starting after `cluster` starts (0 where unused).
    func lineStart(after cluster: ExactPieceSums.ExactCluster) -> Int
    /// The height of a line of the fonts of `mask` starting at `lineStart`.
    func height(mask: UInt32, heights: UnsafeBufferPointer<Double>, lineStart: Int) -> Double
}

/// `StyleTables.lineHeight(mask:heights:)`: nothing read from the text.
struct PlainLineHeights: ExactLineHeights {
    @inline(__always) func lineStart(piece: Int) -> Int { 0 }
    @inline(__always) func lineStart(after cluster: ExactPieceSums.ExactCluster) -> Int { 0 }
    @inline(__always)
    func height(mask: UInt32, heights: UnsafeBufferPointer<Double>, lineStart: Int) -> Double {
        StyleTables.lineHeight(mask: mask, heights: heights)
    }
}

/// `StyleTables.lineHeight(mask:heights:baselines:lineStart:)` with the pieces' starts.
struct AlignedLineHeights: ExactLineHeights {
    let baselines: LineBaselines
    let pieces: UnsafeBufferPointer<PreparedPiece>
    @inline(__always) func lineStart(piece: Int) -> Int { pieces[piece].layout.start }
    @inline(__always) func lineStart(after cluster: ExactPieceSums.ExactCluster) -> Int { Int(cluster.end) }
    @inline(__always)
    func height(mask: UInt32, heights: UnsafeBufferPointer<Double>, lineStart: Int) -> Double {
        StyleTables.lineHeight(mask: mask, heights: heights, baselines: baselines, lineStart: lineStart)
    }
}
