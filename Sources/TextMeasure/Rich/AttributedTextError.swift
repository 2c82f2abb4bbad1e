/// An attributed text that cannot be built from the ranges given.
public enum AttributedTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Range number `index` (0-based, in the order given) does not lie in the string, or one of
    /// its bounds is not on a Unicode scalar boundary (an index of another string, or inside a
    /// scalar's UTF-8 bytes).
    case invalidRange(index: Int)
    /// Run number `index` (0-based) of `AttributedText(_:runs:)` is empty, out of the string, not
    /// on Unicode scalar boundaries, or does not start where the run before it ends.
    case invalidRun(index: Int)
    /// The runs of `AttributedText(_:runs:)` end at UTF-8 offset `end` of a string of `length`
    /// bytes.
    case uncoveredText(end: Int, length: Int)

    public var description: String {
        switch self {
        case .invalidRange(let index):
            "attribute range \(index) is not a range of the text (out of bounds, or not on a Unicode scalar boundary)"
        case .invalidRun(let index):
            "run \(index) is not the next range of the text (empty, out of bounds, not on a Unicode scalar boundary, or leaving a gap or an overlap with the run before it)"
        case .uncoveredText(let end, let length):
            "the runs end at UTF-8 offset \(end) of a text of \(length) bytes: they must cover it"
        }
    }
}
