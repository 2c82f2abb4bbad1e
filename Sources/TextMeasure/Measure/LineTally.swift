/// The lines a greedy fitter has ended — how many, the sum of their heights, the widest — with
/// the rules every fitter shares for the end of a line, the `numberOfLines` cut and the end of
/// the text (`LineFitter`, `PreparedWrapper` and `ExactPieceSums` each keep one).
///
/// `Width` is the fitter's width type (`LineWidth`): widths are compared in it, and only the
/// caller converts the widest line to points.
struct LineTally<Width: LineWidth> {
    /// `numberOfLines`, or `Int.max` for none.
    let lineLimit: Int
    /// Lines ended.
    private(set) var count = 0
    /// Sum of the ended lines' heights, points.
    private(set) var heightSum = 0.0
    /// The widest ended line's content (see `widen(to:)`), width units of the fitter.
    private(set) var widest: Width = .zero
    /// The last line ended at a mandatory break (a text ending there has one more, empty, line).
    private(set) var lastEndedByMandatoryBreak = false

    /// An empty tally for `numberOfLines` lines (0: no limit).
    @inline(__always)
    init(numberOfLines: Int) {
        lineLimit = numberOfLines > 0 ? numberOfLines : .max
    }

    /// `numberOfLines` lines are complete: the rest of the text cannot change the result.
    var isFull: Bool {
        @inline(__always) get { count >= lineLimit }
    }

    /// Ends a line whose content is `width` wide and which is `height` points tall; `mandatory`
    /// when a mandatory break ends it.
    @inline(__always)
    mutating func end(width: Width, height: Double, mandatory: Bool) {
        end(height: height, mandatory: mandatory)
        widen(to: width)
    }

    /// Ends a line `height` points tall whose width the caller passes to `widen(to:)` when it
    /// knows it (`PreparedWrapper` sums only the lines that may be the widest).
    @inline(__always)
    mutating func end(height: Double, mandatory: Bool) {
        count += 1
        heightSum += height
        lastEndedByMandatoryBreak = mandatory
    }

    /// Counts a line's content `width` wide towards the widest.
    @inline(__always)
    mutating func widen(to width: Width) {
        widest = max(widest, width)
    }

    /// Whether the end of the text ends one more line: the open line if there is one
    /// (`hasOpenLine`), else an empty line after a final mandatory break, or for an empty text
    /// in `.pango` (`pango`) — an empty text has no line in `.uikit`. Never once
    /// `numberOfLines` lines are complete.
    @inline(__always)
    func endsLineAtEndOfText(hasOpenLine: Bool, pango: Bool) -> Bool {
        !isFull && (hasOpenLine || (count > 0 ? lastEndedByMandatoryBreak : pango))
    }

    /// The measurement of the ended lines, the widest `maxLineWidth` points wide: the height per
    /// DESIGN.md (`heightSum × lineHeightMultiple + (lines − 1) × lineSpacing`, rounded up to
    /// the pixel grid of `scale`).
    @inline(__always)
    func measurement(
        maxLineWidth: Double, lineHeightMultiple: Double, lineSpacing: Double, scale: Double, lines: [LineFragment]?
    ) -> TextMeasurement {
        var height = 0.0
        if count > 0 {
            height = heightSum * lineHeightMultiple + Double(count - 1) * lineSpacing
            height = LineFitter.roundUp(height, scale: scale)
        }
        return TextMeasurement(lineCount: count, height: height, maxLineWidth: maxLineWidth, lines: lines)
    }

    /// `measurement(maxLineWidth:lineHeightMultiple:lineSpacing:scale:lines:)` with the numbers of `style`.
    @inline(__always)
    func measurement(maxLineWidth: Double, style: TextStyle, lines: [LineFragment]?) -> TextMeasurement {
        measurement(
            maxLineWidth: maxLineWidth, lineHeightMultiple: style.lineHeightMultiple, lineSpacing: style.lineSpacing,
            scale: style.scale, lines: lines)
    }
}
