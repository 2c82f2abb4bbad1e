/// The break opportunities of a UTF-8 text, in order, by the default Unicode Line Breaking
/// Algorithm (UAX #14, Unicode 15.0, with the tailoring of numbers of its Example 7 that the
/// Unicode conformance test `LineBreakTest.txt` uses).
///
/// Never breaks at offset 0 (LB2); always reports a break at the end of a non-empty text (LB3).
/// The iterator reads the buffer directly and never allocates; the buffer must stay valid while
/// it is used and must hold valid UTF-8 (as every Swift `String` does).
///
/// ```swift
/// var text = "Hello, world!\nBye"
/// text.withUTF8 { bytes in
///     for opportunity in LineBreakIterator(utf8: bytes) { print(opportunity) }
/// }
/// ```
///
/// - Complexity: O(n) over the whole text, O(1) amortised per `next()`.
public struct LineBreakIterator: IteratorProtocol, Sequence {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let tables = LineBreakTables.shared
    @usableFromInline let pairs: LineBreakPairTable
    /// Offset of the next scalar to read.
    @usableFromInline var position = 0
    @usableFromInline var finished = false

    // Rule state. `a` is the class of the previous character after LB9/LB10 (combining marks
    // folded into their base), `a2` the one before it, `lastRaw` the class of the previous
    // scalar itself, `spaceBase` the class before the current run of spaces.
    @usableFromInline var a = LineBreakClass.sot
    @usableFromInline var a2 = LineBreakClass.sot
    @usableFromInline var lastRaw = LineBreakClass.sot
    @usableFromInline var spaceBase = LineBreakClass.sot
    @usableFromInline var aFlags: UInt8 = 0
    @usableFromInline var regionalIndicators = 0
    @usableFromInline var inNumber = false
    @usableFromInline var closeAfterNumber = false

    /// Offset where the run of white space (SP, BK, CR, LF, NL, and the BA white space of
    /// `isBreakingWhiteSpace`) ending at `position` began, or −1.
    @usableFromInline var whitespaceRun = -1
    /// For the break last returned: where the white space before it began (== its offset if none).
    @usableFromInline var lastBreakWhitespaceStart = 0

    /// Creates an iterator over valid UTF-8.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        self.bytes = utf8
        self.pairs = LineBreakPairTable.shared
    }

    /// An iterator used only to evaluate the rules while the pair table is being built.
    init(evaluatingRulesWith pairs: LineBreakPairTable) {
        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
        self.pairs = pairs
    }

    @usableFromInline enum Decision { case prohibited, allowed, mandatory }

    /// The next break opportunity, or `nil` after the end of the text.
    @inlinable
    public mutating func next() -> LineBreakOpportunity? {
        let n = bytes.count
        while position < n {
            // Fast path: runs of ASCII letters after a letter never break (LB28) and leave the
            // state as it is.
            if lastRaw == .al && a == .al {
                while position < n {
                    let b = bytes[position]
                    if b >= 0x80 || tables.ascii[Int(b)] != LineBreakClass.al.rawValue { break }
                    position &+= 1
                }
                if position >= n { break }
            }
            let start = position
            let value: UInt32
            let b0 = bytes[start]
            if b0 < 0x80 {
                value = UInt32(b0)
                position = start &+ 1
            } else {
                (value, position) = LineBreakIterator.decode(bytes, b0, start)
            }
            let entry = tables.entry(value)
            let y = unsafeBitCast(entry & 0x3F, to: LineBreakClass.self)
            let isSpace = y == .sp || y.isHardBreak || (y == .ba && LineBreakIterator.isBreakingWhiteSpace(value))
            let runBefore = whitespaceRun
            whitespaceRun = isSpace ? (runBefore >= 0 ? runBefore : start) : -1
            if start == 0 {
                begin(y, entry)
                continue
            }
            switch step(y, entry) {
            case .prohibited: continue
            case .allowed:
                lastBreakWhitespaceStart = runBefore >= 0 ? runBefore : start
                return LineBreakOpportunity(offset: start, isMandatory: false)
            case .mandatory:
                lastBreakWhitespaceStart = runBefore >= 0 ? runBefore : start
                return LineBreakOpportunity(offset: start, isMandatory: true)
            }
        }
        if finished || n == 0 { return nil }
        finished = true
        lastBreakWhitespaceStart = whitespaceRun >= 0 ? whitespaceRun : n
        return LineBreakOpportunity(offset: n, isMandatory: lastRaw.isHardBreak)
    }

    /// Decodes a multi-byte scalar starting with lead byte `b0` at `i`.
    @inlinable @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ b0: UInt8, _ i: Int) -> (UInt32, Int) {
        let lead = UInt32(b0)
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F), i &+ 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F), i &+ 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[i &+ 1] & 0x3F) << 12 | UInt32(bytes[i &+ 2] & 0x3F) << 6
                | UInt32(bytes[i &+ 3] & 0x3F), i &+ 4
        )
    }

    /// White-space characters of class BA (a line may break after them): tab, Ogham space mark,
    /// the en/em/thin/hair spaces (not the figure space, which is GL), the medium mathematical
    /// space and the ideographic space U+3000.
    @inlinable @inline(__always)
    static func isBreakingWhiteSpace(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x1680 || (value >= 0x2000 && value <= 0x200A && value != 0x2007)
            || value == 0x205F || value == 0x3000
    }

    /// The first scalar of the text.
    @inlinable
    mutating func begin(_ y: LineBreakClass, _ entry: UInt8) {
        lastRaw = y
        let effective: LineBreakClass = (y == .cm || y == .zwj) ? .al : y  // LB10 at start of text
        a2 = .sot
        a = effective
        aFlags = entry & 0xC0
        spaceBase = .sot
        regionalIndicators = effective == .ri ? 1 : 0
        inNumber = effective == .nu
        closeAfterNumber = false
    }

    /// Decides the break before a scalar of class `raw` and folds it into the state.
    @inlinable
    mutating func step(_ raw: LineBreakClass, _ entry: UInt8) -> Decision {
        let x = lastRaw
        // Fast path: most class pairs decide the same way whatever the rest of the state is;
        // the pair table (built from the rules below) says which, and how.
        if !x.isHardBreak && x != .zwj && raw != .cm && raw != .zwj {
            let action = pairs.action(a, raw)
            if action != LineBreakPairTable.contextual {
                advance(raw, raw, entry)
                return action == LineBreakPairTable.allowed ? .allowed : .prohibited
            }
        }
        return slowStep(raw, entry)
    }

    /// The full rules LB4–LB31 for the break before a scalar of class `raw`.
    @inlinable
    mutating func slowStep(_ raw: LineBreakClass, _ entry: UInt8) -> Decision {
        let x = lastRaw
        // LB4, LB5: after hard breaks (CR × LF).
        if x == .bk || x == .lf || x == .nl || (x == .cr && raw != .lf) {
            advance(raw, raw == .cm || raw == .zwj ? .al : raw, entry)
            return .mandatory
        }
        if x == .cr {  // CR × LF
            advance(raw, raw, entry)
            return .prohibited
        }
        // LB6, LB7
        if raw.isHardBreak || raw == .sp || raw == .zw {
            advance(raw, raw, entry)
            return .prohibited
        }
        // LB8: ZW SP* ÷
        if followsZeroWidthSpace {
            advance(raw, raw == .cm || raw == .zwj ? .al : raw, entry)
            return .allowed
        }
        // LB9: X (CM | ZWJ)* → X, unless X is a space or a break.
        if raw == .cm || raw == .zwj {
            switch a {
            case .bk, .cr, .lf, .nl, .sp, .zw: break
            default:
                lastRaw = raw
                return .prohibited  // LB8a (after ZWJ) and LB9 both say ×
            }
        }
        // LB8a: ZWJ ×
        if x == .zwj {
            advance(raw, raw == .cm || raw == .zwj ? .al : raw, entry)
            return .prohibited
        }
        // LB10: a remaining CM or ZWJ is AL.
        let y: LineBreakClass = (raw == .cm || raw == .zwj) ? .al : raw
        let decision = decide(y, entry)
        advance(raw, y, entry)
        return decision
    }

    /// LB8's left side: a ZW, possibly followed by spaces.
    @inlinable
    var followsZeroWidthSpace: Bool { a == .zw || (a == .sp && spaceBase == .zw) }

    /// Rules LB6–LB31 (without the combining-mark and ZWJ rules LB8a–LB10) between the
    /// effective previous class `a` and `y`: what the pair table is built from.
    @inlinable
    func decidePair(_ y: LineBreakClass, _ entry: UInt8) -> Decision {
        if y.isHardBreak || y == .sp || y == .zw { return .prohibited }
        if followsZeroWidthSpace { return .allowed }
        return decide(y, entry)
    }

    /// Rules LB11–LB31 between the effective previous class `a` and `y`.
    @inlinable
    func decide(_ y: LineBreakClass, _ entry: UInt8) -> Decision {
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
        // LB18
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
        // LB25, as tailored in UAX #14 Example 7 (what LineBreakTest.txt checks).
        if a == .pr || a == .po {
            if y == .nu { return .prohibited }
            if (y == .op || y == .hy) && nextEffectiveClass() == .nu { return .prohibited }
        }
        if (a == .op || a == .hy) && y == .nu { return .prohibited }
        if inNumber && (y == .nu || y == .sy || y == .is || y == .cl || y == .cp) { return .prohibited }
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
        // LB30: (AL | HL | NU) × OP, CP × (AL | HL | NU), OP and CP not East Asian F, W or H.
        if (a == .al || a == .hl || a == .nu) && y == .op && entry & 0x40 == 0 { return .prohibited }
        if a == .cp && aFlags & 0x40 == 0 && (y == .al || y == .hl || y == .nu) { return .prohibited }
        // LB30a: pairs of regional indicators.
        if a == .ri && y == .ri && regionalIndicators & 1 == 1 { return .prohibited }
        // LB30b: EB × EM, [Extended_Pictographic & Cn] × EM
        if y == .em && (a == .eb || aFlags & 0x80 != 0) { return .prohibited }
        // LB31
        return .allowed
    }

    /// Folds a scalar (raw class `raw`, effective class `y`) into the state.
    @inlinable @inline(__always)
    mutating func advance(_ raw: LineBreakClass, _ y: LineBreakClass, _ entry: UInt8) {
        if y == .sp && a != .sp { spaceBase = a }
        regionalIndicators = y == .ri ? regionalIndicators &+ 1 : 0
        closeAfterNumber = inNumber && (y == .cl || y == .cp)
        inNumber = y == .nu || (inNumber && (y == .sy || y == .is))
        a2 = a
        a = y
        aFlags = entry & 0xC0
        lastRaw = raw
    }

    /// The class of the next scalar after `position` that is not CM or ZWJ (LB25's lookahead).
    @inlinable
    func nextEffectiveClass() -> LineBreakClass {
        var i = position
        while i < bytes.count {
            let b0 = bytes[i]
            let value: UInt32
            if b0 < 0x80 {
                value = UInt32(b0)
                i &+= 1
            } else {
                (value, i) = LineBreakIterator.decode(bytes, b0, i)
            }
            let c = unsafeBitCast(tables.entry(value) & 0x3F, to: LineBreakClass.self)
            if c != .cm && c != .zwj { return c }
        }
        return .eot
    }
}

extension LineBreakClass {
    /// Start of text, a state only (never a character's class).
    @usableFromInline static let sot = LineBreakClass.xx
    /// End of text, a state only.
    @usableFromInline static let eot = LineBreakClass.sg

    /// BK, CR, LF or NL: a line must end after it.
    @inlinable
    public var isHardBreak: Bool {
        self == .bk || self == .cr || self == .lf || self == .nl
    }
}
