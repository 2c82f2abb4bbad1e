/// The size of a text laid out at a max layout width.
public struct TextMeasurement: Sendable, Hashable {
    /// Number of lines, capped at the style's `numberOfLines` when that is not 0.
    public var lineCount: Int
    /// Height in points: the sum of the (capped) lines' heights × `lineHeightMultiple`, plus
    /// `lineSpacing` between lines, rounded up to the pixel grid (`ceil(h × scale) / scale`).
    public var height: Double
    /// Width in points of the widest (displayed) line, not counting white space that hangs past
    /// its end.
    public var maxLineWidth: Double
    /// The lines, only when asked for (`TextMeasurer.measure(_:width:includeLines:)`); else `nil`.
    public var lines: [LineFragment]?

    /// Creates a measurement.
    public init(lineCount: Int, height: Double, maxLineWidth: Double, lines: [LineFragment]? = nil) {
        self.lineCount = lineCount
        self.height = height
        self.maxLineWidth = maxLineWidth
        self.lines = lines
    }
}

/// One laid-out line of a text.
public struct LineFragment: Sendable, Hashable {
    /// UTF-8 offsets of the line's text in the measured string, including white space hanging at
    /// its end and the mandatory break character(s) that ended it.
    public var utf8Range: Range<Int>
    /// Width in points of the line's content, not counting hanging white space.
    public var width: Double
    /// Height of the line in points (before `lineHeightMultiple`): that of the tallest font used on it.
    public var lineHeight: Double

    /// Creates a line fragment.
    public init(utf8Range: Range<Int>, width: Double, lineHeight: Double) {
        self.utf8Range = utf8Range
        self.width = width
        self.lineHeight = lineHeight
    }
}
