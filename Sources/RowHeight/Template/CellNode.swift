import TextMeasure

/// A node of a cell template: the layout tree of a self-sizing cell, as value types.
///
/// Widths flow down (a node is laid out at the width its parent gives it), heights flow up. A
/// text node's max layout width is always the width its parent gives it at layout time — there
/// is no stored `preferredMaxLayoutWidth` that could go stale after a rotation.
public indirect enum CellNode: Sendable, Hashable {
    /// A label: text from a field of the row (or a literal) set in a style.
    case text(TextNode)
    /// A fixed-size box (an image, a thumbnail, a button), in points.
    case box(width: Double, height: Double)
    /// A child with space around it, in points.
    case inset(EdgeInsets, CellNode)
    /// Children from top to bottom, `spacing` points apart; each is as wide as the stack, but a
    /// box (with any insets around it) keeps its width and is placed by `alignment`. A
    /// collapsed child (an empty text) takes no height and no spacing next to it, as a hidden
    /// `UIStackView` subview.
    case vstack(spacing: Double, alignment: HorizontalAlignment, children: [CellNode])
    /// Children from left to right, `spacing` points apart, as tall as the tallest. Fixed-size
    /// children take their width; text children share what is left equally; stacks and insets
    /// count as text children (flexible).
    case hstack(spacing: Double, children: [CellNode])
    /// A child whose height is clamped to `minHeight…maxHeight` (either may be absent).
    case sized(minHeight: Double?, maxHeight: Double?, CellNode)
}

/// Space around a node, in points.
public struct EdgeInsets: Sendable, Hashable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public static func all(_ value: Double) -> EdgeInsets {
        EdgeInsets(top: value, left: value, bottom: value, right: value)
    }
}

/// How a vertical stack places a child narrower than itself (a fixed-size box).
public enum HorizontalAlignment: String, Sendable, Hashable, Codable {
    case leading, center, trailing
}

/// A text node: what to show and how.
public struct TextNode: Sendable, Hashable {
    /// Where the text comes from.
    public var content: TextContent
    /// How it is set.
    public var style: TextStyle

    /// Creates a text node.
    public init(_ content: TextContent, style: TextStyle) {
        self.content = content
        self.style = style
    }
}

/// The text of a text node.
public enum TextContent: Sendable, Hashable {
    /// The string value of the row's field with this name.
    case field(String)
    /// A fixed string.
    case literal(String)
}
