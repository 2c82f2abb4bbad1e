/// Where a shaped range may be cut between lines, and what is needed to re-shape a part of it:
/// the runs it was shaped in and HarfBuzz's unsafe-to-break flags
/// (`StyleTables.appendShapedWidths(…cuts:)`, read by `TextWalker`'s line-end correction).
struct ShapedCuts {
    /// One run as shaped, with the sum of the logical widths of the range's scalars before it
    /// and of its own (width units; whole units in `.pango`, so the sums are exact).
    struct ShapedRun {
        var run: Itemizer.Run
        var widthBefore: Double
        var width: Double
    }

    /// One flag per scalar of the range: whether cutting before it leaves both sides measuring
    /// as the sums of their scalars' widths — it starts a run (HarfBuzz shapes each run alone)
    /// or a HarfBuzz cluster none of whose glyphs is `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`.
    var safe: [Bool] = []
    /// The runs, in logical order.
    var runs: [ShapedRun] = []

    /// The index in `runs` of the run holding byte offset `offset`, searching from `hint` on
    /// (offsets asked in increasing order make the search O(1) amortized).
    func runIndex(containing offset: Int, from hint: Int) -> Int {
        var r = hint
        while r + 1 < runs.count && runs[r].run.range.upperBound <= offset { r += 1 }
        return r
    }
}
