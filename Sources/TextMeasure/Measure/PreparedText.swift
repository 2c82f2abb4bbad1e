/// A text prepared in one style for measuring at any width: the measure-once / wrap-many split.
///
/// Preparing walks the text once (break opportunities, fonts, advances, kerning, grapheme
/// clusters) and keeps only the widths of its pieces. Measuring at a width is then pure
/// arithmetic over those widths — what makes a rotation or a window resize cheap. Results are
/// identical to `TextMeasurer.measure(_:width:)` for the same text and style.
public struct PreparedText: Sendable {
    /// The style the text was prepared in.
    public var style: TextStyle { measurer.style }
    let measurer: TextMeasurer
    var pieces: [LayoutPiece] = []
    /// For each piece, the range of its clusters in `clusters` (empty when not breakable).
    var clusterRanges: [Range<Int32>] = []
    var clusters: [LayoutCluster] = []

    init(text: String, measurer: TextMeasurer) {
        self.measurer = measurer
        var text = text
        text.withUTF8 { bytes in
            let walker = TextWalker(tables: measurer.tables, bytes: bytes)
            walker.forEachPiece(charMode: measurer.style.lineBreakMode == .byCharWrapping) { piece in
                pieces.append(piece)
                let first = Int32(clusters.count)
                if piece.isBreakable {
                    clusters.append(contentsOf: walker.clusters(of: piece))
                }
                clusterRanges.append(first..<Int32(clusters.count))
                return true
            }
        }
    }

    /// The number of pieces (segments, or clusters in char mode) the text was split into.
    public var segmentCount: Int { pieces.count }

    /// Measures the prepared text at `width` points.
    ///
    /// - Throws: `TextMeasureError.invalidWidth` for a width ≤ 0, NaN or infinite.
    /// - Complexity: O(number of segments), no text is read again.
    public func measure(width: Double, includeLines: Bool = false) throws(TextMeasureError) -> TextMeasurement {
        let units = try measurer.widthUnits(width)
        var fitter = LineFitter(
            maxWidth: units, tables: measurer.tables, lineLimit: measurer.style.numberOfLines,
            recordLines: includeLines)
        for index in pieces.indices {
            let piece = pieces[index]
            if !fitter.tryPlace(piece) {
                let range = clusterRanges[index]
                fitter.placeBroken(piece, clusters: clusters[Int(range.lowerBound)..<Int(range.upperBound)])
            }
            if fitter.isFull { break }
        }
        fitter.finish()
        return fitter.measurement(style: measurer.style)
    }
}
