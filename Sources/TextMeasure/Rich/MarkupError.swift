/// Pango markup that `AttributedText(markup:)` refuses: the problem and where it starts.
///
/// Pango 1.50's `pango_parse_markup` refuses the same inputs, except for the attributes
/// RowHeight cannot measure as Pango does (`unsupported`).
public struct MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// A tag Pango does not know (`<foo>`).
        case unknownTag(String)
        /// An attribute the tag does not take.
        case unknownAttribute(tag: String, attribute: String)
        /// An attribute given twice on one `<span>` (`size` and `font_size` are one attribute).
        case duplicateAttribute(String)
        /// An attribute value Pango cannot parse; `expected` says what it takes.
        case invalidValue(attribute: String, value: String, expected: String)
        /// Markup Pango accepts but that changes metrics in a way RowHeight does not reproduce
        /// (`<sub>`, `<sup>`, `rise`, `line_height`, small caps…); the text says what.
        case unsupported(String)
        /// A closing tag that does not close the innermost open tag (`open` nil: none is open).
        case mismatchedClosingTag(found: String, open: String?)
        /// The markup ends with this tag still open.
        case unclosedTag(String)
        /// An `&` that does not start `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, `&#N;` or
        /// `&#xN;` for a permitted character; the text says why.
        case invalidEntity(String)
        /// Anything else that is not well-formed markup; the text says what.
        case malformed(String)
    }

    /// The problem.
    public let problem: Problem
    /// Where it starts: a UTF-8 offset in the markup, 0-based (the markup's length when the
    /// markup ends too early).
    public let utf8Offset: Int

    /// Creates an error.
    public init(_ problem: Problem, at utf8Offset: Int) {
        self.problem = problem
        self.utf8Offset = utf8Offset
    }

    public var description: String {
        let what: String
        switch problem {
        case .unknownTag(let tag): what = "unknown tag <\(tag)>"
        case .unknownAttribute(let tag, let attribute): what = "tag <\(tag)> does not take attribute '\(attribute)'"
        case .duplicateAttribute(let attribute): what = "attribute '\(attribute)' given twice"
        case .invalidValue(let attribute, let value, let expected):
            what = "invalid value '\(value)' for '\(attribute)': expected \(expected)"
        case .unsupported(let text): what = "not supported: \(text)"
        case .mismatchedClosingTag(let found, let open?): what = "</\(found)> closes <\(open)>"
        case .mismatchedClosingTag(let found, nil): what = "</\(found)> closes no open tag"
        case .unclosedTag(let tag): what = "<\(tag)> is never closed"
        case .invalidEntity(let text): what = "bad entity: \(text) (write & as &amp;)"
        case .malformed(let text): what = text
        }
        return "markup at byte \(utf8Offset): \(what)"
    }
}
