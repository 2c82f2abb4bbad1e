extension TextAttributes {
    /// Checks every number of the attributes (the family is checked against a font chain when
    /// a run is measured).
    ///
    /// - Throws: `TextMeasureError` naming the first invalid value: a weight outside 1–1000, a
    ///   font size or scale ≤ 0, NaN or infinite (a size above `TextStyle.maximumFontSize`
    ///   too), a letter spacing NaN, infinite or of magnitude above `TextStyle.maximumFontSize`.
    public func validate() throws(TextMeasureError) {
        guard (1...1000).contains(weight) else { throw .invalidFontWeight(weight) }
        if let fontSize, !(fontSize.isFinite && fontSize > 0 && fontSize <= TextStyle.maximumFontSize) {
            throw .invalidFontSize(fontSize)
        }
        guard fontScale.isFinite, fontScale > 0 else { throw .invalidFontScale(fontScale) }
        guard letterSpacing.isFinite, letterSpacing.magnitude <= TextStyle.maximumFontSize else {
            throw .invalidLetterSpacing(letterSpacing)
        }
    }

    /// Whether the attributes draw with the base style's own fonts at its size (no face,
    /// family, size or spacing of their own).
    var drawsAsBase: Bool {
        family == nil && weight == 400 && !italic && fontSize == nil && fontScale == 1 && letterSpacing == 0
    }
}
