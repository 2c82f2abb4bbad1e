/// A Unicode Line_Break property value (UAX #14, Unicode 15.0).
///
/// The raw values index the generated tables; keep them in sync with `Generated/generate.py`.
public enum LineBreakClass: UInt8, Sendable, CaseIterable {
    case bk, cr, lf, cm, nl, sg, wj, zw, gl, sp, zwj, b2, ba, bb, hy
    case cb, cl, cp, ex, `in`, ns, op, qu, `is`, nu, po, pr, sy, ai, al
    case cj, eb, em, h2, h3, hl, id, jl, jv, jt, ri, sa, xx

    /// The Line_Break property of `scalar` as Unicode 15.0 assigns it, before rule LB1: so it may
    /// be `.ai`, `.sg`, `.xx` (unassigned and private-use code points), `.sa` or `.cj`. For the
    /// class the algorithm actually uses, see ``init(resolving:)``.
    ///
    /// - Complexity: O(1) for most scalars; O(log n) in the number of LB1 ranges (a binary search
    ///   over about 1,700 change points) for scalars whose resolved class is AL, CM or NS.
    public init(_ scalar: Unicode.Scalar) {
        let resolved = LineBreakClass(resolving: scalar)
        switch resolved {
        case .al, .cm, .ns:
            self = LineBreakRawClasses.shared.rawClass(scalar.value) ?? resolved
        default:
            self = resolved
        }
    }

    /// The class of `scalar` after UAX #14 rule LB1: AI, SG and XX are AL; SA is CM for
    /// nonspacing and spacing marks (General_Category Mn, Mc) and AL otherwise; CJ is NS. So the
    /// result is never `.ai`, `.sg`, `.xx`, `.sa` or `.cj`. This is the class the line breaker
    /// works with.
    ///
    /// - Complexity: O(1): one table load for ASCII, two otherwise.
    @inlinable
    public init(resolving scalar: Unicode.Scalar) {
        self = LineBreakTables.resolvedClass(ofCode: LineBreakTables.code(scalar.value))
    }

    /// BK, CR, LF or NL: a line must end after it.
    @inlinable
    public var isHardBreak: Bool {
        self == .bk || self == .cr || self == .lf || self == .nl
    }
}
