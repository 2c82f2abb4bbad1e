import TextMeasure

extension CellTemplate {
    /// How many grapheme clusters of the row's texts (every text node: fields and literals) no
    /// font of the node's chain has a glyph for, and the first such character in tree order
    /// (`TextMeasurer.missingClusters(in:)`, node by node). A style that cannot measure counts
    /// nothing (laying the row out throws).
    ///
    /// - Complexity: O(total UTF-8 length of the texts): a scan of each style's tables.
    public func missingClusters(in row: CellRow) -> (count: Int, first: Unicode.Scalar?) {
        let cell = compiled
        guard cell.styleError == nil else { return (0, nil) }
        var count = 0
        var first: Unicode.Scalar?
        for index in 0..<cell.textCount where !cell.isEmpty(index, in: row) {
            let missing = cell.withText(index, in: row) { cell.measurers[index].missingClusters(utf8: $0) }
            if first == nil { first = missing.first }
            count += missing.count
        }
        return (count, first)
    }

    /// `missingClusters(in:)` for a row given by field name.
    public func missingClusters(in row: [String: String]) -> (count: Int, first: Unicode.Scalar?) {
        missingClusters(in: self.row(row))
    }
}
