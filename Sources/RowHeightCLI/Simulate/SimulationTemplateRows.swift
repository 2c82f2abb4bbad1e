import RowHeight

/// Rows measured as cells of a template, from the fields it reads.
struct SimulationTemplateRows: RowFeatureProviding {
    let rows: SimulationRows
    let template: CellTemplate

    func height(ofRow row: Int, width: Double) throws -> Double {
        try template.height(for: rows.values(ofRow: row), width: width)
    }

    func features(ofRow row: Int) -> RowFeatures { rows.features(ofRow: row) }
}
