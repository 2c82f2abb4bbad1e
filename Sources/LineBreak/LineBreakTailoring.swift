/// Tailorings of the default line-breaking rules (UAX #14 allows them): which the iterators apply.
///
/// The empty set is the default algorithm. A tailoring only changes the class a code point
/// resolves to; the rules stay the same, so iterating costs the same with any tailoring.
public struct LineBreakTailoring: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a tailoring from its raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Korean words stay whole (UIKit's `NSParagraphStyle.LineBreakStrategy.hangulWordPriority`,
    /// CSS `word-break: keep-all` for Hangul): Hangul syllables and jamo (classes H2, H3, JL,
    /// JV, JT) resolve to AL, so Korean breaks at spaces and where a letter may break, never
    /// between two syllables.
    public static let keepHangulWords = LineBreakTailoring(rawValue: 1)
}
