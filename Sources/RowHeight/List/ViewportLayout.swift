/// What showing a viewport produced: the scroll offset to use, and the rows to lay out.
public struct ViewportLayout: Sendable, Hashable {
    /// The scroll offset (points) that keeps the first visible row exactly where it was on screen
    /// after the rows above it and the row itself were measured. Apply it to the scroll view.
    public var offset: Double
    /// The layout's version; pass it back in the next `Viewport` (see `Viewport.version`).
    public var version: LayoutVersion
    /// The content height (points) after measuring.
    public var contentHeight: Double
    /// The rows intersecting the visible area `offset ..< offset + height`, all with exact heights.
    public var visibleRows: Range<Int>
    /// The rows intersecting the visible area widened by the overscan, all with exact heights.
    public var preparedRows: Range<Int>
    /// The row whose top edge stayed fixed on screen (nil for an empty list).
    public var anchorRow: Int?
    /// How many rows this call measured.
    public var measuredRowCount: Int
    /// Σ |estimate − exact| over the rows this call measured, in points: how far their estimates
    /// were off (divide by `measuredRowCount` for the mean error).
    public var estimateError: Double
}
