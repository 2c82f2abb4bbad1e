import TextMeasure

/// Storage a thread reuses to measure many rows with one template
/// (`CellTemplate.height(for:width:workspace:)`): the pieces of the texts walked for their
/// intrinsic widths keep their capacity from row to row, so a row allocates nothing for them.
///
/// Keep one per thread (a worker's state); it holds no results between calls.
public struct CellWorkspace: Sendable {
    /// Per text node: its intrinsic widths once a stack asked for them in this row (else nil),
    /// the pieces they were walked from, and a markup text's prepared text.
    var intrinsic: [IntrinsicTextWidths?] = []
    var walked: [WalkedText] = []
    var markup: [PreparedText?] = []

    /// An empty workspace.
    public init() {}

    /// Forgets the previous row's texts (keeping the storage) for a cell of `textCount` texts.
    mutating func reset(textCount: Int) {
        if intrinsic.count != textCount {
            intrinsic = Array(repeating: nil, count: textCount)
            walked = Array(repeating: WalkedText(), count: textCount)
            markup = Array(repeating: nil, count: textCount)
            return
        }
        for index in 0..<textCount {
            intrinsic[index] = nil
            markup[index] = nil
        }
    }
}
