/// Counts, while a text is walked, the grapheme clusters no font of the chain has a glyph for
/// (`ClusterCoverage.needsGlyph`): what `TextMeasurement.missingClusterCount` reports.
///
/// Scalars are recorded in text order, at their UTF-8 offsets; a cluster counts once however
/// many of its scalars are missing (a covered base with two uncovered marks is one).
struct MissingGlyphTally: Sendable, Equatable {
    /// Clusters counted.
    var clusters = 0
    /// The first missing scalar's value (meaningful when `clusters` > 0).
    var first: UInt32 = 0
    /// The UTF-8 offset just past the cluster of the last counted scalar: a missing scalar
    /// before it belongs to a cluster already counted.
    var countedUntil = 0
    /// The offset of the last counted scalar (−1 before any).
    var lastCounted = -1

    /// A tally of nothing.
    init() {}

    /// Records the missing scalar `value` at `offset` of `bytes` (counted unless its cluster is).
    ///
    /// - Complexity: O(length of its cluster) when counted.
    mutating func record(_ value: UInt32, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        guard offset >= countedUntil else { return }
        if clusters == 0 { first = value }
        clusters += 1
        lastCounted = offset
        countedUntil = GraphemeBoundaries.clusterEnd(in: bytes, at: offset)
    }

    /// Adds `count` clusters counted elsewhere (a shaped piece), the first of them `first`,
    /// ending before `end`.
    mutating func add(clusters count: Int, first value: UInt32, at offset: Int, end: Int) {
        guard count > 0 else { return }
        if clusters == 0 { first = value }
        clusters += count
        lastCounted = offset
        countedUntil = max(countedUntil, end)
    }

    /// Adds a tally of a later part of the text.
    mutating func add(_ later: MissingGlyphTally) {
        if clusters == 0 { first = later.first }
        clusters += later.clusters
    }

    /// The first missing scalar, `nil` when none was counted.
    var firstScalar: Unicode.Scalar? {
        clusters > 0 ? Unicode.Scalar(first) : nil
    }
}
