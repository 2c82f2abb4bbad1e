/// How a child of a horizontal stack is sized: CSS Flexible Box's item properties, with UIKit's
/// Auto Layout priorities in other words (see the README's table).
///
/// The defaults make common cells right without settings: a child starts at its max-content
/// width (`basis` `nil`, CSS `flex-basis: auto`), does not grow (`grow` 0 — it hugs its
/// content), shrinks in proportion to its basis when the row is too narrow (`shrink` 1), but
/// never below its min-content width (`minWidth` `nil`, CSS `min-width: auto`: a text's widest
/// word, a box's width — compression resistance).
public struct FlexItem: Sendable, Hashable, Codable {
    /// Share of the free room this child takes when the children are narrower than the stack
    /// (CSS `flex-grow`; UIKit: a low content-hugging priority). ≥ 0.
    public var grow: Double
    /// Share of the missing room this child gives up when the children are wider than the
    /// stack, weighted by its basis (CSS `flex-shrink`; UIKit: a low compression-resistance
    /// priority). 0 keeps the basis. ≥ 0.
    public var shrink: Double
    /// The width, points, the child starts from before growing or shrinking (CSS
    /// `flex-basis`); `nil`: its max-content width (`auto`). ≥ 0.
    public var basis: Double?
    /// The narrowest the child gets, points; `nil`: its min-content width, capped by `maxWidth`
    /// (CSS `min-width: auto`). ≥ 0. Wins over `maxWidth` when larger, as in CSS.
    public var minWidth: Double?
    /// The widest the child gets, points; `nil`: no limit. ≥ 0.
    public var maxWidth: Double?

    /// Creates flex settings (the defaults: hug the content, shrink down to the min-content width).
    public init(grow: Double = 0, shrink: Double = 1, basis: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil) {
        self.grow = grow
        self.shrink = shrink
        self.basis = basis
        self.minWidth = minWidth
        self.maxWidth = maxWidth
    }

    /// The settings of a child that takes all the free room (CSS `flex: 1`).
    public static let fill = FlexItem(grow: 1)
    /// The settings of a child that keeps its basis whatever the room (CSS `flex: none`; UIKit:
    /// required hugging and compression resistance).
    public static let fixed = FlexItem(grow: 0, shrink: 0)
}
