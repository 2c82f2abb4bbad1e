/// Measures the exact height of a list row at a width — the list model's only way to learn real
/// heights. Cell templates plug in here; so does anything else that can size a row.
///
/// Rows are identified by their current index: after a batch update the measurer must answer for
/// the new indices (like a `UITableView` data source). The model calls `height(ofRow:width:)`
/// from the thread of `show(_:)` and, during a precompute, from several tasks at once, so it must
/// be thread-safe (hence `Sendable`) and must not call back into the model.
///
/// To let the default, learning estimator tell rows apart, also conform to
/// `RowFeatureProviding`.
public protocol RowMeasuring: Sendable {
    /// The exact height of `row` at `width`, in points, already rounded to the pixel grid.
    ///
    /// - Returns: a finite height ≥ 0 (at most ~11.18 million pt); anything else makes the model
    ///   throw `ListHeightError.invalidHeight`.
    /// - Throws: any error; the model reports it as `ListHeightError.measurementFailed`.
    func height(ofRow row: Int, width: Double) throws -> Double
}

/// A row measurer that also describes each row cheaply (without measuring it), so the learning
/// estimator can estimate rows that have not been measured yet, e.g. from their text length.
public protocol RowFeatureProviding: RowMeasuring {
    /// The estimation features of `row` — called for every row when estimates are built, so it
    /// should be O(1) (e.g. a stored character count).
    func features(ofRow row: Int) -> RowFeatures
}
