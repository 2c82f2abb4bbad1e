@testable import LineBreak

/// A deliberately plain transcription of the UAX #14 rules (Unicode 15.0, numbers tailored as in
/// LineBreakTest.txt's LB25.01–25.05), rule by rule, over whole arrays: no state machine, no
/// tables beyond the class lookup. It is slow and obviously shaped like the specification, so
/// the optimised `LineBreakIterator` is checked against it on random text.
enum ReferenceLineBreaker {
    enum Outcome: Equatable { case prohibited, allowed, mandatory }

    /// For each position `1...scalars.count` (the break before scalar `i`, or the end), the
    /// outcome. Position 0 (LB2) is not included.
    static func outcomes(_ scalars: [Unicode.Scalar]) -> [Outcome] {
        let n = scalars.count
        guard n > 0 else { return [] }
        let codes = scalars.map { LineBreakTables.code($0.value) }
        let raw = codes.map { LineBreakTables.resolvedClass(ofCode: $0) }

        // LB9 / LB10: absorbed combining marks take their base's class and flags.
        var absorbed = [Bool](repeating: false, count: n)
        var cls = raw
        // Flags: 0x40 East Asian wide OP or CP (LB30), 0x80 unassigned Extended_Pictographic (LB30b).
        var flags: [UInt8] = codes.map { code in
            switch code {
            case LineBreakTables.opWide, LineBreakTables.cpWide: 0x40
            case LineBreakTables.idPictographicUnassigned: 0x80
            default: 0
            }
        }
        for i in 0..<n where raw[i] == .cm || raw[i] == .zwj {
            if i > 0 && ![.bk, .cr, .lf, .nl, .sp, .zw].contains(cls[i - 1]) {
                absorbed[i] = true
                cls[i] = cls[i - 1]
                flags[i] = flags[i - 1]
            } else {
                cls[i] = .al
                flags[i] = 0
            }
        }
        // The collapsed sequence: one unit per non-absorbed scalar.
        var units: [(cls: LineBreakClass, flags: UInt8)] = []
        var unitOf = [Int](repeating: 0, count: n)
        for i in 0..<n {
            if !absorbed[i] { units.append((cls[i], flags[i])) }
            unitOf[i] = units.count - 1
        }

        var result: [Outcome] = []
        for i in 1...n {
            result.append(decide(at: i, raw: raw, absorbed: absorbed, units: units, unitOf: unitOf))
        }
        return result
    }

    /// Break offsets (scalar positions) with their mandatory flags, like `lineBreakScalarOffsets`.
    static func breaks(_ scalars: [Unicode.Scalar]) -> [(offset: Int, isMandatory: Bool)] {
        outcomes(scalars).enumerated().compactMap { index, outcome in
            outcome == .prohibited ? nil : (index + 1, outcome == .mandatory)
        }
    }

    private static func decide(
        at i: Int, raw: [LineBreakClass], absorbed: [Bool],
        units: [(cls: LineBreakClass, flags: UInt8)], unitOf: [Int]
    ) -> Outcome {
        let n = raw.count
        let before = raw[i - 1]
        // LB3: always break at the end (mandatory if the text ends with a hard break).
        if i == n { return [.bk, .cr, .lf, .nl].contains(before) ? .mandatory : .allowed }
        let after = raw[i]
        // LB4, LB5
        if before == .bk { return .mandatory }
        if before == .cr && after == .lf { return .prohibited }
        if before == .cr || before == .lf || before == .nl { return .mandatory }
        // LB6
        if [.bk, .cr, .lf, .nl].contains(after) { return .prohibited }
        // LB7
        if after == .sp || after == .zw { return .prohibited }
        // LB8: ZW SP* ÷
        var j = i - 1
        while j > 0 && raw[j] == .sp { j -= 1 }
        if raw[j] == .zw { return .allowed }
        // LB8a
        if before == .zwj { return .prohibited }
        // LB9
        if absorbed[i] { return .prohibited }

        // From here on, work on the collapsed units: `u` is the unit after the position.
        let u = unitOf[i]
        let a = units[u - 1].cls
        let aFlags = units[u - 1].flags
        let b = units[u].cls
        let bFlags = units[u].flags
        func unitClass(_ k: Int) -> LineBreakClass? { k >= 0 && k < units.count ? units[k].cls : nil }
        /// The class before the run of spaces that ends at unit u − 1 (or that unit itself).
        var k = u - 1
        while k >= 0 && units[k].cls == .sp { k -= 1 }
        let beforeSpaces = unitClass(k)

        // LB11
        if b == .wj || a == .wj { return .prohibited }
        // LB12, LB12a
        if a == .gl { return .prohibited }
        if b == .gl && ![.sp, .ba, .hy].contains(a) { return .prohibited }
        // LB13
        if [.cl, .cp, .ex, .is, .sy].contains(b) { return .prohibited }
        // LB14: OP SP* ×
        if beforeSpaces == .op { return .prohibited }
        // LB15: QU SP* × OP
        if beforeSpaces == .qu && b == .op { return .prohibited }
        // LB16: (CL | CP) SP* × NS
        if (beforeSpaces == .cl || beforeSpaces == .cp) && b == .ns { return .prohibited }
        // LB17: B2 SP* × B2
        if beforeSpaces == .b2 && b == .b2 { return .prohibited }
        // LB18
        if a == .sp { return .allowed }
        // LB19
        if b == .qu || a == .qu { return .prohibited }
        // LB20
        if b == .cb || a == .cb { return .allowed }
        // LB21
        if [.ba, .hy, .ns].contains(b) || a == .bb { return .prohibited }
        // LB21a: HL (HY | BA) ×
        if (a == .hy || a == .ba) && unitClass(u - 2) == .hl { return .prohibited }
        // LB21b
        if a == .sy && b == .hl { return .prohibited }
        // LB22
        if b == .in { return .prohibited }
        // LB23
        if (a == .al || a == .hl) && b == .nu { return .prohibited }
        if a == .nu && (b == .al || b == .hl) { return .prohibited }
        // LB23a
        if a == .pr && [.id, .eb, .em].contains(b) { return .prohibited }
        if [.id, .eb, .em].contains(a) && b == .po { return .prohibited }
        // LB24
        if (a == .pr || a == .po) && (b == .al || b == .hl) { return .prohibited }
        if (a == .al || a == .hl) && (b == .pr || b == .po) { return .prohibited }
        // LB25.01: (PR | PO) × (OP | HY)? NU
        if a == .pr || a == .po {
            if b == .nu { return .prohibited }
            if (b == .op || b == .hy) && unitClass(u + 1) == .nu { return .prohibited }
        }
        // LB25.02: (OP | HY) × NU
        if (a == .op || a == .hy) && b == .nu { return .prohibited }
        // LB25.03, LB25.04: NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)
        let numberBeforeB = endsWithNumber(units, through: u - 1)
        if numberBeforeB && [.nu, .sy, .is, .cl, .cp].contains(b) { return .prohibited }
        // LB25.05: NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if b == .po || b == .pr {
            if numberBeforeB { return .prohibited }
            if (a == .cl || a == .cp) && endsWithNumber(units, through: u - 2) { return .prohibited }
        }
        // LB26
        if a == .jl && [.jl, .jv, .h2, .h3].contains(b) { return .prohibited }
        if (a == .jv || a == .h2) && (b == .jv || b == .jt) { return .prohibited }
        if (a == .jt || a == .h3) && b == .jt { return .prohibited }
        // LB27
        if [.jl, .jv, .jt, .h2, .h3].contains(a) && b == .po { return .prohibited }
        if a == .pr && [.jl, .jv, .jt, .h2, .h3].contains(b) { return .prohibited }
        // LB28
        if (a == .al || a == .hl) && (b == .al || b == .hl) { return .prohibited }
        // LB29
        if a == .is && (b == .al || b == .hl) { return .prohibited }
        // LB30: East Asian wide OP and CP are excluded (flag bit 0x40).
        if [.al, .hl, .nu].contains(a) && b == .op && bFlags & 0x40 == 0 { return .prohibited }
        if a == .cp && aFlags & 0x40 == 0 && [.al, .hl, .nu].contains(b) { return .prohibited }
        // LB30a: an odd number of RI before.
        if a == .ri && b == .ri {
            var count = 0
            var r = u - 1
            while r >= 0 && units[r].cls == .ri { count += 1; r -= 1 }
            if count % 2 == 1 { return .prohibited }
        }
        // LB30b: EB × EM; [Extended_Pictographic & Cn] × EM (flag bit 0x80).
        if b == .em && (a == .eb || aFlags & 0x80 != 0) { return .prohibited }
        // LB31
        return .allowed
    }

    /// Whether the units through `last` end with `NU (NU | SY | IS)*`.
    private static func endsWithNumber(_ units: [(cls: LineBreakClass, flags: UInt8)], through last: Int) -> Bool {
        var k = last
        while k >= 0 {
            switch units[k].cls {
            case .nu: return true
            case .sy, .is: k -= 1
            default: return false
            }
        }
        return false
    }
}
