/// What can go wrong when building, querying or updating a list height model.
public enum ListHeightError: Error, CustomStringConvertible {
    /// A row index outside the list (`rowCount` rows).
    case rowOutOfRange(row: Int, rowCount: Int)
    /// A row range that does not lie inside the list.
    case rangeOutOfBounds(Range<Int>, rowCount: Int)
    /// A negative number of rows.
    case invalidRowCount(Int)
    /// A height that is not finite, negative, or taller than one row can be (~11.18 million pt);
    /// `row` and `width` say where it came from when known.
    case invalidHeight(row: Int?, width: Double?, height: Double)
    /// A width that is not finite or not positive.
    case invalidWidth(Double)
    /// A width cache that cannot hold even the current width.
    case invalidCacheCapacity(Int)
    /// A viewport with a non-finite offset, or a negative or non-finite height or overscan.
    case invalidViewport(offset: Double, height: Double, overscan: Double)
    /// A batch update that does not describe a valid change of the list (`reason` says why).
    case invalidUpdate(reason: String)
    /// The row measurer threw while measuring `row` at `width`.
    case measurementFailed(row: Int, width: Double, underlying: any Error)

    /// A message that says what was wrong and what is valid.
    public var description: String {
        switch self {
        case .rowOutOfRange(let row, let rowCount):
            return "row \(row) is out of range: the list has \(rowCount) rows (valid rows 0..<\(rowCount))"
        case .rangeOutOfBounds(let range, let rowCount):
            return "rows \(range) are out of bounds: the list has \(rowCount) rows"
        case .invalidRowCount(let count):
            return "invalid row count \(count): must be ≥ 0"
        case .invalidHeight(let row, let width, let height):
            let place = [row.map { "row \($0)" }, width.map { "width \($0)" }].compactMap { $0 }.joined(
                separator: " at ")
            return "invalid height \(height)\(place.isEmpty ? "" : " for \(place)"): a row height must be finite, "
                + "≥ 0 and ≤ \(FixedPointHeight.maxRowHeight) pt"
        case .invalidWidth(let width):
            return "invalid width \(width): must be finite and > 0"
        case .invalidCacheCapacity(let capacity):
            return "invalid width cache capacity \(capacity): must be ≥ 1"
        case .invalidViewport(let offset, let height, let overscan):
            return "invalid viewport (offset \(offset), height \(height), overscan \(overscan)): the offset must be "
                + "finite, the height and overscan finite and ≥ 0"
        case .invalidUpdate(let reason):
            return "invalid batch update: \(reason)"
        case .measurementFailed(let row, let width, let underlying):
            return "measuring row \(row) at width \(width) failed: \(underlying)"
        }
    }
}
