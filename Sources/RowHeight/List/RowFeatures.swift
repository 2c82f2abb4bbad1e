/// What the learning estimator knows about a row before measuring it.
///
/// The learned estimate of a row is `a + b × length / width`, fitted by least squares over the
/// rows of the same `kind` measured so far: for wrapped text the line count grows like
/// `characters × average advance / width`, so `length` is usually the character count of the
/// row's text (or of its longest text field).
public struct RowFeatures: Sendable, Hashable {
    /// A size of the row's content that its height grows with, e.g. its text's character count.
    /// Default 1 (all rows alike). Must be finite and ≥ 0; other values count as 0.
    public var length: Double
    /// The row's kind (cell template); each kind is fitted separately. Default 0.
    public var kind: UInt8

    /// Features with the given length and kind.
    public init(length: Double = 1, kind: UInt8 = 0) {
        self.length = length
        self.kind = kind
    }

    /// `length`, or 0 when it is not finite or negative.
    var usableLength: Double { length.isFinite && length > 0 ? length : 0 }
}
