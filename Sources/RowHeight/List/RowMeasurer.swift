/// A row measurer made of closures: the height of a row at a width, and optionally the row's
/// estimation features.
public struct RowMeasurer: RowFeatureProviding {
    private let measure: @Sendable (_ row: Int, _ width: Double) throws -> Double
    private let describe: (@Sendable (_ row: Int) -> RowFeatures)?

    /// A measurer that calls `height(row, width)`; `features(row)`, when given, describes rows for
    /// the learning estimator (without it every row has the default features).
    public init(
        features: (@Sendable (_ row: Int) -> RowFeatures)? = nil,
        height: @escaping @Sendable (_ row: Int, _ width: Double) throws -> Double
    ) {
        self.measure = height
        self.describe = features
    }

    /// Calls the height closure.
    public func height(ofRow row: Int, width: Double) throws -> Double {
        try measure(row, width)
    }

    /// Calls the features closure, or returns the default features.
    public func features(ofRow row: Int) -> RowFeatures {
        describe?(row) ?? RowFeatures()
    }

    /// Whether a features closure was given.
    var providesFeatures: Bool { describe != nil }
}
