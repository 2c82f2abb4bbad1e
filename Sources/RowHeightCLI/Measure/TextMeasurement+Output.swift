import TextMeasure

extension TextMeasurement {
    /// Checks that the measurement can be printed as a result: a height and a widest line that
    /// are finite and not negative (a font with absurd metrics could give anything else).
    ///
    /// - Throws: `RecordFailure` for row `line` naming the bad number.
    @inline(__always)
    func checkPrintable(line: Int) throws(RecordFailure) {
        guard isPrintable else { throw RecordFailure(line: line, message: unprintableReason) }
    }

    /// Whether the height and the widest line are finite and not negative.
    @inline(__always)
    var isPrintable: Bool { height.isFinite && height >= 0 && maxLineWidth.isFinite && maxLineWidth >= 0 }

    /// Why the measurement cannot be printed, as one line.
    var unprintableReason: String {
        "the measured height \(height) (widest line \(maxLineWidth)) is not a finite number of points ≥ 0; "
            + "check the font's metrics and the style options"
    }
}
