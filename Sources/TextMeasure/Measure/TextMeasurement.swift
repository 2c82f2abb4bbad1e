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
    /// How many grapheme clusters of the text no font of the chain has a glyph for: each is
    /// measured (and drawn) as the primary font's missing glyph, a box. Counted over the whole
    /// text, also the lines `numberOfLines` hides; a cluster counts once however many of its
    /// characters are missing (a covered letter with an uncovered accent is one). Characters
    /// drawn without a glyph of their own — controls such as tab, spaces (HarfBuzz draws a space
    /// a font lacks with its space glyph), default-ignorable ones such as ZWJ or variation
    /// selectors — never count. Shaped text counts the clusters HarfBuzz draws with glyph 0.
    /// Measuring the count costs nothing unless such a character occurs.
    public var missingClusterCount: Int
    /// The first character no font has (the first missing scalar of the first cluster counted in
    /// `missingClusterCount`), `nil` when that is 0.
    public var firstMissingScalar: Unicode.Scalar?

    /// Creates a measurement.
    public init(
        lineCount: Int, height: Double, maxLineWidth: Double, lines: [LineFragment]? = nil,
        missingClusterCount: Int = 0, firstMissingScalar: Unicode.Scalar? = nil
    ) {
        self.lineCount = lineCount
        self.height = height
        self.maxLineWidth = maxLineWidth
        self.lines = lines
        self.missingClusterCount = missingClusterCount
        self.firstMissingScalar = firstMissingScalar
    }
}

extension TextMeasurement {
    /// This measurement with the missing clusters of `tally`.
    @inline(__always)
    func counting(_ tally: MissingGlyphTally) -> TextMeasurement {
        var measurement = self
        measurement.missingClusterCount = tally.clusters
        measurement.firstMissingScalar = tally.firstScalar
        return measurement
    }
}

/// One laid-out line of a text.
public struct LineFragment: Sendable, Hashable {
    /// UTF-8 offsets of the line's text in the measured string, including white space hanging at
    /// its end and the mandatory break character(s) that ended it.
    public var utf8Range: Range<Int>
    /// Width in points of the line's content, not counting hanging white space.
    public var width: Double
    /// Height of the line in points (before `lineHeightMultiple`): the largest ascent plus the
    /// largest descent of the fonts used on it (in `.pango`, with its runs aligned on its first
    /// run's baseline).
    public var lineHeight: Double

    /// Creates a line fragment.
    public init(utf8Range: Range<Int>, width: Double, lineHeight: Double) {
        self.utf8Range = utf8Range
        self.width = width
        self.lineHeight = lineHeight
    }
}
