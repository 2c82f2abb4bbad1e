/// What a `PreparedText` of an attributed text keeps besides its pieces: each run's style and
/// end, and the line-height slots its pieces' font masks index (`LineHeightSlots`).
///
/// Immutable once `PreparedText` has prepared its pieces into it (the slots are filled then,
/// before the prepared text is shared); owns the slots' memory.
final class RichRuns: @unchecked Sendable {  // immutable after preparing; raw storage freed in deinit
    /// Per run: its style.
    let styles: [RunStyle]
    /// Per run: the UTF-8 offset where it ends.
    let ends: [Int]
    /// The slots' table (`LineHeightSlots.storageCount` doubles).
    let heightStorage: UnsafeMutablePointer<Double>
    /// Slots in use (set while preparing).
    private(set) var slotCount = 0

    /// The runs of `text` resolved in `measurer`'s style.
    ///
    /// - Throws: the error of the first run with invalid attributes or a family the chain lacks.
    init(_ text: AttributedText, measurer: TextMeasurer) throws(TextMeasureError) {
        var styles: [RunStyle] = []
        styles.reserveCapacity(text.runs.count)
        for (i, run) in text.runs.enumerated() {
            styles.append(
                i > 0 && text.runs[i - 1].attributes == run.attributes ? styles[i - 1] : try measurer.runStyle(run.attributes))
        }
        self.styles = styles
        self.ends = text.runs.map(\.utf8Range.upperBound)
        heightStorage = .allocate(capacity: LineHeightSlots.storageCount)
        heightStorage.initialize(repeating: 0, count: LineHeightSlots.storageCount)
    }

    deinit {
        heightStorage.deallocate()
    }

    /// The slots as filled so far.
    var slots: LineHeightSlots { LineHeightSlots(filled: heightStorage, count: slotCount) }

    /// Walks `bytes` (the text's UTF-8) into pieces as `RichWalker` does, filling the slots;
    /// called once, while preparing.
    func forEachPiece(
        utf8 bytes: UnsafeBufferPointer<UInt8>, base: StyleTableView, charMode: Bool, _ body: (LayoutPiece) -> Void
    ) {
        var slots = LineHeightSlots(storage: heightStorage, base: base)
        styles.withUnsafeBufferPointer { styles in
            ends.withUnsafeBufferPointer { ends in
                RichWalker(bytes: bytes, base: base, styles: styles, ends: ends).forEachPiece(
                    charMode: charMode, slots: &slots
                ) { piece, _ in
                    body(piece)
                    return true
                }
            }
        }
        slotCount = slots.count
    }

    /// Calls `body` with the clusters of an overlong piece (`RichWalker.forEachCluster`).
    func forEachCluster(
        of piece: LayoutPiece, utf8 bytes: UnsafeBufferPointer<UInt8>, base: StyleTableView,
        _ body: (LayoutCluster) -> Void
    ) {
        styles.withUnsafeBufferPointer { styles in
            ends.withUnsafeBufferPointer { ends in
                RichWalker(bytes: bytes, base: base, styles: styles, ends: ends)
                    .forEachCluster(of: piece, slots: slots, body)
            }
        }
    }
}
