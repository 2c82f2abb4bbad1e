/// The UAX #14 rules (Unicode 15.0, LB2–LB31, numbers tailored as in the Unicode conformance
/// test, LB25.01–25.05) written out plainly over the left context they look at.
///
/// This is the specification the line breaker is built from, not the hot path:
/// `LineBreakStateMachine` runs these rules once over every context that can occur (after
/// `canonical` has dropped what no rule can see) and records the outcomes in a transition table.
struct LineBreakRuleState: Hashable, Sendable {
    /// What the rules decide at one position.
    enum Decision: Equatable, Sendable { case prohibited, allowed, mandatory }

    /// No scalar yet (LB2: no break before the first one).
    var atStart = true
    /// Class of the previous character after LB9/LB10 (combining marks folded into their base).
    var a = LineBreakClass.xx
    /// Class of the character before that one (LB21a: HL (HY | BA) ×).
    var a2 = LineBreakClass.xx
    /// Class of the previous scalar itself (hard breaks, LB8a's ZWJ).
    var lastRaw = LineBreakClass.xx
    /// Class before the current run of spaces, when `a` is SP (LB8, LB14–LB17).
    var spaceBase = LineBreakClass.xx
    /// `a` is East Asian Width F, W or H (LB30).
    var aWide = false
    /// `a` is Extended_Pictographic and unassigned (LB30b).
    var aPictographicUnassigned = false
    /// Regional indicators in the current run (LB30a).
    var regionalIndicators = 0
    /// `a` ends `NU (NU | SY | IS)*` (LB25.03–25.05).
    var inNumber = false
    /// `a` is the CL or CP of `NU (NU | SY | IS)* (CL | CP)` (LB25.05).
    var closeAfterNumber = false

    /// The same context without what no rule can observe, so that equal contexts compare equal:
    /// the previous scalar's own class matters only for hard breaks and ZWJ, the class before
    /// spaces only as OP, QU, CL/CP, B2 or ZW, the class before `a` only as HL before HY or BA,
    /// East Asian width only for CP, and the regional-indicator count only as odd or even.
    var canonical: LineBreakRuleState {
        var s = self
        switch s.lastRaw {
        case .bk, .cr, .lf, .nl, .zwj: break
        default: s.lastRaw = .al
        }
        if s.a != .sp {
            s.spaceBase = .xx
        } else {
            switch s.spaceBase {
            case .op, .qu, .b2, .zw, .cl: break
            case .cp: s.spaceBase = .cl
            default: s.spaceBase = .xx
            }
        }
        if !((s.a == .hy || s.a == .ba) && s.a2 == .hl) { s.a2 = .xx }
        if s.a != .cp { s.aWide = false }
        if s.a == .ri {
            s.regionalIndicators = 2 - s.regionalIndicators % 2  // 1: odd, 2: even
        } else {
            s.regionalIndicators = 0
        }
        return s
    }

    /// Whether the text must break at its end (LB3 after BK, CR, LF or NL).
    var endsWithHardBreak: Bool { !atStart && lastRaw.isHardBreak }

    /// Decides the break before a scalar with input code `code` (see `LineBreakTables`) and
    /// moves past it. `nextIsNumber` answers LB25.01's lookahead: whether the next character
    /// that is not CM or ZWJ is NU.
    mutating func step(_ code: UInt8, nextIsNumber: Bool) -> Decision {
        let raw = LineBreakTables.resolvedClass(ofCode: code)
        let wide = code == LineBreakTables.opWide || code == LineBreakTables.cpWide
        let pictographic = code == LineBreakTables.idPictographicUnassigned
        let effective: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw  // LB10
        if atStart {  // LB2
            atStart = false
            advance(raw, effective, wide, pictographic)
            return .prohibited
        }
        let x = lastRaw
        // LB4, LB5
        if x == .bk || x == .lf || x == .nl || (x == .cr && raw != .lf) {
            advance(raw, effective, wide, pictographic)
            return .mandatory
        }
        if x == .cr {  // CR × LF
            advance(raw, raw, wide, pictographic)
            return .prohibited
        }
        // LB6, LB7
        if raw.isHardBreak || raw == .sp || raw == .zw {
            advance(raw, raw, wide, pictographic)
            return .prohibited
        }
        // LB8: ZW SP* ÷
        if a == .zw || (a == .sp && spaceBase == .zw) {
            advance(raw, effective, wide, pictographic)
            return .allowed
        }
        // LB9: X (CM | ZWJ)* is X, unless X is a space or a break; LB8a (ZWJ ×) agrees.
        if raw == .cm || raw == .zwj {
            switch a {
            case .bk, .cr, .lf, .nl, .sp, .zw: break
            default:
                lastRaw = raw
                return .prohibited
            }
        }
        // LB8a: ZWJ ×
        if x == .zwj {
            advance(raw, effective, wide, pictographic)
            return .prohibited
        }
        let decision = decide(effective, wide: wide, nextIsNumber: nextIsNumber)
        advance(raw, effective, wide, pictographic)
        return decision
    }

    /// Rules LB11–LB31 between the effective previous class `a` and `y`.
    func decide(_ y: LineBreakClass, wide: Bool, nextIsNumber: Bool) -> Decision {
        // LB11
        if y == .wj || a == .wj { return .prohibited }
        // LB12, LB12a
        if a == .gl { return .prohibited }
        if y == .gl && a != .sp && a != .ba && a != .hy { return .prohibited }
        // LB13
        switch y {
        case .cl, .cp, .ex, .is, .sy: return .prohibited
        default: break
        }
        let afterSpaces = a == .sp ? spaceBase : a
        // LB14: OP SP* ×
        if afterSpaces == .op { return .prohibited }
        // LB15: QU SP* × OP
        if y == .op && afterSpaces == .qu { return .prohibited }
        // LB16: (CL | CP) SP* × NS
        if y == .ns && (afterSpaces == .cl || afterSpaces == .cp) { return .prohibited }
        // LB17: B2 SP* × B2
        if y == .b2 && afterSpaces == .b2 { return .prohibited }
        // LB18: SP ÷
        if a == .sp { return .allowed }
        // LB19
        if y == .qu || a == .qu { return .prohibited }
        // LB20
        if y == .cb || a == .cb { return .allowed }
        // LB21
        if y == .ba || y == .hy || y == .ns || a == .bb { return .prohibited }
        // LB21a: HL (HY | BA) ×
        if (a == .hy || a == .ba) && a2 == .hl { return .prohibited }
        // LB21b
        if a == .sy && y == .hl { return .prohibited }
        // LB22
        if y == .in { return .prohibited }
        // LB23
        if (a == .al || a == .hl) && y == .nu { return .prohibited }
        if a == .nu && (y == .al || y == .hl) { return .prohibited }
        // LB23a
        if a == .pr && (y == .id || y == .eb || y == .em) { return .prohibited }
        if (a == .id || a == .eb || a == .em) && y == .po { return .prohibited }
        // LB24
        if (a == .pr || a == .po) && (y == .al || y == .hl) { return .prohibited }
        if (a == .al || a == .hl) && (y == .pr || y == .po) { return .prohibited }
        // LB25.01: (PR | PO) × (OP | HY)? NU
        if a == .pr || a == .po {
            if y == .nu { return .prohibited }
            if (y == .op || y == .hy) && nextIsNumber { return .prohibited }
        }
        // LB25.02: (OP | HY) × NU
        if (a == .op || a == .hy) && y == .nu { return .prohibited }
        // LB25.03, 25.04: NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)
        if inNumber && (y == .nu || y == .sy || y == .is || y == .cl || y == .cp) { return .prohibited }
        // LB25.05: NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if (inNumber || closeAfterNumber) && (y == .po || y == .pr) { return .prohibited }
        // LB26
        switch (a, y) {
        case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3): return .prohibited
        case (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt): return .prohibited
        case (.jt, .jt), (.h3, .jt): return .prohibited
        default: break
        }
        // LB27
        switch a {
        case .jl, .jv, .jt, .h2, .h3: if y == .po { return .prohibited }
        case .pr:
            switch y {
            case .jl, .jv, .jt, .h2, .h3: return .prohibited
            default: break
            }
        default: break
        }
        // LB28
        if (a == .al || a == .hl) && (y == .al || y == .hl) { return .prohibited }
        // LB29
        if a == .is && (y == .al || y == .hl) { return .prohibited }
        // LB30: (AL | HL | NU) × OP, CP × (AL | HL | NU), for OP and CP not East Asian F, W or H.
        if (a == .al || a == .hl || a == .nu) && y == .op && !wide { return .prohibited }
        if a == .cp && !aWide && (y == .al || y == .hl || y == .nu) { return .prohibited }
        // LB30a: RI × RI after an odd number of RI.
        if a == .ri && y == .ri && regionalIndicators % 2 == 1 { return .prohibited }
        // LB30b: EB × EM; [Extended_Pictographic & Cn] × EM
        if y == .em && (a == .eb || aPictographicUnassigned) { return .prohibited }
        // LB31
        return .allowed
    }

    /// Moves past a scalar of class `raw`, effective class `y` (after LB10).
    private mutating func advance(_ raw: LineBreakClass, _ y: LineBreakClass, _ wide: Bool, _ pictographic: Bool) {
        if y == .sp && a != .sp { spaceBase = a }
        regionalIndicators = y == .ri ? regionalIndicators + 1 : 0
        closeAfterNumber = inNumber && (y == .cl || y == .cp)
        inNumber = y == .nu || (inNumber && (y == .sy || y == .is))
        a2 = a
        a = y
        aWide = wide
        aPictographicUnassigned = pictographic
        lastRaw = raw
    }
}
