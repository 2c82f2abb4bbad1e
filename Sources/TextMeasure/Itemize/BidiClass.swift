import CFriBidi

/// The UAX #9 bidirectional types `BidiParagraphResolver` resolves, in one byte: those of a
/// paragraph without explicit embeddings, overrides, isolates or paragraph separators.
///
/// The predicates mirror fribidi's macros on its `FriBidiCharType` bits (`FRIBIDI_IS_STRONG`,
/// `FRIBIDI_IS_NEUTRAL`…) for these types.
enum BidiClass: UInt8, Sendable {
    case l, r, al, en, an, es, et, cs, nsm, bn, ws, on, s

    /// The class of fribidi's type `raw` (`FriBidiCharType.rawValue`), or `nil` for a type the
    /// resolver leaves to fribidi: B (a paragraph separator inside Pango's paragraph: U+001C–
    /// U+001E, U+0085), LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI, PDI.
    @inline(__always)
    init?(fribidi raw: UInt32) {
        // fribidi 1.0's values (fribidi-bidi-types.h): masks STRONG 0x10, WEAK 0x20, NEUTRAL 0x40,
        // LETTER 0x100, NUMBER 0x200, NUMSEPTER 0x400, SPACE 0x800, SEPARATOR 0x2000, RTL 0x1,
        // ARABIC 0x2, and one bit per type from ES 0x10000 to WS 0x800000.
        switch raw {
        case 0x110: self = .l
        case 0x111: self = .r
        case 0x113: self = .al
        case 0x220: self = .en
        case 0x222: self = .an
        case 0x1_0420: self = .es
        case 0x2_0420: self = .et
        case 0x4_0420: self = .cs
        case 0x8_0020: self = .nsm
        case 0x10_0820: self = .bn
        case 0x80_0840: self = .ws
        case 0x40: self = .on
        case 0x40_2840: self = .s
        default: return nil
        }
    }

    /// The class of scalar `value` (fribidi's type), or `nil` for a type left to fribidi.
    init?(scalar value: UInt32) {
        self.init(fribidi: fribidi_get_bidi_type(value).rawValue)
    }

    /// The class of each scalar below U+0700 (Latin, Greek, Cyrillic, Hebrew, Arabic) as its raw
    /// value, with `bracketFlag` added for the ON scalars fribidi gives a bracket type
    /// (`fribidi_get_bracket` ≠ `FRIBIDI_NO_BRACKET`), 0xFF where it has none: fribidi's data,
    /// looked up once.
    static let belowU0700: [UInt8] = (0..<0x700).map { value in
        guard let type = BidiClass(scalar: UInt32(value)) else { return 0xFF }
        let isBracket = type == .on && fribidi_get_bracket(UInt32(value)) != rowheight_fribidi_no_bracket()
        return type.rawValue | (isBracket ? bracketFlag : 0)
    }

    /// Added to a class in `belowU0700` for a bracket.
    static let bracketFlag: UInt8 = 0x80

    /// fribidi's type of the class (`FriBidiCharType.rawValue`).
    var fribidiType: UInt32 {
        switch self {
        case .l: 0x110
        case .r: 0x111
        case .al: 0x113
        case .en: 0x220
        case .an: 0x222
        case .es: 0x1_0420
        case .et: 0x2_0420
        case .cs: 0x4_0420
        case .nsm: 0x8_0020
        case .bn: 0x10_0820
        case .ws: 0x80_0840
        case .on: 0x40
        case .s: 0x40_2840
        }
    }

    /// L, R or AL (`FRIBIDI_IS_STRONG` without the explicit codes).
    @inline(__always) var isStrong: Bool { rawValue <= BidiClass.al.rawValue }
    /// EN or AN (`FRIBIDI_IS_NUMBER`).
    @inline(__always) var isNumber: Bool { self == .en || self == .an }
    /// WS, ON or S (`FRIBIDI_IS_NEUTRAL` without B and the isolates).
    @inline(__always) var isNeutral: Bool { rawValue >= BidiClass.ws.rawValue }
    /// ES, ET or CS (`FRIBIDI_IS_NUMBER_SEPARATOR_OR_TERMINATOR`).
    @inline(__always) var isSeparatorOrTerminator: Bool { (BidiClass.es.rawValue...BidiClass.cs.rawValue).contains(rawValue) }
    /// WS, S or BN: the characters rule L1 resets before a segment separator and at the end of a
    /// paragraph (`FRIBIDI_IS_EXPLICIT_OR_SEPARATOR_OR_BN_OR_WS` without the explicit codes).
    @inline(__always) var isL1Space: Bool { self == .ws || self == .s || self == .bn }
    /// WS, ON, ES, ET or CS: a class whose runs (brackets aside), all between two runs of one
    /// strong class (L, R or AL), resolve to that class's level, so the scan joins them into
    /// one run. No W rule gives them a number's class (W4 and W5 need an EN or AN beside them, and
    /// only strong runs and such neutrals are), W6 makes them ON, and N1 gives the neutrals
    /// between two runs of one direction that direction; no strong class appears or disappears
    /// for N0 and W2, and with no S, BN, NSM or bracket among them, rule L1, X9 and W1 see the
    /// same characters.
    @inline(__always) var joinsStrongRuns: Bool { (BidiClass.es.rawValue...BidiClass.cs.rawValue).contains(rawValue) || self == .ws || self == .on }
    /// R for EN and AN, else the class itself (`FRIBIDI_CHANGE_NUMBER_TO_RTL`; N0's
    /// `RL_TYPE_AN_EN_AS_RTL` is the same for the resolver's classes).
    @inline(__always) var numberAsR: BidiClass { isNumber ? .r : self }
    /// Whether fribidi's type has its right-to-left bit: R and AL (`FRIBIDI_IS_RTL`).
    @inline(__always) var isRTL: Bool { self == .r || self == .al }
}
