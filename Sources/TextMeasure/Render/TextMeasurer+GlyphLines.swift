extension TextMeasurer {
    /// The glyphs of measured lines, placed as the measurer laid them out: for each line, every
    /// visible glyph with its font (index in the style's chain), glyph id and x offset from the
    /// line start, and the line's content width (equal to the fragment's `width`).
    ///
    /// Lines stack from the top of the text: line i's top is the sum of the heights of the lines
    /// before it (`lineHeight × lineHeightMultiple` each) plus `i × lineSpacing`; its baseline is
    /// `ascender` below the top of its line box plus the extra height `lineHeightMultiple` adds
    /// (UIKit puts it above the glyphs).
    ///
    /// - Parameters:
    ///   - text: The text that was measured.
    ///   - lines: Its `TextMeasurement.lines`, from `measure(_:width:includeLines: true)` with
    ///     this measurer (at any width). Lines of another text are a programming error (trap).
    /// - Complexity: O(n) in the text's UTF-8 length; allocates the result.
    public func glyphLines(_ text: String, lines: [LineFragment]) -> [GlyphLine] {
        var text = text
        let positioner = GlyphPositioner(style: style, tables: storage)
        return text.withUTF8 { bytes in
            precondition(
                lines.allSatisfy { $0.utf8Range.upperBound <= bytes.count }, "lines of another text")
            return positioner.lines(lines, in: bytes)
        }
    }

    /// Measures `text` at `width` and places the glyphs of its lines (see
    /// `glyphLines(_:lines:)`).
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    public func layoutGlyphs(_ text: String, width: Double) throws(TextMeasureError)
        -> (measurement: TextMeasurement, lines: [GlyphLine])
    {
        let measurement = try measure(text, width: width, includeLines: true)
        return (measurement, glyphLines(text, lines: measurement.lines ?? []))
    }
}
