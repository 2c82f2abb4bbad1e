/// Where a line may end when text is wrapped, named after UIKit's `NSLineBreakMode`.
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// A line ends at a Unicode (UAX #14) break opportunity; a word wider than a whole line is
    /// broken between grapheme clusters (Pango's `PANGO_WRAP_WORD_CHAR`). The default.
    case byWordWrapping
    /// A line may end between any two grapheme clusters (Pango's `PANGO_WRAP_CHAR`).
    case byCharWrapping
}
