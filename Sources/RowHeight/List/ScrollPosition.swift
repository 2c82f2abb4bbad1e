/// The scroll offset that keeps the list's anchor row (the first visible row of the last shown
/// viewport) where it was on screen, after a change that may have moved rows.
public struct ScrollPosition: Sendable, Hashable {
    /// The scroll offset in points; apply it to the scroll view.
    public var offset: Double
    /// The layout's version; pass it back in the next `Viewport` (see `Viewport.version`).
    public var version: LayoutVersion
    /// The content height in points.
    public var contentHeight: Double
    /// The anchor row (nil before the first viewport was shown, or in an empty list).
    public var anchorRow: Int?
}
