/// A Unicode Line_Break property value (UAX #14, Unicode 15.0).
///
/// The raw values index the generated tables; keep them in sync with `Generated/generate.py`.
public enum LineBreakClass: UInt8, Sendable, CaseIterable {
    /// BK: Mandatory Break (U+000B, U+000C, U+2028, U+2029): a line must end after it.
    case bk
    /// CR: Carriage Return: a line must end after it, or after the LF that follows it.
    case cr
    /// LF: Line Feed: a line must end after it.
    case lf
    /// CM: Combining Mark (and most control characters): attaches to the character before it.
    case cm
    /// NL: Next Line (U+0085): a line must end after it.
    case nl
    /// SG: Surrogate (never a `Unicode.Scalar`; resolved to AL).
    case sg
    /// WJ: Word Joiner (U+2060, U+FEFF): no break on either side.
    case wj
    /// ZW: Zero Width Space (U+200B): a break is allowed after it.
    case zw
    /// GL: Non-breaking ("Glue"), such as U+00A0 NO-BREAK SPACE: no break on either side.
    case gl
    /// SP: Space (U+0020): breaks are allowed after runs of it.
    case sp
    /// ZWJ: Zero Width Joiner (U+200D): no break after it.
    case zwj
    /// B2: Break Opportunity Before and After (em dash): no break between two of them.
    case b2
    /// BA: Break After (hyphens, tab, most spaces other than U+0020).
    case ba
    /// BB: Break Before (such as dictionary punctuation).
    case bb
    /// HY: Hyphen (U+002D HYPHEN-MINUS).
    case hy
    /// CB: Contingent Break Opportunity (U+FFFC): breaks allowed on both sides by default.
    case cb
    /// CL: Close Punctuation, such as "}" and "」".
    case cl
    /// CP: Close Parenthesis: ")" and "]".
    case cp
    /// EX: Exclamation/Interrogation, such as "!" and "?".
    case ex
    /// IN: Inseparable characters, such as the ellipsis "…".
    case `in`
    /// NS: Nonstarter, such as small kana and "々" (and CJ after rule LB1).
    case ns
    /// OP: Open Punctuation, such as "(" and "「".
    case op
    /// QU: Quotation, such as U+0022 QUOTATION MARK and the curly quotes U+2018, U+2019, U+201C, U+201D.
    case qu
    /// IS: Infix Numeric Separator: ",", ".", ":", ";".
    case `is`
    /// NU: Numeric: digits.
    case nu
    /// PO: Postfix Numeric, such as "%".
    case po
    /// PR: Prefix Numeric, such as "$" and "€".
    case pr
    /// SY: Symbols Allowing Break After: "/".
    case sy
    /// AI: Ambiguous (Alphabetic or Ideographic); resolved to AL.
    case ai
    /// AL: Alphabetic: letters and most symbols.
    case al
    /// CJ: Conditional Japanese Starter (small kana); resolved to NS.
    case cj
    /// EB: Emoji Base: may take an emoji modifier (EM).
    case eb
    /// EM: Emoji Modifier (skin tones).
    case em
    /// H2: Hangul LV Syllable.
    case h2
    /// H3: Hangul LVT Syllable.
    case h3
    /// HL: Hebrew Letter.
    case hl
    /// ID: Ideographic: CJK ideographs, kana, most emoji.
    case id
    /// JL: Hangul L Jamo.
    case jl
    /// JV: Hangul V Jamo.
    case jv
    /// JT: Hangul T Jamo.
    case jt
    /// RI: Regional Indicator: pairs form flags.
    case ri
    /// SA: Complex Context Dependent (South East Asian scripts); resolved to CM or AL.
    case sa
    /// XX: Unknown (unassigned and private-use code points); resolved to AL.
    case xx

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
