/// The output of one `LineBatch` after a pipeline's transform: the records' bytes, in order,
/// and the bad records among them.
struct BatchResult: Sendable {
    /// The batch's `index`.
    var index: Int
    /// The output records of the good lines, in order.
    var output: OutputBuffer
    /// The bad lines, in order, each with the length `output` had when it was met (where its
    /// record would have been).
    var failures: [(offset: Int, failure: RecordFailure)] = []
    /// The number of good lines.
    var records = 0
}
