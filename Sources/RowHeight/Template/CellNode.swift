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
    /// Children from left to right, `spacing` points apart, as tall as the tallest. Children
    /// size as CSS flex items (one line, §9.7 "Resolving Flexible Lengths"): each starts at its
    /// flex basis — by default its max-content width (a text's one-line width, a box's width) —
    /// and the room left over or missing is shared by `grow` or taken by `shrink` (weighted by
    /// the basis), never below a child's min-content width (its widest word; a box's width) or
    /// past its `minWidth…maxWidth`. Wrap a child in `.flex` to change its settings. So a short
    /// timestamp keeps its width and the message beside it takes the rest.
    case hstack(spacing: Double, children: [CellNode])
    /// A child whose height is clamped to `minHeight…maxHeight` (either may be absent).
    case sized(minHeight: Double?, maxHeight: Double?, CellNode)
    /// A child of a horizontal stack with its own flex settings (anywhere else it changes
    /// nothing). Transparent in a layout: the child's frame is at the wrapper's path.
    case flex(FlexItem, CellNode)
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
    /// Whether a row must have the field: a row without it is then an error
    /// (`CellTemplateError.missingField`). An optional field missing from a row is an empty
    /// text, which collapses with the spacing next to it (a hidden `UIStackView` subview).
    public var isRequired: Bool
    /// Whether the text is Pango markup (`AttributedText(markup:)`), parsed per row: a field's
    /// value is markup; a literal is markup in which `{name}` stands for the row's field `name`,
    /// escaped as plain text (`<b>{author}</b> {message}`). A literal's node collapses when every
    /// field it names is empty or missing; `isRequired` then requires them all.
    public var isMarkup: Bool

    /// Creates a text node (its field optional unless `isRequired`; plain text unless `isMarkup`).
    public init(_ content: TextContent, style: TextStyle, isRequired: Bool = false, isMarkup: Bool = false) {
        self.content = content
        self.style = style
        self.isRequired = isRequired
        self.isMarkup = isMarkup
    }
}

/// The text of a text node.
public enum TextContent: Sendable, Hashable {
    /// The string value of the row's field with this name (empty when the row lacks it and the
    /// node does not require it).
    case field(String)
    /// A fixed string.
    case literal(String)
}
