extension AttributedText {
    /// Text with runs of their own attributes, e.g. a bold name then the message:
    /// `AttributedText("Ann hello", runs: [.init(utf8Range: 0..<3, attributes: bold), .init(utf8Range: 3..<9, attributes: .inherited)])`.
    ///
    /// Adjacent runs with equal attributes are merged; runs are kept as given otherwise.
    ///
    /// - Throws: `AttributedTextError.invalidRun` for the first run that is empty, out of the
    ///   string, off a scalar boundary or not where the one before it ends;
    ///   `.uncoveredText` when the runs stop before the string's end.
    /// - Complexity: O(runs).
    public init(_ string: String, runs: [Run]) throws(AttributedTextError) {
        let utf8 = string.utf8
        let count = utf8.count
        var merged: [Run] = []
        merged.reserveCapacity(runs.count)
        var expected = 0
        for (index, run) in runs.enumerated() {
            let range = run.utf8Range
            guard range.lowerBound == expected, range.upperBound > range.lowerBound, range.upperBound <= count,
                  AttributedText.isScalarBoundary(range.upperBound, in: utf8)
            else { throw .invalidRun(index: index) }
            expected = range.upperBound
            if let last = merged.last, last.attributes == run.attributes {
                merged[merged.count - 1].utf8Range = last.utf8Range.lowerBound..<range.upperBound
            } else {
                merged.append(run)
            }
        }
        guard expected == count else { throw .uncoveredText(end: expected, length: count) }
        self.string = string
        self.runs = merged
    }

    /// Whether UTF-8 offset `offset` (≤ the length) starts a scalar or ends the text.
    private static func isScalarBoundary(_ offset: Int, in utf8: String.UTF8View) -> Bool {
        guard offset < utf8.count else { return true }
        return utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80
    }
}
