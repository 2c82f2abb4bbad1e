/// The part of a list a scroll view shows: what `ListHeightModel.show(_:)` makes exact.
public struct Viewport: Sendable, Hashable {
    /// The scroll offset: the content offset (points) at the top of the visible area.
    public var offset: Double
    /// The visible height in points.
    public var height: Double
    /// Extra points above and below the visible area whose rows are measured too (prepared rows).
    public var overscan: Double
    /// The `version` of the layout `offset` was read from (a `ViewportLayout` or `ScrollPosition`
    /// the model returned), or nil when `offset` is in the model's current coordinates. When rows
    /// moved since that layout (a background precompute replaced estimates, an update, a width
    /// change), the model carries the offset along with its anchor row, so that scrolling continues
    /// from what the user saw. Only the last layout the model returned can be carried along; an
    /// older version is taken as current coordinates.
    public var version: LayoutVersion?

    /// A viewport at `offset` that is `height` points tall, preparing `overscan` points around it.
    public init(offset: Double, height: Double, overscan: Double = 0, version: LayoutVersion? = nil) {
        self.offset = offset
        self.height = height
        self.overscan = overscan
        self.version = version
    }
}
