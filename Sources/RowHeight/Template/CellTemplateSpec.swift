#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextMeasure

/// The JSON form of a cell template (`Codable`), documented in the README ("Cell templates in
/// JSON"). Values are checked when a template is made from it (`CellTemplate(json:)`).
///
/// ```json
/// {"scale": 1, "root": {"type": "inset", "all": 8, "child":
///   {"type": "hstack", "spacing": 8, "children": [
///     {"type": "text", "field": "message", "style": {"size": 17}},
///     {"type": "text", "field": "time", "style": {"size": 13}, "shrink": 0}]}}}
/// ```
public struct CellTemplateSpec: Codable, Sendable, Hashable {
    /// Display scale (default 1).
    public var scale: Double?
    /// The root node.
    public var root: NodeSpec

    /// A node: `type` is `text`, `box`, `inset`, `vstack`, `hstack` or `sized`.
    public final class NodeSpec: Codable, Sendable, Hashable {
        public let type: String
        /// text: the row field to show, or a literal `text`; `required`: a row must have the field;
        /// `markup`: the text is Pango markup (a literal's `{name}` is field `name`, escaped).
        public let field: String?
        public let text: String?
        public let required: Bool?
        public let markup: Bool?
        public let style: StyleSpec?
        /// box: size in points.
        public let width: Double?
        public let height: Double?
        /// inset: `all`, or `top`/`left`/`bottom`/`right`.
        public let all: Double?
        public let top: Double?, left: Double?, bottom: Double?, right: Double?
        /// stacks: spacing in points; vstack alignment `leading`, `center`, `trailing`.
        public let spacing: Double?
        public let alignment: String?
        public let children: [NodeSpec]?
        /// inset and sized: the child.
        public let child: NodeSpec?
        /// sized: height bounds.
        public let minHeight: Double?
        public let maxHeight: Double?
        /// Any child of an hstack: flex settings (`FlexItem`).
        public let grow: Double?
        public let shrink: Double?
        public let basis: Double?
        public let minWidth: Double?
        public let maxWidth: Double?

        public static func == (lhs: NodeSpec, rhs: NodeSpec) -> Bool {
            (try? JSONEncoder().encode(lhs)) == (try? JSONEncoder().encode(rhs))
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(try? JSONEncoder().encode(self)) }
    }

    /// A text style: every field optional, with `rowheight measure`'s defaults.
    public struct StyleSpec: Codable, Sendable, Hashable {
        /// Fonts as `FontSource.parse` reads them: files (`PATH` or `PATH#INDEX`; relative paths
        /// are resolved against the template's folder) or family names; default: the bundled chain.
        public var fonts: [String]?
        public var size: Double?
        /// `word` or `char`.
        public var lineBreak: String?
        public var maxLines: Int?
        public var lineSpacing: Double?
        public var lineHeightMultiple: Double?
        /// `uikit` or `pango`.
        public var profile: String?
        /// `TextStyle.systemFallback` (default `false`).
        public var systemFallback: Bool?
    }

    /// The deepest nesting of nodes a template may have.
    public static let maxDepth = 64
}

extension CellTemplate {
    /// Reads a template from its JSON form, checking every value and loading the fonts it names.
    ///
    /// - Parameters:
    ///   - data: The JSON.
    ///   - baseDirectory: Where relative font paths are resolved (the template's folder).
    /// - Throws: `CellTemplateSpecError` naming the JSON path and the value — an unknown node
    ///   type or enum value, a missing attribute, a negative or non-finite length, `minHeight >
    ///   maxHeight`, nesting deeper than `CellTemplateSpec.maxDepth`; `DecodingError` for
    ///   malformed JSON or a value of the wrong type; `FontError` for a font that cannot be loaded.
    public init(json data: Data, baseDirectory: String? = nil) throws {
        let spec = try JSONDecoder().decode(CellTemplateSpec.self, from: data)
        var reader = CellTemplateSpecReader(baseDirectory: baseDirectory)
        let scale = try reader.length(spec.scale, "scale", default: 1, positive: true)
        reader.scale = scale
        self.init(try reader.node(spec.root, "root", depth: 1), scale: scale)
    }

    /// Reads a template file.
    ///
    /// - Throws: as `init(json:baseDirectory:)`, or the file's read error.
    public init(contentsOf url: URL) throws {
        try self.init(json: try Data(contentsOf: url), baseDirectory: url.deletingLastPathComponent().path)
    }

    /// Reads a template file at a path.
    @available(*, deprecated, renamed: "init(contentsOf:)", message: "pass a file URL, as Foundation does")
    public init(contentsOf path: String) throws {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }
}

/// Turns a `CellTemplateSpec` into nodes, checking each value where it is.
struct CellTemplateSpecReader {
    let baseDirectory: String?
    var scale = 1.0
    private var fonts = FontLoader()

    init(baseDirectory: String?) { self.baseDirectory = baseDirectory }

    /// A length or factor: finite and ≥ 0 (> 0 if `positive`), or `fallback` when absent.
    func length(_ value: Double?, _ path: String, default fallback: Double, positive: Bool = false) throws -> Double {
        guard let value else { return fallback }
        try check(value, path, positive: positive)
        return value
    }

    /// An optional length: finite and ≥ 0 when present.
    func optionalLength(_ value: Double?, _ path: String) throws -> Double? {
        if let value { try check(value, path, positive: false) }
        return value
    }

    private func check(_ value: Double, _ path: String, positive: Bool) throws {
        guard value.isFinite else { throw CellTemplateSpecError(path: path, "\(value) is not a finite number") }
        if positive, !(value > 0) { throw CellTemplateSpecError(path: path, "\(value) must be greater than 0") }
        if value < 0 { throw CellTemplateSpecError(path: path, "\(value) is negative; it must be 0 or more") }
    }

    mutating func node(_ spec: CellTemplateSpec.NodeSpec, _ path: String, depth: Int) throws -> CellNode {
        guard depth <= CellTemplateSpec.maxDepth else {
            throw CellTemplateSpecError(path: path, "nodes nested more than \(CellTemplateSpec.maxDepth) deep")
        }
        func require<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw CellTemplateSpecError(path: path, "a \(spec.type) node needs \"\(name)\"") }
            return value
        }
        let node: CellNode
        switch spec.type {
        case "text":
            let content: TextContent
            if let field = spec.field {
                content = .field(field)
            } else if let text = spec.text {
                content = .literal(text)
            } else {
                throw CellTemplateSpecError(path: path, "a text node needs \"field\" (or a literal \"text\")")
            }
            node = .text(
                TextNode(
                    content, style: try style(spec.style, path + ".style"), isRequired: spec.required ?? false,
                    isMarkup: spec.markup ?? false))
        case "box":
            node = .box(
                width: try length(try require(spec.width, "width"), path + ".width", default: 0),
                height: try length(try require(spec.height, "height"), path + ".height", default: 0))
        case "inset":
            let all = try length(spec.all, path + ".all", default: 0)
            let insets = EdgeInsets(
                top: try length(spec.top, path + ".top", default: all),
                left: try length(spec.left, path + ".left", default: all),
                bottom: try length(spec.bottom, path + ".bottom", default: all),
                right: try length(spec.right, path + ".right", default: all))
            node = .inset(insets, try self.node(try require(spec.child, "child"), path + ".child", depth: depth + 1))
        case "vstack", "hstack":
            let spacing = try length(spec.spacing, path + ".spacing", default: 0)
            var children: [CellNode] = []
            for (i, child) in try require(spec.children, "children").enumerated() {
                children.append(try self.node(child, path + ".children[\(i)]", depth: depth + 1))
            }
            if spec.type == "hstack" {
                node = .hstack(spacing: spacing, children: children)
            } else {
                let alignment: HorizontalAlignment
                switch spec.alignment ?? "leading" {
                case "leading": alignment = .leading
                case "center": alignment = .center
                case "trailing": alignment = .trailing
                case let other:
                    throw CellTemplateSpecError(
                        path: path + ".alignment", "unknown alignment \"\(other)\" (use leading, center or trailing)")
                }
                node = .vstack(spacing: spacing, alignment: alignment, children: children)
            }
        case "sized":
            let minHeight = try optionalLength(spec.minHeight, path + ".minHeight")
            let maxHeight = try optionalLength(spec.maxHeight, path + ".maxHeight")
            if let minHeight, let maxHeight, minHeight > maxHeight {
                throw CellTemplateSpecError(
                    path: path, "minHeight \(minHeight) is greater than maxHeight \(maxHeight)")
            }
            node = .sized(
                minHeight: minHeight, maxHeight: maxHeight,
                try self.node(try require(spec.child, "child"), path + ".child", depth: depth + 1))
        default:
            throw CellTemplateSpecError(
                path: path + ".type",
                "unknown node type \"\(spec.type)\" (use text, box, inset, vstack, hstack or sized)")
        }
        guard spec.grow != nil || spec.shrink != nil || spec.basis != nil || spec.minWidth != nil || spec.maxWidth != nil
        else { return node }
        let item = FlexItem(
            grow: try length(spec.grow, path + ".grow", default: 0),
            shrink: try length(spec.shrink, path + ".shrink", default: 1),
            basis: try optionalLength(spec.basis, path + ".basis"),
            minWidth: try optionalLength(spec.minWidth, path + ".minWidth"),
            maxWidth: try optionalLength(spec.maxWidth, path + ".maxWidth"))
        return .flex(item, node)
    }

    mutating func style(_ spec: CellTemplateSpec.StyleSpec?, _ path: String) throws -> TextStyle {
        let chain: FontChain
        if let paths = spec?.fonts, !paths.isEmpty {
            chain = try fonts.chain(paths.map { try FontSource.parse($0, relativeTo: baseDirectory) })
        } else {
            chain = try FontChain.bundled()
        }
        let mode: LineBreakMode
        switch spec?.lineBreak ?? "word" {
        case "word": mode = .byWordWrapping
        case "char": mode = .byCharWrapping
        case let other:
            throw CellTemplateSpecError(path: path + ".lineBreak", "unknown lineBreak \"\(other)\" (use word or char)")
        }
        let profile: LayoutProfile
        switch spec?.profile ?? "uikit" {
        case "uikit": profile = .uikit
        case "pango": profile = .pango
        case let other:
            throw CellTemplateSpecError(path: path + ".profile", "unknown profile \"\(other)\" (use uikit or pango)")
        }
        let maxLines = spec?.maxLines ?? 0
        guard maxLines >= 0 else {
            throw CellTemplateSpecError(path: path + ".maxLines", "\(maxLines) is negative; use 0 for unlimited")
        }
        return TextStyle(
            fontChain: chain, fontSize: try length(spec?.size, path + ".size", default: 17, positive: true),
            lineBreakMode: mode, numberOfLines: maxLines,
            lineSpacing: try length(spec?.lineSpacing, path + ".lineSpacing", default: 0),
            lineHeightMultiple: try length(
                spec?.lineHeightMultiple, path + ".lineHeightMultiple", default: 1, positive: true),
            scale: scale, profile: profile, systemFallback: spec?.systemFallback ?? false)
    }
}
