/// A text prepared in one style for measuring at any width: the measure-once / wrap-many split.
///
/// Preparing walks the text once (break opportunities, fonts, advances, kerning, grapheme
/// clusters) and keeps only the widths of its pieces. Measuring at a width is then pure
/// arithmetic over those widths — what makes a rotation or a window resize cheap. Results are
/// identical to `TextMeasurer.measure(_:width:)` for the same text and style.
public struct PreparedText: @unchecked Sendable {  // `exactSums` points into `storage`'s immutable memory
    /// The style the text was prepared in.
    public var style: TextStyle { storage.measurer.style }
    /// Everything in one reference, so that copying a prepared text costs one retain.
    let storage: Storage
    /// The exact sums at the front of the storage's memory, when the text has them: measuring
    /// at a width reads them (and nothing of the storage object) — one block per text.
    let exactSums: UnsafePointer<ExactPieceSums>?

    /// The pieces, what fitting reads of them and the text, in one block of memory (wrapping
    /// many prepared texts is bound by memory traffic: no array headers to chase). Immutable
    /// after init; the block is freed in deinit, hence `@unchecked Sendable` like `StyleTables`.
    final class Storage: @unchecked Sendable {
        let measurer: TextMeasurer
        /// The pieces' exact sums (if any), their summaries, then the pieces, then the text's
        /// UTF-8 (an overlong piece is broken between clusters measured again from it, which is
        /// rare and needs nothing kept per cluster).
        private let block: UnsafeMutableRawPointer
        let pieceCount: Int
        let byteCount: Int
        /// The sum of the magnitudes of every width and kerning value of the pieces (width
        /// units): with their number, it bounds the rounding error of any sum of them.
        let magnitude: Double
        /// The exact sums at the front of the block, when the pieces' widths allow them.
        let exactSums: UnsafePointer<ExactPieceSums>?
        /// Where the summaries start in the block (after the exact sums).
        private let summariesOffset: Int

        init(
            measurer: TextMeasurer, pieces: [PreparedPiece], summaries: [PreparedPieceSummary],
            text: UnsafeBufferPointer<UInt8>
        ) {
            var magnitude = 0.0
            for piece in pieces {
                magnitude += piece.leadingKern.magnitude + piece.content.magnitude + piece.whitespace.magnitude
                    + piece.countedWhitespace.magnitude
            }
            self.measurer = measurer
            self.magnitude = magnitude
            pieceCount = pieces.count
            byteCount = text.count
            let plan = ExactPieceSums.plan(
                pieces: pieces, summaries: summaries, magnitude: magnitude, text: text, measurer: measurer)
            summariesOffset = plan?.byteCount(pieces: pieces.count) ?? 0
            let textOffset = summariesOffset + Storage.piecesOffset(pieceCount) + pieceCount * MemoryLayout<PreparedPiece>.stride
            block = .allocate(byteCount: max(textOffset + text.count, 16), alignment: 16)
            Storage.copy(summaries, to: block + summariesOffset)
            if let plan {
                ExactPieceSums.write(
                    pieces, summaries: (block + summariesOffset).assumingMemoryBound(to: PreparedPieceSummary.self),
                    plan: plan, measurer: measurer, to: block)
                exactSums = UnsafePointer(block.assumingMemoryBound(to: ExactPieceSums.self))
            } else {
                exactSums = nil
            }
            Storage.copy(pieces, to: block + summariesOffset + Storage.piecesOffset(pieceCount))
            if let base = text.baseAddress {
                (block + textOffset).copyMemory(from: base, byteCount: text.count)
            }
        }

        private static func copy<T>(_ values: [T], to memory: UnsafeMutableRawPointer) {
            values.withUnsafeBufferPointer { values in
                guard let base = values.baseAddress else { return }
                _ = memory.initializeMemory(as: T.self, from: base, count: values.count)
            }
        }

        deinit { block.deallocate() }  // everything in it is trivial

        /// Where the pieces start after the summaries.
        private static func piecesOffset(_ count: Int) -> Int { count * MemoryLayout<PreparedPieceSummary>.stride }

        /// The pieces in order (valid while the storage lives).
        var pieces: UnsafeBufferPointer<PreparedPiece> {
            UnsafeBufferPointer(
                start: (block + summariesOffset + Storage.piecesOffset(pieceCount))
                    .assumingMemoryBound(to: PreparedPiece.self),
                count: pieceCount)
        }

        /// The pieces' summaries (valid while the storage lives).
        var summaries: UnsafeBufferPointer<PreparedPieceSummary> {
            UnsafeBufferPointer(
                start: (block + summariesOffset).assumingMemoryBound(to: PreparedPieceSummary.self), count: pieceCount)
        }

        /// The text (valid while the storage lives).
        var text: UnsafeBufferPointer<UInt8> {
            let offset = summariesOffset + Storage.piecesOffset(pieceCount) + pieceCount * MemoryLayout<PreparedPiece>.stride
            return UnsafeBufferPointer(start: (block + offset).assumingMemoryBound(to: UInt8.self), count: byteCount)
        }

        /// Calls `body` with the clusters of the breakable piece `index`, measured as
        /// `TextMeasurer` measures those of an overlong piece.
        func forEachCluster(ofPiece index: Int, _ body: (LayoutCluster) -> Void) {
            withExtendedLifetime(self) {
                let piece = PreparedPieceView(piece: pieces[index], summary: summaries[index]).layoutPiece
                TextWalker(tables: measurer.tables, bytes: text).forEachCluster(of: piece, body)
            }
        }
    }

    init(text: String, measurer: TextMeasurer) {
        var text = text
        // Initializes the stored property rather than `self = PreparedText(utf8:…)` inside the
        // closure's result: that form crashed the debug test run 3 times in 3 (a release of a garbage
        // reference in "outlined destroy of PreparedText"); this one passed 2 full runs in 2.
        storage = text.withUTF8 { PreparedText.makeStorage(utf8: $0, measurer: measurer) }
        exactSums = storage.exactSums
    }

    /// Prepares valid UTF-8.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer) {
        storage = PreparedText.makeStorage(utf8: bytes, measurer: measurer)
        exactSums = storage.exactSums
    }

    /// Walks valid UTF-8 once and keeps its pieces.
    private static func makeStorage(utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer) -> Storage {
        let pango = measurer.style.profile == .pango
        var pieces: [PreparedPiece] = []
        var summaries: [PreparedPieceSummary] = []
        // Room for the pieces of most texts at once (a word or a CJK character each).
        pieces.reserveCapacity(bytes.count / 3 + 4)
        summaries.reserveCapacity(bytes.count / 3 + 4)
        var offset = 0.0
        TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(
            charMode: measurer.style.lineBreakMode == .byCharWrapping
        ) { piece in
            let prepared = PreparedPiece(piece, pango: pango, offset: offset)
            offset += prepared.advance + prepared.whitespace
            pieces.append(prepared)
            summaries.append(PreparedPieceSummary(prepared, layout: piece))
            return true
        }
        return Storage(measurer: measurer, pieces: pieces, summaries: summaries, text: bytes)
    }

    /// The number of pieces (segments, or clusters in char mode) the text was split into.
    public var segmentCount: Int { storage.pieceCount }

    /// Measures the prepared text at `width` points.
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(number of segments), no text is read again; nothing is allocated unless
    ///   `includeLines` is set.
    public func measure(width: Double, includeLines: Bool = false) throws(TextMeasureError) -> TextMeasurement {
        if !includeLines, let exactSums {
            guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
            let units = exactSums.pointee.pango ? (width * 1024).rounded(.down) : width
            if let measurement = withExtendedLifetime(storage, { ExactPieceSums.measure(exactSums, widthUnits: units) }) {
                return measurement
            }
        }
        let units = try storage.measurer.widthUnits(width)
        if !includeLines { return wrappedHeight(widthUnits: units) }
        let measurer = storage.measurer
        var fitter = LineFitter(
            maxWidth: units, tables: measurer.tables, lineLimit: measurer.style.numberOfLines, recordLines: true)
        withExtendedLifetime(storage) {
            measureLines(into: &fitter)
        }
        fitter.finish()
        return fitter.measurement(style: measurer.style)
    }

    /// Fits the pieces as `TextMeasurer.measure` does (recording lines).
    private func measureLines(into fitter: inout LineFitter) {
        for index in 0..<storage.pieceCount {
            let piece = PreparedPieceView(piece: storage.pieces[index], summary: storage.summaries[index])
            if !fitter.tryPlace(piece) {
                var full = false
                storage.forEachCluster(ofPiece: index) { cluster in
                    if !full { full = !fitter.placeCluster(cluster) }
                }
                if !full { fitter.endBroken(piece) }
            }
            if fitter.isFull { break }
        }
    }
}
