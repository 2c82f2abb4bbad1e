/// A text prepared in one style for measuring at any width: the measure-once / wrap-many split.
///
/// Preparing walks the text once (break opportunities, fonts, advances, kerning, grapheme
/// clusters) and keeps only the widths of its pieces. Measuring at a width is then pure
/// arithmetic over those widths — what makes a rotation or a window resize cheap. Results are
/// identical to `TextMeasurer.measure(_:width:)` for the same text and style.
public struct PreparedText: Sendable {
    /// The style the text was prepared in.
    public var style: TextStyle { storage.measurer.style }
    /// Everything in one reference, so that copying a prepared text costs one retain.
    let storage: Storage

    /// The pieces, what fitting reads of them and their clusters, in one block of memory
    /// (wrapping many prepared texts is bound by memory traffic: no array headers to chase).
    /// Immutable after init; the block is freed in deinit, hence `@unchecked Sendable` like
    /// `StyleTables`.
    final class Storage: @unchecked Sendable {
        let measurer: TextMeasurer
        /// The pieces' summaries, then the pieces, then the clusters of the pieces that may need
        /// breaking (see `PreparedPiece.clusterStart`).
        private let block: UnsafeMutableRawPointer
        let pieceCount: Int
        let clusterCount: Int
        /// The sum of the magnitudes of every width and kerning value (width units): with the
        /// number of values, it bounds the rounding error of any sum of them.
        let magnitude: Double

        init(
            measurer: TextMeasurer, pieces: [PreparedPiece], summaries: [PreparedPieceSummary],
            clusters: [LayoutCluster]
        ) {
            var magnitude = 0.0
            for piece in pieces {
                magnitude += piece.leadingKern.magnitude + piece.content.magnitude + piece.whitespace.magnitude
                    + piece.countedWhitespace.magnitude
            }
            for cluster in clusters { magnitude += cluster.leadingKern.magnitude + cluster.width.magnitude }
            self.measurer = measurer
            self.magnitude = magnitude
            pieceCount = pieces.count
            clusterCount = clusters.count
            let bytes = Storage.clustersOffset(pieces.count) + clusters.count * MemoryLayout<LayoutCluster>.stride
            block = .allocate(byteCount: max(bytes, 16), alignment: 16)
            Storage.copy(summaries, to: block)
            Storage.copy(pieces, to: block + Storage.piecesOffset(pieceCount))
            Storage.copy(clusters, to: block + Storage.clustersOffset(pieceCount))
        }

        private static func copy<T>(_ values: [T], to memory: UnsafeMutableRawPointer) {
            values.withUnsafeBufferPointer { values in
                guard let base = values.baseAddress else { return }
                _ = memory.initializeMemory(as: T.self, from: base, count: values.count)
            }
        }

        deinit { block.deallocate() }

        private static func piecesOffset(_ count: Int) -> Int { count * MemoryLayout<PreparedPieceSummary>.stride }
        private static func clustersOffset(_ count: Int) -> Int {
            piecesOffset(count) + count * MemoryLayout<PreparedPiece>.stride
        }

        /// The pieces in order (valid while the storage lives).
        var pieces: UnsafeBufferPointer<PreparedPiece> {
            UnsafeBufferPointer(
                start: (block + Storage.piecesOffset(pieceCount)).assumingMemoryBound(to: PreparedPiece.self),
                count: pieceCount)
        }

        /// The pieces' summaries (valid while the storage lives).
        var summaries: UnsafeBufferPointer<PreparedPieceSummary> {
            UnsafeBufferPointer(start: block.assumingMemoryBound(to: PreparedPieceSummary.self), count: pieceCount)
        }

        /// The clusters of the breakable pieces (valid while the storage lives).
        var clusters: UnsafeBufferPointer<LayoutCluster> {
            UnsafeBufferPointer(
                start: (block + Storage.clustersOffset(pieceCount)).assumingMemoryBound(to: LayoutCluster.self),
                count: clusterCount)
        }

        /// The clusters of piece `index` (empty unless it is breakable).
        func clusterRange(of index: Int) -> Range<Int> {
            pieces[index].clusterStart..<(index + 1 < pieceCount ? pieces[index + 1].clusterStart : clusterCount)
        }
    }

    init(text: String, measurer: TextMeasurer) {
        var text = text
        self = text.withUTF8 { PreparedText(utf8: $0, measurer: measurer) }
    }

    /// Prepares valid UTF-8.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, measurer: TextMeasurer) {
        let pango = measurer.style.profile == .pango
        var pieces: [PreparedPiece] = []
        var summaries: [PreparedPieceSummary] = []
        var clusters: [LayoutCluster] = []
        var offset = 0.0
        let walker = TextWalker(tables: measurer.tables, bytes: bytes)
        walker.forEachPiece(charMode: measurer.style.lineBreakMode == .byCharWrapping) { piece in
            let prepared = PreparedPiece(piece, pango: pango, clusterStart: clusters.count, offset: offset)
            if piece.isBreakable {
                walker.forEachCluster(of: piece) { clusters.append($0) }
            }
            offset += prepared.advance + prepared.whitespace
            pieces.append(prepared)
            summaries.append(PreparedPieceSummary(prepared, layout: piece))
            return true
        }
        storage = Storage(measurer: measurer, pieces: pieces, summaries: summaries, clusters: clusters)
    }

    /// The number of pieces (segments, or clusters in char mode) the text was split into.
    public var segmentCount: Int { storage.pieceCount }

    /// Measures the prepared text at `width` points.
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(number of segments), no text is read again; nothing is allocated unless
    ///   `includeLines` is set.
    public func measure(width: Double, includeLines: Bool = false) throws(TextMeasureError) -> TextMeasurement {
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
                for cluster in storage.clusters[storage.clusterRange(of: index)] where !fitter.placeCluster(cluster) {
                    full = true
                    break
                }
                if !full { fitter.endBroken(piece) }
            }
            if fitter.isFull { break }
        }
    }
}
