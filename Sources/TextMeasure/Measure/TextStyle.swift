/// How a text is set: fonts, size, wrapping and line layout — the measurable part of a `UILabel`'s
/// configuration (`font`, `lineBreakMode`, `numberOfLines`, `NSParagraphStyle.lineSpacing` and
/// `lineHeightMultiple`) plus the display scale and the renderer profile.
///
/// A style holds no width: the max layout width is given to each measurement, so a stale
/// `preferredMaxLayoutWidth` cannot exist.
public struct TextStyle: Sendable, Hashable {
    /// The fonts, in fallback order: each scalar uses the first font that has a glyph for it.
    public var fontChain: FontChain
    /// Font size in points.
    public var fontSize: Double
    /// Where lines may end. Default `.byWordWrapping`.
    public var lineBreakMode: LineBreakMode
    /// The largest number of lines reported; 0 means unlimited (UIKit's `numberOfLines`).
    /// Truncation is visual: the height is that of the first `numberOfLines` lines.
    public var numberOfLines: Int
    /// Extra space between lines, in points (`NSParagraphStyle.lineSpacing`). Default 0.
    public var lineSpacing: Double
    /// Multiplier applied to every line's height (`NSParagraphStyle.lineHeightMultiple`). Default 1.
    public var lineHeightMultiple: Double
    /// Display scale (pixels per point); heights are rounded up to this pixel grid. Default 1.
    public var scale: Double
    /// Which renderer's rules to follow. Default `.uikit`.
    public var profile: LayoutProfile
    /// Extra line-break rules (`NSParagraphStyle.lineBreakStrategy`); `nil` (the default) takes
    /// the profile's: `.standard` for `.uikit` (no break inside a Korean word), none for `.pango`.
    public var lineBreakStrategy: LineBreakStrategy?
    /// Opt-in system fallback (Pango's behaviour): characters no font of `fontChain` has are
    /// drawn with the installed font fontconfig prefers for each of them
    /// (`FontChain.systemFallbackFont(for:)`), appended to the chain for the texts holding such
    /// characters. Default `false`: such a character is measured as the primary font's missing
    /// glyph, and counted (`TextMeasurement.missingClusterCount`). Nothing of fontconfig is
    /// loaded until a text needs it.
    public var systemFallback: Bool

    /// `lineBreakStrategy`, or the profile's default when it is `nil`.
    public var resolvedLineBreakStrategy: LineBreakStrategy {
        lineBreakStrategy ?? .default(for: profile)
    }

    /// Creates a style. Values are checked when the style is used to measure (see `validate()`).
    public init(
        fontChain: FontChain,
        fontSize: Double = 17,
        lineBreakMode: LineBreakMode = .byWordWrapping,
        numberOfLines: Int = 0,
        lineSpacing: Double = 0,
        lineHeightMultiple: Double = 1,
        scale: Double = 1,
        profile: LayoutProfile = .uikit,
        lineBreakStrategy: LineBreakStrategy? = nil,
        systemFallback: Bool = false
    ) {
        self.fontChain = fontChain
        self.fontSize = fontSize
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.scale = scale
        self.profile = profile
        self.lineBreakStrategy = lineBreakStrategy
        self.systemFallback = systemFallback
    }

    /// A style using the bundled font chain (DejaVu Sans, then IPAexGothic).
    ///
    /// - Throws: `FontError` if the bundled fonts cannot be found or loaded.
    public static func bundled(
        fontSize: Double = 17,
        lineBreakMode: LineBreakMode = .byWordWrapping,
        numberOfLines: Int = 0,
        lineSpacing: Double = 0,
        lineHeightMultiple: Double = 1,
        scale: Double = 1,
        profile: LayoutProfile = .uikit
    ) throws -> TextStyle {
        TextStyle(
            fontChain: try FontChain.bundled(), fontSize: fontSize, lineBreakMode: lineBreakMode,
            numberOfLines: numberOfLines, lineSpacing: lineSpacing,
            lineHeightMultiple: lineHeightMultiple, scale: scale, profile: profile)
    }

    /// The largest font size a style takes, in points (sizes beyond it overflow the Pango-unit
    /// arithmetic of the `.pango` profile and describe no text a row shows).
    public static let maximumFontSize = 10_000.0

    /// Checks every number of the style.
    ///
    /// - Throws: `TextMeasureError` naming the first invalid value.
    public func validate() throws(TextMeasureError) {
        guard fontSize.isFinite, fontSize > 0, fontSize <= TextStyle.maximumFontSize else {
            throw .invalidFontSize(fontSize)
        }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        guard lineSpacing.isFinite, lineSpacing >= 0 else { throw .invalidLineSpacing(lineSpacing) }
        guard lineHeightMultiple.isFinite, lineHeightMultiple > 0 else {
            throw .invalidLineHeightMultiple(lineHeightMultiple)
        }
        guard numberOfLines >= 0 else { throw .invalidNumberOfLines(numberOfLines) }
    }
}
