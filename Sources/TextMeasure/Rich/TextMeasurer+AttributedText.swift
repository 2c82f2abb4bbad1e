extension TextMeasurer {
    /// Measures an attributed text wrapped at `width` points: the measurer's `style` is the
    /// paragraph and base style (wrapping, line spacing, scale, profile, base fonts and size);
    /// each run draws with its own attributes (`TextAttributes`).
    ///
    /// Lines break as in one string; each line is as tall as the largest ascent plus the
    /// largest descent of the fonts (at their sizes) drawing it.
    ///
    /// - Parameters:
    ///   - text: The attributed text.
    ///   - width: The max layout width in points (finite, > 0).
    ///   - includeLines: Also return every line's UTF-8 range and width (allocates).
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite; the error of
    ///   the first run with invalid attributes or a family the chain lacks.
    /// - Complexity: O(n) in the text's UTF-8 length, plus a cache lookup per run; the first
    ///   use of new attributes builds their tables (about a millisecond).
    public func measure(_ text: AttributedText, width: Double, includeLines: Bool = false) throws(TextMeasureError)
        -> TextMeasurement
    {
        let units = try widthUnits(width)
        // The closures below read the measurer through a pointer: capturing it would copy it,
        // which retains every reference a measurer holds.
        return try withUnsafePointer(to: self) { measurer throws(TextMeasureError) in
            var string = text.string
            return try TextMeasurer.withRunStyles(of: text, by: measurer) { styles, ends in
                string.withUTF8 { bytes in
                    measurer.pointee.measure(
                        utf8: bytes, styles: styles, ends: ends, widthUnits: units, includeLines: includeLines)
                }
            }
        }
    }

    /// Prepares an attributed text for measuring at many widths (`PreparedText.measure(width:)`
    /// re-wraps by arithmetic over the widths kept).
    ///
    /// - Throws: the error of the first run with invalid attributes or a family the chain lacks.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func prepare(_ text: AttributedText) throws(TextMeasureError) -> PreparedText {
        let runs = try RichRuns(text, measurer: self)
        return PreparedText(text: text.string, measurer: self, runs: runs)
    }

    /// The style of the run with `attributes`.
    func runStyle(_ attributes: TextAttributes) throws(TextMeasureError) -> RunStyle {
        try storage.runStyles.style(for: attributes, base: style, baseTables: tables)
    }

    /// Calls `body` with each run's style (`measurer`'s run styles) and end offset, in memory
    /// that is not allocated for short texts.
    private static func withRunStyles<Result>(
        of text: AttributedText, by measurer: UnsafePointer<TextMeasurer>,
        _ body: (UnsafeBufferPointer<RunStyle>, UnsafeBufferPointer<Int>) -> Result
    ) throws(TextMeasureError) -> Result {
        let runs = text.runs
        let outcome = withUnsafeTemporaryAllocation(of: Int.self, capacity: runs.count) { ends in
            withUnsafeTemporaryAllocation(of: RunStyle.self, capacity: runs.count) {
                styles -> Swift.Result<Result, TextMeasureError> in
                var made = 0
                defer { styles.baseAddress?.deinitialize(count: made) }
                for i in runs.indices {
                    ends[i] = runs[i].utf8Range.upperBound
                    do throws(TextMeasureError) {
                        let style = i > 0 && runs[i - 1].attributes == runs[i].attributes
                            ? styles[i - 1] : try measurer.pointee.runStyle(runs[i].attributes)
                        (styles.baseAddress! + i).initialize(to: style)
                        made += 1
                    } catch {
                        return Swift.Result<Result, TextMeasureError>.failure(error)
                    }
                }
                return .success(body(UnsafeBufferPointer(styles), UnsafeBufferPointer(ends)))
            }
        }
        return try outcome.get()
    }

    /// Measures valid UTF-8 whose runs have `styles` and end at `ends`.
    func measure(
        utf8 bytes: UnsafeBufferPointer<UInt8>, styles: UnsafeBufferPointer<RunStyle>, ends: UnsafeBufferPointer<Int>,
        widthUnits: Double, includeLines: Bool
    ) -> TextMeasurement {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: LineHeightSlots.storageCount) { storage in
            var slots = LineHeightSlots(storage: storage.baseAddress!, base: tables)
            var fitter = LineFitter(
                maxWidth: widthUnits, lineHeights: slots.heights, unitsPerPoint: tables.unitsPerPoint,
                tabStops: TabStops(tables: tables), baselines: nil, lineLimit: style.numberOfLines,
                recordLines: includeLines)
            let walker = RichWalker(bytes: bytes, base: tables, styles: styles, ends: ends)
            walker.forEachPiece(charMode: style.lineBreakMode == .byCharWrapping, slots: &slots) { piece, slots in
                fitter.place(piece) { walker.forEachCluster(of: $0, slots: slots, $1) }
                return !fitter.isFull
            }
            fitter.finish()
            return fitter.measurement(style: style)
        }
    }
}
