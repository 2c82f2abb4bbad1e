/// The character attributes a run of an `AttributedText` sets — the measurable part of
/// `NSAttributedString`'s `.font` and `.kern` keys, or of a Pango markup `<span>`.
///
/// Every property left at its default inherits the base `TextStyle`: its chain's primary family,
/// its size, regular weight, upright, no extra spacing.
public struct TextAttributes: Sendable, Hashable {
    /// A family of the base style's font chain to draw the run with (matched ignoring case and
    /// blanks); the chain's other families stay its fallbacks, in chain order. `nil`: the chain
    /// as it is.
    public var family: String?
    /// CSS weight, 1–1000 (400 regular, 700 bold); picks the family's face by CSS font matching
    /// (`FontFamily.face(weight:italic:)`).
    public var weight: Int
    /// Italic (or oblique) face wanted.
    public var italic: Bool
    /// Absolute font size in points; `nil`: the base style's size.
    public var fontSize: Double?
    /// Factor applied to the size (`fontSize` or the base size), as Pango's `<big>` (× 1.2) and
    /// `<small>` (÷ 1.2) nest. Default 1.
    public var fontScale: Double
    /// Extra space added after every grapheme cluster, in points (`NSAttributedString.Key.kern`,
    /// Pango's `letter_spacing`). Default 0.
    public var letterSpacing: Double

    /// Creates attributes; the defaults inherit everything from the base style.
    public init(
        family: String? = nil, weight: Int = 400, italic: Bool = false,
        fontSize: Double? = nil, fontScale: Double = 1, letterSpacing: Double = 0
    ) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.fontSize = fontSize
        self.fontScale = fontScale
        self.letterSpacing = letterSpacing
    }

    /// Attributes that change nothing.
    public static let inherited = TextAttributes()
}
