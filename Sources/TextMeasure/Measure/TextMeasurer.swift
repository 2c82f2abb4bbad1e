/// Measures texts in one style: line count, height and widest line at a max layout width —
/// what `UILabel.sizeThatFits(_:)` / `boundingRect(with:options:context:)` answer, without drawing.
///
/// Creating a measurer validates the style and fetches its shared lookup tables (built once per
/// font chain, size and profile). Measuring never calls FreeType and allocates nothing for the
/// height-only path (unless a word wider than a line must be broken). A measurer is an immutable
/// value, safe to use from any number of threads at once.
public struct TextMeasurer: Sendable {
    /// The style every measurement uses.
    public let style: TextStyle
    /// The style's lookup tables (kept alive here for `tables`' views).
    let storage: StyleTables
    /// `storage` as the hot path reads it (no reference count touched per measurement).
    let tables: StyleTableView

    /// Creates a measurer for a style.
    ///
    /// - Throws: `TextMeasureError` if a number of the style is invalid.
    public init(style: TextStyle) throws(TextMeasureError) {
        try style.validate()
        self.style = style
        self.storage = StyleTables.shared(for: style)
        self.tables = storage.view
    }

    /// A measurer with its own tables that never takes the ASCII fast path (for tests that
    /// check the fast path against the general one).
    init(generalPathFor style: TextStyle) throws(TextMeasureError) {
        try style.validate()
        self.style = style
        self.storage = StyleTables(
            chain: style.fontChain, size: style.fontSize, profile: style.profile,
            lineBreakTailoring: style.resolvedLineBreakStrategy.tailoring, asciiFastPath: false)
        self.tables = storage.view
    }

    /// Checks a max layout width and converts it to width units.
    func widthUnits(_ width: Double) throws(TextMeasureError) -> Double {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        return TextMeasurer.widthUnits(ofValid: width, pango: style.profile == .pango)
    }

    /// A checked width in points as width units: Pango takes an integer width in Pango units.
    @inline(__always)
    static func widthUnits(ofValid width: Double, pango: Bool) -> Double {
        pango ? (width * 1024).rounded(.down) : width
    }

    /// Measures `text` wrapped at `width` points.
    ///
    /// - Parameters:
    ///   - text: Any Unicode text; `\n`, `\r\n`, `\r`, U+2028 and U+2029 are mandatory breaks.
    ///   - width: The max layout width in points (finite, > 0).
    ///   - includeLines: Also return every line's UTF-8 range and width (allocates).
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func measure(_ text: String, width: Double, includeLines: Bool = false) throws(TextMeasureError)
        -> TextMeasurement
    {
        let units = try widthUnits(width)
        // The bytes borrowed where the string has them in one piece (a native string): a copy
        // of the string to call `withUTF8` on would retain and release it.
        if let measured = text.utf8.withContiguousStorageIfAvailable({
            measure(utf8: $0, widthUnits: units, includeLines: includeLines)
        }) {
            return measured
        }
        var text = text
        return text.withUTF8 { measure(utf8: $0, widthUnits: units, includeLines: includeLines) }
    }

    /// Measures UTF-8 bytes wrapped at `width` points (the bytes must be valid UTF-8, as a
    /// `String`'s are; the command-line tool measures decoded JSON strings this way).
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(n) in the number of bytes.
    public func measure(utf8: UnsafeBufferPointer<UInt8>, width: Double, includeLines: Bool = false)
        throws(TextMeasureError) -> TextMeasurement
    {
        measure(utf8: utf8, widthUnits: try widthUnits(width), includeLines: includeLines)
    }

    func measure(utf8: UnsafeBufferPointer<UInt8>, widthUnits: Double, includeLines: Bool) -> TextMeasurement {
        let walker = TextWalker(tables: tables, bytes: utf8)
        var fitter = LineFitter(
            maxWidth: widthUnits, tables: tables, text: utf8, lineLimit: style.numberOfLines,
            recordLines: includeLines)
        if style.lineBreakMode == .byWordWrapping {
            let missing = walker.fitWords(into: &fitter)
            if _slowPath(missing.clusters > 0), let fallback = systemFallbackMeasurer(for: utf8) {
                return fallback.measure(utf8: utf8, widthUnits: widthUnits, includeLines: includeLines)
            }
            fitter.finish()
            return fitter.measurement(style: style).counting(missing)
        }
        return measureClusters(utf8: utf8, widthUnits: widthUnits, walker: walker, fitter: &fitter)
    }

    /// `measure(utf8:widthUnits:includeLines:)` in char mode (`walker` and `fitter` set up for
    /// `utf8`), out of line: it reads resilient standard-library types (grapheme properties)
    /// whose storage a function sets up on every call, which word mode then does not pay.
    @inline(never)
    private func measureClusters(
        utf8: UnsafeBufferPointer<UInt8>, widthUnits: Double, walker: borrowing TextWalker, fitter: inout LineFitter
    ) -> TextMeasurement {
        let includeLines = fitter.recordLines
        let missing = walker.forEachPiece(charMode: true) { piece in
            fitter.place(piece) { walker.forEachCluster(of: $0, $1) }
            return !fitter.isFull
        }
        if _slowPath(missing.clusters > 0), let fallback = systemFallbackMeasurer(for: utf8) {
            return fallback.measure(utf8: utf8, widthUnits: widthUnits, includeLines: includeLines)
        }
        fitter.finish()
        return fitter.measurement(style: style).counting(missing)
    }

    /// Prepares `text` for measuring at many widths: walks it once and keeps the widths of its
    /// segments, so `PreparedText.measure(width:)` is arithmetic only.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func prepare(_ text: String) -> PreparedText {
        PreparedText(text: text, measurer: self)
    }

    /// Prepares UTF-8 bytes (which must be valid UTF-8, as a `String`'s are) for measuring at
    /// many widths; the bytes are not kept.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func prepare(utf8: UnsafeBufferPointer<UInt8>) -> PreparedText {
        PreparedText(utf8: utf8, measurer: self)
    }
}

extension TextMeasurer {
    /// How many grapheme clusters of `text` no font of the chain has a glyph for, and the first
    /// character none has — what every measurement reports (`TextMeasurement.missingClusterCount`,
    /// `firstMissingScalar`), without measuring: for callers that lay text out another way (a
    /// cell template) and want to know. With `TextStyle.systemFallback`, what the system fonts
    /// found for the text leave missing.
    ///
    /// - Complexity: O(n) in the text's UTF-8 length: a scan of the style's tables, which
    ///   measures the text only if it holds a character no font has or one that needs shaping.
    public func missingClusters(in text: String) -> (count: Int, first: Unicode.Scalar?) {
        var text = text
        return text.withUTF8 { missingClusters(utf8: $0) }
    }

    /// `missingClusters(in:)` for valid UTF-8.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public func missingClusters(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (count: Int, first: Unicode.Scalar?) {
        let tally = TextWalker(tables: tables, bytes: bytes).missingClusters(from: 0)
        if tally.clusters > 0, let fallback = systemFallbackMeasurer(for: bytes) {
            return fallback.missingClusters(utf8: bytes)
        }
        return (tally.clusters, tally.firstScalar)
    }
}
