/// The widths a text asks for whatever room it is given — CSS's intrinsic sizes, UIKit's
/// `intrinsicContentSize` of a label — and its layout when nothing wraps it.
///
/// A cell template sizes the children of a horizontal stack from these (flex items).
public struct IntrinsicTextWidths: Sendable, Hashable {
    /// The min-content width, points: the widest piece that is never broken at a soft
    /// opportunity (a word with the white space that counts for fitting; in char wrapping, a
    /// grapheme cluster). At this width no word is broken between characters.
    public var minContent: Double
    /// The max-content width, points: the widest paragraph (text between mandatory breaks) on
    /// one line, not counting white space that hangs. At this width or wider the text has one
    /// line per paragraph.
    public var maxContent: Double
    /// The text measured at any width ≥ `maxContent`: one line per paragraph (capped at
    /// `numberOfLines`), its widest line `maxContent` wide.
    public var unconstrained: TextMeasurement

    /// Creates intrinsic widths.
    public init(minContent: Double, maxContent: Double, unconstrained: TextMeasurement) {
        self.minContent = minContent
        self.maxContent = maxContent
        self.unconstrained = unconstrained
    }
}

extension TextMeasurer {
    /// The intrinsic widths of `text` and its unwrapped measurement, in one walk.
    ///
    /// With `numberOfLines` > 0, only the paragraphs that can be shown count.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length, about one `measure(_:width:)`.
    public func intrinsicWidths(_ text: String) -> IntrinsicTextWidths {
        var text = text
        return text.withUTF8 { intrinsicWidths(utf8: $0) }
    }

    /// The intrinsic widths of valid UTF-8 (see `intrinsicWidths(_:)`).
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func intrinsicWidths(utf8 bytes: UnsafeBufferPointer<UInt8>) -> IntrinsicTextWidths {
        var widths = IntrinsicWidthAccumulator(tables: tables, text: bytes, lineLimit: style.numberOfLines)
        let missing = TextWalker(tables: tables, bytes: bytes).forEachPiece(
            charMode: style.lineBreakMode == .byCharWrapping
        ) {
            widths.add($0)
        }
        if _slowPath(missing.clusters > 0), let fallback = systemFallbackMeasurer(for: bytes) {
            return fallback.intrinsicWidths(utf8: bytes)
        }
        return widths.result(style: style, missing: missing)
    }
}

extension PreparedText {
    /// The intrinsic widths of the prepared text (see `TextMeasurer.intrinsicWidths(_:)`),
    /// from its pieces, without reading the text again.
    ///
    /// - Complexity: O(number of segments).
    public var intrinsicWidths: IntrinsicTextWidths {
        let measurer = storage.measurer
        var widths = IntrinsicWidthAccumulator(
            tables: measurer.tables, text: storage.text, lineLimit: measurer.style.numberOfLines)
        withExtendedLifetime(storage) {
            for piece in storage.pieces {
                if !widths.add(piece.layout) { break }
            }
        }
        return widths.result(style: measurer.style, missing: storage.missing)
    }
}

/// Places pieces on unbounded lines with `LineFitter`: the widest paragraph (the farthest any
/// piece reaches, `LineFitter.reach(of:)`), the widest piece, and the unwrapped measurement
/// (width units until `result`).
struct IntrinsicWidthAccumulator {
    let pango: Bool
    let unitsPerPoint: Double
    private var fitter: LineFitter
    private var minContent = 0.0
    private var maxContent = 0.0

    /// An accumulator for the pieces of `text` (valid UTF-8) in the style of `tables`.
    init(tables: StyleTableView, text: UnsafeBufferPointer<UInt8>, lineLimit: Int) {
        pango = tables.profile == .pango
        unitsPerPoint = tables.unitsPerPoint
        fitter = LineFitter(maxWidth: .infinity, tables: tables, text: text, lineLimit: lineLimit, recordLines: false)
    }

    /// Adds the next piece; `false` once the shown lines are complete.
    mutating func add(_ piece: LayoutPiece) -> Bool {
        if !piece.isTab { minContent = max(minContent, piece.content + piece.countedWhitespace(pango: pango)) }
        maxContent = max(maxContent, fitter.reach(of: piece))
        _ = fitter.tryPlace(piece)  // always fits on an unbounded line
        return !fitter.isFull
    }

    /// The widths in points, and the unwrapped measurement (with the text's missing clusters).
    mutating func result(style: TextStyle, missing: MissingGlyphTally) -> IntrinsicTextWidths {
        fitter.finish()
        return IntrinsicTextWidths(
            minContent: minContent / unitsPerPoint, maxContent: maxContent / unitsPerPoint,
            unconstrained: fitter.measurement(style: style).counting(missing))
    }
}

/// The pieces of one text, walked once for its intrinsic widths and kept to wrap it at any width
/// while its bytes are at hand — a lighter `PreparedText` for one layout (no exact sums, the text
/// not copied). Fill with `TextMeasurer.intrinsicWidths(utf8:keeping:)`.
public struct WalkedText: Sendable {
    /// The pieces in order, as `TextMeasurer.measure` places them.
    var pieces: [LayoutPiece] = []
    /// The clusters of the walked text no font has.
    var missing = MissingGlyphTally()
    /// The measurer the pieces were measured with when it is not the one asked (system
    /// fallback: `TextStyle.systemFallback`).
    var measurer: TextMeasurer?

    /// An empty walk.
    public init() {}

    /// The number of pieces kept.
    public var pieceCount: Int { pieces.count }
}

extension TextMeasurer {
    /// The intrinsic widths of valid UTF-8 (see `intrinsicWidths(_:)`), keeping its pieces in
    /// `walked` (replacing what it held) for `measure(walked:utf8:width:includeLines:)`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func intrinsicWidths(utf8 bytes: UnsafeBufferPointer<UInt8>, keeping walked: inout WalkedText)
        -> IntrinsicTextWidths
    {
        walked.pieces.removeAll(keepingCapacity: true)
        walked.pieces.reserveCapacity(bytes.count / 3 + 4)  // a word or a CJK character each, as `PreparedText`
        var widths = IntrinsicWidthAccumulator(tables: tables, text: bytes, lineLimit: style.numberOfLines)
        var pieces = walked.pieces
        walked.pieces = []
        let missing = TextWalker(tables: tables, bytes: bytes).forEachPiece(
            charMode: style.lineBreakMode == .byCharWrapping
        ) {
            pieces.append($0)
            return widths.add($0)
        }
        walked.pieces = pieces
        walked.missing = missing
        walked.measurer = nil
        if _slowPath(missing.clusters > 0), let fallback = systemFallbackMeasurer(for: bytes) {
            let result = fallback.intrinsicWidths(utf8: bytes, keeping: &walked)
            walked.measurer = fallback
            return result
        }
        return widths.result(style: style, missing: missing)
    }

    /// `bytes` wrapped at `width` points from the pieces `walked` kept of them: the same result as
    /// `measure(utf8:width:includeLines:)`, without measuring the text again (only an overlong
    /// word is read again, to break it between clusters).
    ///
    /// - Parameter bytes: the same bytes `walked` was filled from.
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(pieces).
    public func measure(walked: WalkedText, utf8 bytes: UnsafeBufferPointer<UInt8>, width: Double, includeLines: Bool = false)
        throws(TextMeasureError) -> TextMeasurement
    {
        if let other = walked.measurer {
            var own = walked
            own.measurer = nil
            return try other.measure(walked: own, utf8: bytes, width: width, includeLines: includeLines)
        }
        var fitter = LineFitter(
            maxWidth: try widthUnits(width), tables: tables, text: bytes, lineLimit: style.numberOfLines,
            recordLines: includeLines)
        let walker = TextWalker(tables: tables, bytes: bytes)
        for piece in walked.pieces {
            fitter.place(piece) { walker.forEachCluster(of: $0, $1) }
            if fitter.isFull { break }
        }
        fitter.finish()
        return fitter.measurement(style: style).counting(walked.missing)
    }
}
