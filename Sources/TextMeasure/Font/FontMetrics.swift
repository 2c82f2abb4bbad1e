/// Vertical metrics of a font at a size, in points (unhinted, fractional).
public struct FontMetrics: Sendable, Equatable {
    /// Distance from the baseline to the top of the line, points (positive).
    public var ascender: Double
    /// Distance from the baseline to the bottom of the line, points (negative).
    public var descender: Double
    /// Extra space the font asks for between lines, points.
    public var lineGap: Double

    /// `ascender − descender + lineGap`, UIKit's `UIFont.lineHeight`.
    public var lineHeight: Double { ascender - descender + lineGap }

    /// Creates metrics from values in points.
    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// Why vertical metrics in font units make no sense, or `nil` if they do: metrics whose line
    /// height is negative in either profile (`ascender − descender + lineGap` for `.uikit`,
    /// `ascender − descender` for `.pango`), e.g. a large negative line gap or an ascender of
    /// −32768. DESIGN.md: such a font is damaged, never a negative height.
    static func problem(ascender: Int, descender: Int, lineGap: Int) -> String? {
        guard ascender - descender < 0 || ascender - descender + lineGap < 0 else { return nil }
        return "vertical metrics make no sense (ascender \(ascender), descender \(descender), line gap \(lineGap) "
            + "font units give a negative line height)"
    }
}
