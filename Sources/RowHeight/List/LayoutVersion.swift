/// Identifies one arrangement of a list's rows: it changes whenever any row's offset at the current
/// width may have changed (measurements, estimate updates, batch updates, width changes).
public struct LayoutVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    let rawValue: UInt64

    /// Whether `lhs` is an older arrangement than `rhs` (of the same list).
    public static func < (lhs: LayoutVersion, rhs: LayoutVersion) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `v` followed by the version number.
    public var description: String { "v\(rawValue)" }
}
