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
}
