/// An attributed text that cannot be built from the ranges given.
public enum AttributedTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Range number `index` (0-based, in the order given) does not lie in the string, or one of
    /// its bounds is not on a Unicode scalar boundary (an index of another string, or inside a
    /// scalar's UTF-8 bytes).
    case invalidRange(index: Int)

    public var description: String {
        switch self {
        case .invalidRange(let index):
            "attribute range \(index) is not a range of the text (out of bounds, or not on a Unicode scalar boundary)"
        }
    }
}
