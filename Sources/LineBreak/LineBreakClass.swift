/// A Unicode Line_Break property value (UAX #14, Unicode 15.0).
///
/// The raw values index the generated tables; keep them in sync with `Generated/generate.py`.
public enum LineBreakClass: UInt8, Sendable, CaseIterable {
    case bk, cr, lf, cm, nl, sg, wj, zw, gl, sp, zwj, b2, ba, bb, hy
    case cb, cl, cp, ex, `in`, ns, op, qu, `is`, nu, po, pr, sy, ai, al
    case cj, eb, em, h2, h3, hl, id, jl, jv, jt, ri, sa, xx

    /// The class of `scalar` after UAX #14 rule LB1: AI, SG and XX are AL; SA is CM for
    /// nonspacing and spacing marks (Mn, Mc) and AL otherwise; CJ is NS. So the result is never
    /// `.ai`, `.sg`, `.xx`, `.sa` or `.cj`.
    ///
    /// - Complexity: O(1): one table load for ASCII, two otherwise.
    @inlinable
    public init(_ scalar: Unicode.Scalar) {
        self = LineBreakClass(rawValue: LineBreakTables.entry(scalar.value) & 0x3F) ?? .al
    }
}
