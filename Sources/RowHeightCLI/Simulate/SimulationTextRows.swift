import RowHeight
import TextMeasure

/// Rows measured as the text of their `"text"` field (the style options of `measure`).
///
/// The measurer is a stored property, not an enum payload, so measuring a row borrows it instead
/// of copying it (a copy retains its shared tables, and two precompute threads retaining the same
/// objects for every row slow each other down).
struct SimulationTextRows: RowFeatureProviding {
    let rows: SimulationRows
    let measurer: TextMeasurer

    func height(ofRow row: Int, width: Double) throws -> Double {
        try rows.withBytes(ofRow: row, field: 0) { try measurer.measure(utf8: $0, width: width).height }
    }

    func features(ofRow row: Int) -> RowFeatures { rows.features(ofRow: row) }
}
