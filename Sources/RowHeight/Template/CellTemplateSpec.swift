#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextMeasure

/// The JSON form of a cell template (`Codable`), documented in the README ("Cell templates").
///
/// ```json
/// {"scale": 1, "root": {"type": "inset", "all": 8, "child":
///   {"type": "hstack", "spacing": 8, "children": [
///     {"type": "box", "width": 60, "height": 60},
///     {"type": "text", "field": "message", "style": {"size": 17, "lineBreak": "char"}}]}}}
/// ```
public struct CellTemplateSpec: Codable, Sendable, Hashable {
    /// Display scale (default 1).
    public var scale: Double?
    /// The root node.
    public var root: NodeSpec

    /// A node: `type` is `text`, `box`, `inset`, `vstack`, `hstack` or `sized`.
    public final class NodeSpec: Codable, Sendable, Hashable {
        public let type: String
        /// text: the row field to show, or a literal `text`.
        public let field: String?
        public let text: String?
        public let style: StyleSpec?
        /// box: size in points.
        public let width: Double?
        public let height: Double?
        /// inset: `all`, or `top`/`left`/`bottom`/`right`.
        public let all: Double?
        public let top: Double?, left: Double?, bottom: Double?, right: Double?
        /// stacks: spacing in points; vstack alignment `leading`, `center`, `trailing`.
        public let spacing: Double?
        public let alignment: HorizontalAlignment?
        public let children: [NodeSpec]?
        /// inset and sized: the child.
        public let child: NodeSpec?
        /// sized: height bounds.
        public let minHeight: Double?
        public let maxHeight: Double?

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
        public var profile: LayoutProfile?
    }
}

/// A template file that cannot be used.
public struct CellTemplateSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the node.
    public var description: String
}

extension CellTemplate {
    /// Reads a template from its JSON form, loading the fonts it names.
    ///
    /// - Parameters:
    ///   - data: The JSON.
    ///   - baseDirectory: Where relative font paths are resolved (the template's folder).
    /// - Throws: `CellTemplateSpecError` for an unknown node type or a missing attribute,
    ///   `DecodingError` for malformed JSON, `FontError` for a font that cannot be loaded.
    public init(json data: Data, baseDirectory: String? = nil) throws {
        let spec = try JSONDecoder().decode(CellTemplateSpec.self, from: data)
        let scale = spec.scale ?? 1
        var fonts = FontLoader()
        func style(_ spec: CellTemplateSpec.StyleSpec?) throws -> TextStyle {
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
            case let other: throw CellTemplateSpecError(description: "unknown lineBreak \"\(other)\" (use word or char)")
            }
            let result = TextStyle(
                fontChain: chain, fontSize: spec?.size ?? 17, lineBreakMode: mode, numberOfLines: spec?.maxLines ?? 0,
                lineSpacing: spec?.lineSpacing ?? 0, lineHeightMultiple: spec?.lineHeightMultiple ?? 1,
                scale: scale, profile: spec?.profile ?? .uikit)
            try result.validate()
            return result
        }
        func node(_ spec: CellTemplateSpec.NodeSpec, _ where: String) throws -> CellNode {
            func require<T>(_ value: T?, _ name: String) throws -> T {
                guard let value else {
                    throw CellTemplateSpecError(description: "\(`where`): a \(spec.type) node needs \"\(name)\"")
                }
                return value
            }
            switch spec.type {
            case "text":
                let content: TextContent
                if let field = spec.field { content = .field(field) } else { content = .literal(try require(spec.text, "field")) }
                return .text(TextNode(content, style: try style(spec.style)))
            case "box":
                return .box(width: try require(spec.width, "width"), height: try require(spec.height, "height"))
            case "inset":
                let a = spec.all ?? 0
                let insets = EdgeInsets(top: spec.top ?? a, left: spec.left ?? a, bottom: spec.bottom ?? a, right: spec.right ?? a)
                return .inset(insets, try node(try require(spec.child, "child"), `where` + ".child"))
            case "vstack", "hstack":
                let children = try require(spec.children, "children").enumerated().map {
                    try node($0.element, `where` + ".children[\($0.offset)]")
                }
                return spec.type == "vstack"
                    ? .vstack(spacing: spec.spacing ?? 0, alignment: spec.alignment ?? .leading, children: children)
                    : .hstack(spacing: spec.spacing ?? 0, children: children)
            case "sized":
                return .sized(minHeight: spec.minHeight, maxHeight: spec.maxHeight,
                              try node(try require(spec.child, "child"), `where` + ".child"))
            default:
                throw CellTemplateSpecError(
                    description: "\(`where`): unknown node type \"\(spec.type)\" (use text, box, inset, vstack, hstack or sized)")
            }
        }
        self.init(try node(spec.root, "root"), scale: scale)
    }

    /// Reads a template file.
    ///
    /// - Throws: as `init(json:baseDirectory:)`, or the file's read error.
    public init(contentsOf path: String) throws {
        let url = URL(fileURLWithPath: path)
        try self.init(json: try Data(contentsOf: url), baseDirectory: url.deletingLastPathComponent().path)
    }
}
