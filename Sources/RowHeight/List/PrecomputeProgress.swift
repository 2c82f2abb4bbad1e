/// How far a background precompute has come.
public struct PrecomputeProgress: Sendable, Hashable {
    /// The width being precomputed (the current width; it follows width changes).
    public var width: Double
    /// Rows with an exact height at that width.
    public var measuredRows: Int
    /// Rows in the list.
    public var rowCount: Int

    /// `measuredRows / rowCount` (1 for an empty list).
    public var fractionCompleted: Double { rowCount == 0 ? 1 : Double(measuredRows) / Double(rowCount) }

    /// Whether every row is exact at `width`.
    public var isComplete: Bool { measuredRows == rowCount }
}
