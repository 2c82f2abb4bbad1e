/// A text prepared in one style for measuring at any width: the measure-once / wrap-many split.
///
/// Preparing walks the text once (break opportunities, fonts, advances, kerning, grapheme
/// clusters) and keeps only the widths of its pieces. Measuring at a width is then pure
/// arithmetic over those widths — what makes a rotation or a window resize cheap. Results are
/// identical to `TextMeasurer.measure(_:width:)` for the same text and style.
///
/// When every width of the text is a binary fraction — as with the bundled fonts (2,048 units
/// per em) at whole, half or quarter point sizes, and always in the `.pango` profile — the
/// widths are kept as exact integer prefix sums too, and a height is found by one integer
/// comparison per segment (see the README's speed table). Other texts, and widths
/// narrower than 160 pt that must break a word, wrap in floating point (a few times slower);
/// texts with a tab, and lines that must break a piece between clusters where no exact sums
/// answer, through `LineFitter` itself — with the same results.
public struct PreparedText: @unchecked Sendable {  // its storage is immutable once made, see `Storage`
    /// The style the text was prepared in (with `systemFallback`, for a text that needed them,
    /// the system fonts found appended to its chain and `systemFallback` off).
    public var style: TextStyle { storage.measurer.style }
    /// Everything in one reference, so that copying a prepared text costs one retain.
    let storage: Storage

    /// The pieces, what fitting reads of them and the text, in one allocation with the object
    /// itself (wrapping many prepared texts is bound by memory latency: the exact sums' header
    /// shares the object's first cache lines, which retaining it brings in anyway, and no
    /// pointer to another block is chased). Never written after `make` returns it (a
    /// `ManagedBuffer` cannot declare `Sendable`: `PreparedText` does, for this reason).
    final class Storage: ManagedBuffer<Storage.Header, UInt8> {
        /// What is kept besides the pieces; the elements are, in order, the exact sums' arrays
        /// (if any), the pieces' summaries, the pieces and the text's UTF-8 (an overlong piece is
        /// broken between clusters measured again from it, which is rare and needs nothing kept
        /// per cluster).
        struct Header {
            /// The exact sums, when the widths allow them (first: next to the reference count).
            var exactSums: ExactPieceSums?
            /// The clusters of the text no font has (next: every measurement reports them, and
            /// here they share the exact sums' cache lines).
            let missing: MissingGlyphTally
            let pieceCount: Int
            let byteCount: Int
            /// The sum of the magnitudes of every width and kerning value of the pieces (width
            /// units): with their number, it bounds the rounding error of any sum of them.
            let magnitude: Double
            /// Where the summaries start in the elements (after the exact sums' arrays).
            let summariesOffset: Int
            /// The runs of an attributed text (`nil` for plain text).
            let rich: RichRuns?
            let measurer: TextMeasurer
            /// Some piece only `LineFitter` places (`PreparedText.needsLineFitter`).
            let needsLineFitter: Bool
            /// Lines of several fonts align their runs on the first run's baseline
            /// (`alignsBaselines`): the exact sums read lines' first runs from the text, and
            /// `PreparedWrapper` leaves such texts to `LineFitter`.
            let alignsBaselines: Bool
        }

        /// The pieces of `list` in a new storage.
        static func make(
            measurer: TextMeasurer, rich: RichRuns?, list: borrowing PreparedPieceList,
            text: UnsafeBufferPointer<UInt8>, missing: MissingGlyphTally
        ) -> Storage {
            let pieces = list.pieceBuffer
            let summaries = list.summaryBuffer
            let count = pieces.count
            // (Attributed texts wrap in floating point: the exact sums know one style's clusters.)
            let alignsBaselines = rich == nil && Storage.alignsBaselines(summaries, tables: measurer.tables)
            let plan = rich != nil ? nil : ExactPieceSums.plan(list: list, text: text, measurer: measurer)
            let summariesOffset = plan?.byteCount(pieces: count) ?? 0
            let textOffset = summariesOffset + Storage.piecesOffset(count) + count * MemoryLayout<PreparedPiece>.stride
            let magnitude = list.magnitude
            let buffer = Storage.create(minimumCapacity: textOffset + text.count) { _ in
                Header(
                    exactSums: nil, missing: missing, pieceCount: count, byteCount: text.count, magnitude: magnitude,
                    summariesOffset: summariesOffset, rich: rich, measurer: measurer,
                    needsLineFitter: list.needsLineFitter, alignsBaselines: alignsBaselines)
            }
            let storage = unsafeDowncast(buffer, to: Storage.self)
            storage.withUnsafeMutablePointers { header, elements in
                let block = UnsafeMutableRawPointer(elements)
                Storage.copy(summaries, to: block + summariesOffset)
                Storage.copy(pieces, to: block + summariesOffset + Storage.piecesOffset(count))
                if let base = text.baseAddress {
                    (block + textOffset).copyMemory(from: base, byteCount: text.count)
                }
                if let plan {
                    // The pointers into the elements stay valid: an object never moves.
                    header.pointee.exactSums = ExactPieceSums.write(
                        pieces, summaries: (block + summariesOffset).assumingMemoryBound(to: PreparedPieceSummary.self),
                        plan: plan, measurer: measurer, to: block)
                }
            }
            return storage
        }

        /// Whether lines of the pieces may hold runs that Pango aligns on their first run's
        /// baseline (`BaselineShifts`): the style's fonts' baselines differ and the pieces use
        /// more than one font.
        private static func alignsBaselines(
            _ summaries: UnsafeBufferPointer<PreparedPieceSummary>, tables: StyleTableView
        ) -> Bool {
            guard tables.baselineShifts != nil else { return false }
            var fonts: UInt32 = 0
            for summary in summaries { fonts |= summary.fontMask }
            return fonts & (fonts &- 1) != 0
        }

        private static func copy<T>(_ values: UnsafeBufferPointer<T>, to memory: UnsafeMutableRawPointer) {
            guard let base = values.baseAddress else { return }
            _ = memory.initializeMemory(as: T.self, from: base, count: values.count)
        }

        /// Where the pieces start after the summaries.
        private static func piecesOffset(_ count: Int) -> Int { count * MemoryLayout<PreparedPieceSummary>.stride }

        /// The header, read in place: every read of `ManagedBuffer.header`, a class's stored
        /// `var`, checks exclusive access at run time (a re-wrap spent a tenth of its
        /// instructions on the one that read `missing`). Written only by `make`.
        private var fields: UnsafePointer<Header> {
            @inline(__always) get { UnsafePointer(withUnsafeMutablePointerToHeader { $0 }) }
        }

        var measurer: TextMeasurer { fields.pointee.measurer }
        var rich: RichRuns? { fields.pointee.rich }

        /// The line-height table the pieces' font masks index: the style's fonts, or the
        /// slots of an attributed text's runs (valid while the storage lives).
        var lineHeights: UnsafeBufferPointer<Double> {
            if let rich = fields.pointee.rich { return rich.slots.heights }
            return fields.pointee.measurer.tables.lineHeights
        }
        var pieceCount: Int { fields.pointee.pieceCount }
        var magnitude: Double { fields.pointee.magnitude }
        var missing: MissingGlyphTally { fields.pointee.missing }
        var needsLineFitter: Bool { fields.pointee.needsLineFitter }
        var alignsBaselines: Bool { fields.pointee.alignsBaselines }

        /// The start of the elements (valid while the storage lives: an object never moves).
        private var elements: UnsafeMutableRawPointer {
            withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        }

        /// The pieces in order (valid while the storage lives).
        var pieces: UnsafeBufferPointer<PreparedPiece> {
            UnsafeBufferPointer(
                start: (elements + fields.pointee.summariesOffset + Storage.piecesOffset(pieceCount))
                    .assumingMemoryBound(to: PreparedPiece.self),
                count: pieceCount)
        }

        /// The pieces' summaries (valid while the storage lives).
        var summaries: UnsafeBufferPointer<PreparedPieceSummary> {
            UnsafeBufferPointer(
                start: (elements + fields.pointee.summariesOffset).assumingMemoryBound(to: PreparedPieceSummary.self),
                count: pieceCount)
        }

        /// The text (valid while the storage lives).
        var text: UnsafeBufferPointer<UInt8> {
            let offset = fields.pointee.summariesOffset + Storage.piecesOffset(pieceCount)
                + pieceCount * MemoryLayout<PreparedPiece>.stride
            return UnsafeBufferPointer(
                start: (elements + offset).assumingMemoryBound(to: UInt8.self), count: fields.pointee.byteCount)
        }

        /// Measures at `width` points (finite, > 0) by the exact sums, if the text has them and
        /// they answer (see `ExactPieceSums.measure`), with the missing clusters counted.
        @inline(__always)
        func exactMeasurement(width: Double) -> TextMeasurement? {
            guard _slowPath(fields.pointee.alignsBaselines) else {
                return fields.pointee.exactSums?.measure(width: width, baselines: nil)?.counting(fields.pointee.missing)
            }
            return withExtendedLifetime(self) {
                let baselines = LineBaselines(tables: measurer.tables, bytes: text).map { ($0, pieces) }
                return fields.pointee.exactSums?.measure(width: width, baselines: baselines)?.counting(fields.pointee.missing)
            }
        }

        /// Whether the text has exact sums (tests).
        var hasExactSums: Bool { fields.pointee.exactSums != nil }

        /// Calls `body` with the clusters of the breakable piece `index`, measured as
        /// `TextMeasurer` measures those of an overlong piece.
        func forEachCluster(ofPiece index: Int, _ body: (LayoutCluster) -> Void) {
            withExtendedLifetime(self) {
                let piece = pieces[index].layout
                if let rich {
                    rich.forEachCluster(of: piece, utf8: text, base: measurer.tables, body)
                } else {
                    TextWalker(tables: measurer.tables, bytes: text).forEachCluster(of: piece, body)
                }
            }
        }
    }

    /// (`measurer` borrowed: taken owned, as initializers take their arguments, it was copied and
    /// destroyed per text, its references retained and released, besides the copy kept.)
    init(text: String, measurer: borrowing TextMeasurer) {
        var text = text
        // Initializes the stored property rather than `self = PreparedText(utf8:…)` inside the
        // closure's result: that form crashed the debug test run 3 times in 3 (a release of a garbage
        // reference in "outlined destroy of PreparedText"); this one passed 2 full runs in 2.
        storage = text.withUTF8 { PreparedText.makeStorage(utf8: $0, measurer: measurer) }
    }

    /// Prepares valid UTF-8.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: borrowing TextMeasurer) {
        storage = PreparedText.makeStorage(utf8: bytes, measurer: measurer)
    }

    /// Prepares the string of an attributed text whose runs are `runs`.
    init(text: String, measurer: TextMeasurer, runs: RichRuns) {
        var text = text
        storage = text.withUTF8 { PreparedText.makeStorage(utf8: $0, measurer: measurer, rich: runs) }
    }

    /// Walks valid UTF-8 once (with the runs of an attributed text, if `rich`) and keeps its pieces.
    private static func makeStorage(
        utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer, rich: RichRuns? = nil
    ) -> Storage {
        var list = PreparedPieceList(
            byteCount: bytes.count, pango: measurer.style.profile == .pango, unitsPerPoint: measurer.tables.unitsPerPoint)
        let missing = forEachPiece(utf8: bytes, measurer: measurer, rich: rich) { list.append($0) }
        if _slowPath(missing.clusters > 0), rich == nil, let fallback = measurer.systemFallbackMeasurer(for: bytes) {
            return makeStorage(utf8: bytes, measurer: fallback)
        }
        return Storage.make(measurer: measurer, rich: rich, list: list, text: bytes, missing: missing)
    }

    /// Calls `body` with the pieces of valid UTF-8 in order: plain text's (`TextWalker`) or,
    /// with `rich`, an attributed text's (`RichWalker`).
    ///
    /// - Returns: The clusters no font has (plain text; attributed text is not counted yet).
    @inline(__always)  // with `body` into `makeStorage`: a call per piece through a closure cost more than the append
    private static func forEachPiece(
        utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer, rich: RichRuns?,
        _ body: (LayoutPiece) -> Void
    ) -> MissingGlyphTally {
        let charMode = measurer.style.lineBreakMode == .byCharWrapping
        if let rich {
            rich.forEachPiece(utf8: bytes, base: measurer.tables, charMode: charMode, body)
            return MissingGlyphTally()
        }
        return TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: charMode) { piece in
            body(piece)
            return true
        }
    }

    /// Whether piece `index` is one that only `LineFitter` places, not the prefix sums of
    /// `ExactPieceSums` and `PreparedWrapper`: a tab (its width depends on where it is,
    /// `TabStops`), or a piece of no width that can follow another on its line (it fits past
    /// the width, `LayoutPiece.takesNoWidth`).
    @inline(__always)
    static func needsLineFitter(
        _ summary: PreparedPieceSummary, _ piece: PreparedPiece, after previous: UnsafePointer<PreparedPieceSummary>?
    ) -> Bool {
        if summary.isTab { return true }
        // (The widths first: they are at hand, the summary before is read from memory.)
        guard piece.layout.takesNoWidth, let previous else { return false }
        return !previous.pointee.isMandatoryBreak
    }

    /// The number of pieces (segments, or clusters in char mode) the text was split into.
    public var segmentCount: Int { storage.pieceCount }

    /// How many grapheme clusters of the text no font of the chain has a glyph for (see
    /// `TextMeasurement.missingClusterCount`; every measurement of the prepared text reports it).
    public var missingClusterCount: Int { storage.missing.clusters }

    /// The first character no font has, `nil` when `missingClusterCount` is 0.
    public var firstMissingScalar: Unicode.Scalar? { storage.missing.firstScalar }

    /// Measures the prepared text at `width` points.
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(number of segments) (and of the characters of a word broken across
    ///   lines), no text is read again; nothing is allocated unless `includeLines` is set.
    public func measure(width: Double, includeLines: Bool = false) throws(TextMeasureError) -> TextMeasurement {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        let fast = !includeLines && !storage.needsLineFitter
        if fast, let measurement = storage.exactMeasurement(width: width) { return measurement }
        let units = try storage.measurer.widthUnits(width)
        if fast, let measurement = wrappedHeight(widthUnits: units) { return measurement.counting(storage.missing) }
        return fittedMeasurement(widthUnits: units, includeLines: includeLines).counting(storage.missing)
    }

    /// The measurement at `widthUnits` by `LineFitter` over the pieces, as `TextMeasurer.measure`
    /// finds it: with the lines, or for texts the faster paths do not measure (a tab, a piece
    /// broken between clusters).
    private func fittedMeasurement(widthUnits: Double, includeLines: Bool) -> TextMeasurement {
        let measurer = storage.measurer
        return withExtendedLifetime(storage) {
            var fitter = LineFitter(
                maxWidth: widthUnits, lineHeights: storage.lineHeights, unitsPerPoint: measurer.tables.unitsPerPoint,
                tabStops: TabStops(tables: measurer.tables),
                baselines: storage.rich == nil ? LineBaselines(tables: measurer.tables, bytes: storage.text) : nil,
                lineLimit: measurer.style.numberOfLines, recordLines: includeLines)
            measureLines(into: &fitter)
            fitter.finish()
            return fitter.measurement(style: measurer.style)
        }
    }

    /// Fits the pieces as `TextMeasurer.measure` does.
    private func measureLines(into fitter: inout LineFitter) {
        for index in 0..<storage.pieceCount {
            fitter.place(storage.pieces[index].layout) { storage.forEachCluster(ofPiece: index, $1) }
            if fitter.isFull { break }
        }
    }
}
