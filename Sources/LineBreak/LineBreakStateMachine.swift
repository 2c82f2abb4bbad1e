/// UAX #14 as a deterministic finite automaton over input codes (`LineBreakTables`): one table
/// load per scalar decides the break before it and gives the next state.
///
/// The automaton is not written by hand: `builtFromRules()` runs the rules of
/// `LineBreakRuleState` from the start state over every input code, breadth first, identifying
/// contexts by their `canonical` form, until no new state appears (a few dozen). The result is
/// kept in `Generated/LineBreakAutomatonData.swift` (written by `generate-automaton.sh`), which
/// `shared` decodes: building it took a quarter of the command-line tool's start-up. A test
/// requires the generated data to equal a fresh build, so the hot path cannot disagree with the
/// rules. The one rule that looks ahead, LB25.01 (`PR × OP NU`), is left to the iterator, marked
/// by the action `lookahead`.
@usableFromInline
struct LineBreakStateMachine: @unchecked Sendable {  // immutable after creation
    /// No break before the scalar.
    @inlinable static var prohibited: Int { 0 }
    /// A break is allowed before the scalar.
    @inlinable static var allowed: Int { 1 }
    /// A break is required before the scalar.
    @inlinable static var mandatory: Int { 2 }
    /// Allowed, unless the next character that is not CM or ZWJ is NU (LB25.01).
    @inlinable static var lookahead: Int { 3 }

    /// Rows of `LineBreakTables.codeCount` entries, one row per state; the entry for input code
    /// `c` in the state whose row starts at `r` is at `r + c`. Each entry is the next state's row
    /// start (bits 0–13) and the action (bits 14–15).
    @usableFromInline let transitions: UnsafePointer<UInt16>
    /// Per state (row start >> 6): whether the text must break at its end if it ends there.
    @usableFromInline let mandatoryAtEnd: UnsafePointer<Bool>
    /// The row of the state after a letter (AL) that follows a letter: where runs of ASCII letters
    /// neither break nor change state.
    @usableFromInline let letterRow: Int
    /// The row of the state after a space (SP) and a letter (AL) read in `letterRow`, when that
    /// space prohibits a break before it and the letter allows one before it (a word, a space
    /// and the next word's first letter: the common step of Latin text), else −1. Read from
    /// `transitions` (`spaceLetterRow(transitions:letterRow:)`), so that the iterator may take
    /// the two transitions at once.
    @usableFromInline let spaceLetterRow: Int
    /// The input codes (a bit each; codes are below `LineBreakTables.codeCount`, 64) that, read
    /// in `letterRow`, prohibit a break before them, leave the automaton in `letterRow` and are
    /// not white space: letters and the marks on them. The iterator skips runs of them beyond
    /// ASCII (`LineBreakIterator.skipLetterRun`) as it skips ASCII letters.
    @usableFromInline let letterRunCodes: UInt64
    /// The input codes that, read in `spaceLetterRow`, prohibit a break before them, lead to
    /// `letterRow` and are not white space (the second letter of a word); 0 when
    /// `spaceLetterRow` is −1.
    @usableFromInline let spaceLetterRunCodes: UInt64
    /// The row of the state after an ideograph (ID) read in the start state: where a run of
    /// ideographs breaks before each one and stays (see `continuesIdeographicRun`). A constant,
    /// so that testing for it after every segment costs no load; the automaton is built in
    /// the same order from the same tables every time, and `init` checks the value.
    @inlinable static var ideographRow: Int { 2112 }
    /// The number of states.
    let stateCount: Int

    /// The row of the start state.
    @inlinable static var startRow: Int { 0 }

    /// The shared automaton (the generated one).
    @usableFromInline static let shared = LineBreakStateMachine(
        transitions: LineBreakTables.decodeBase64(LineBreakAutomatonData.transitionsBase64),
        mandatoryAtEnd: LineBreakTables.decodeBase64(LineBreakAutomatonData.mandatoryAtEndBase64),
        letterRow: LineBreakAutomatonData.letterRow)

    /// The automaton built from the rules (what `Generated/LineBreakAutomatonData.swift` holds).
    package static func builtFromRules() -> LineBreakStateMachine {
        LineBreakStateMachine(buildingFromRules: ())
    }

    /// An automaton from its tables: `transitions` as little-endian 16-bit entries, one byte per
    /// state for `mandatoryAtEnd`.
    private init(transitions bytes: [UInt8], mandatoryAtEnd ends: [UInt8], letterRow: Int) {
        let codes = LineBreakTables.codeCount
        precondition(bytes.count == ends.count * codes * 2, "corrupt line-break automaton")
        let transitions = UnsafeMutablePointer<UInt16>.allocate(capacity: bytes.count / 2)
        for i in 0..<bytes.count / 2 {
            transitions[i] = UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8
        }
        let mandatoryAtEnd = UnsafeMutablePointer<Bool>.allocate(capacity: ends.count)
        for (i, end) in ends.enumerated() { mandatoryAtEnd[i] = end != 0 }
        self.transitions = UnsafePointer(transitions)
        self.mandatoryAtEnd = UnsafePointer(mandatoryAtEnd)
        self.letterRow = letterRow
        self.spaceLetterRow = LineBreakStateMachine.spaceLetterRow(transitions: self.transitions, letterRow: letterRow)
        self.letterRunCodes = LineBreakStateMachine.letterRunCodes(transitions: self.transitions, letterRow: letterRow)
        self.spaceLetterRunCodes = spaceLetterRow < 0 ? 0 : LineBreakStateMachine.letterRunCodes(
            transitions: self.transitions, from: spaceLetterRow, letterRow: letterRow)
        self.stateCount = ends.count
    }

    private init(buildingFromRules: ()) {
        let codes = LineBreakTables.codeCount
        var states = [LineBreakRuleState()]
        var ids = [LineBreakRuleState(): 0]
        var table: [UInt16] = []
        var next = 0
        while next < states.count {
            let state = states[next]
            next += 1
            for code in 0..<codes {
                // Codes no table entry holds behave as AL, so every row is complete.
                let input = LineBreakStateMachine.isUsed(code) ? UInt8(code) : LineBreakClass.al.rawValue
                var whenNumber = state
                var otherwise = state
                let ifNumber = whenNumber.step(input, nextIsNumber: true)
                let decision = otherwise.step(input, nextIsNumber: false)
                precondition(whenNumber == otherwise, "the lookahead changed the state")
                let action: Int
                switch (decision, ifNumber) {
                case (.prohibited, .prohibited): action = LineBreakStateMachine.prohibited
                case (.allowed, .allowed): action = LineBreakStateMachine.allowed
                case (.mandatory, .mandatory): action = LineBreakStateMachine.mandatory
                case (.allowed, .prohibited): action = LineBreakStateMachine.lookahead
                default: preconditionFailure("unexpected lookahead outcome \(decision) / \(ifNumber)")
                }
                let target = otherwise.canonical
                let id: Int
                if let known = ids[target] {
                    id = known
                } else {
                    id = states.count
                    ids[target] = id
                    states.append(target)
                }
                table.append(UInt16(id * codes | action << 14))
            }
        }
        precondition(states.count * codes <= 1 << 14, "too many line-breaking states")
        let transitions = UnsafeMutablePointer<UInt16>.allocate(capacity: table.count)
        transitions.initialize(from: table, count: table.count)
        let mandatoryAtEnd = UnsafeMutablePointer<Bool>.allocate(capacity: states.count)
        for (i, state) in states.enumerated() { mandatoryAtEnd[i] = state.endsWithHardBreak }
        // The state after two letters.
        var letters = LineBreakRuleState()
        _ = letters.step(LineBreakClass.al.rawValue, nextIsNumber: false)
        _ = letters.step(LineBreakClass.al.rawValue, nextIsNumber: false)
        let letterRow = ids[letters.canonical]! * codes
        precondition(
            Int(table[letterRow + Int(LineBreakClass.al.rawValue)]) == letterRow,
            "a letter after a letter must neither break nor change state")
        var ideograph = LineBreakRuleState()
        _ = ideograph.step(LineBreakClass.id.rawValue, nextIsNumber: false)
        let ideographRow = ids[ideograph.canonical]! * codes
        precondition(
            ideographRow == LineBreakStateMachine.ideographRow,
            "the state after an ideograph is row \(ideographRow): update LineBreakStateMachine.ideographRow")
        precondition(
            Int(table[ideographRow + Int(LineBreakClass.id.rawValue)]) == ideographRow | LineBreakStateMachine.allowed << 14,
            "an ideograph after an ideograph must allow a break and keep the state")
        self.transitions = UnsafePointer(transitions)
        self.mandatoryAtEnd = UnsafePointer(mandatoryAtEnd)
        self.letterRow = letterRow
        self.spaceLetterRow = LineBreakStateMachine.spaceLetterRow(transitions: self.transitions, letterRow: letterRow)
        self.letterRunCodes = LineBreakStateMachine.letterRunCodes(transitions: self.transitions, letterRow: letterRow)
        self.spaceLetterRunCodes = spaceLetterRow < 0 ? 0 : LineBreakStateMachine.letterRunCodes(
            transitions: self.transitions, from: spaceLetterRow, letterRow: letterRow)
        self.stateCount = states.count
    }

    /// `spaceLetterRow` of the automaton whose tables are `transitions`: the row reached from
    /// `letterRow` by SP and then AL, when SP prohibits a break before it and AL plainly allows
    /// one (neither mandatory nor LB25.01's lookahead), else −1.
    private static func spaceLetterRow(transitions: UnsafePointer<UInt16>, letterRow: Int) -> Int {
        let space = Int(transitions[letterRow + Int(LineBreakClass.sp.rawValue)])
        guard space &>> 14 == prohibited else { return -1 }
        let letter = Int(transitions[(space & 0x3FFF) + Int(LineBreakClass.al.rawValue)])
        guard letter &>> 14 == allowed else { return -1 }
        return letter & 0x3FFF
    }

    /// `letterRunCodes` (`row`: `letterRow`) or `spaceLetterRunCodes` (`row`: `spaceLetterRow`)
    /// of the automaton whose tables are `transitions`: each code whose entry in `row` is
    /// `letterRow` with the action `prohibited`, and that is not in `whitespaceCodes`.
    private static func letterRunCodes(transitions: UnsafePointer<UInt16>, from row: Int? = nil, letterRow: Int) -> UInt64 {
        let row = row ?? letterRow
        var codes: UInt64 = 0
        for code in 0..<LineBreakTables.codeCount
        where whitespaceCodes &>> UInt64(code) & 1 == 0
            && Int(transitions[row + code]) == letterRow | prohibited << 14
        {
            codes |= 1 << UInt64(code)
        }
        return codes
    }

    /// Whether input `code`, read in the state after an ideograph, allows a break before it
    /// (plainly: neither mandatory nor LB25.01's lookahead) and leaves the automaton in that
    /// same state, and is not white space that may hang: then a run of such scalars is one
    /// segment per scalar, with no state to carry but the row.
    func continuesIdeographicRun(_ code: UInt8) -> Bool {
        guard LineBreakStateMachine.whitespaceCodes &>> UInt64(code) & 1 == 0 else { return false }
        let ideographRow = LineBreakStateMachine.ideographRow
        return Int(transitions[ideographRow + Int(code)]) == ideographRow | LineBreakStateMachine.allowed << 14
    }

    /// Whether input `code`, read in the state after an ideograph, prohibits a break before it,
    /// is not white space (nor ZW), and leads to a state where every code that `continuesIdeographicRun`
    /// allows a break before it and returns to the state after an ideograph (closing
    /// punctuation, small kana, the prolonged sound mark after kanji or kana).
    func closesIdeograph(_ code: UInt8) -> Bool {
        // Nor the zero width space (ZW), after which a break is allowed before anything, white
        // space too (LB8: `ZW SP* ÷`).
        guard LineBreakStateMachine.whitespaceCodes &>> UInt64(code) & 1 == 0, code != LineBreakClass.zw.rawValue
        else { return false }
        let ideographRow = LineBreakStateMachine.ideographRow
        let transition = Int(transitions[ideographRow + Int(code)])
        guard transition &>> 14 == LineBreakStateMachine.prohibited else { return false }
        let row = transition & 0x3FFF
        for next in 0..<LineBreakTables.codeCount where continuesIdeographicRun(UInt8(next)) {
            guard Int(transitions[row + next]) == ideographRow | LineBreakStateMachine.allowed << 14 else { return false }
        }
        return true
    }

    /// `closingCodes()` of `shared`, worked out once per process (on first use): what
    /// `closesClosedIdeograph` and `opensIdeograph` read for the shared machine.
    static let sharedClosingCodes = shared.closingCodes()

    /// The codes that `closesIdeograph` and may follow each other after an ideograph, any number
    /// of them (`closesClosedIdeograph`), and the states they lead to from there, `true` at their
    /// index (row start / `LineBreakTables.codeCount`): in each such state, every one of those
    /// codes prohibits a break before it, and every code that `continuesIdeographicRun` allows
    /// one and leads to the state after an ideograph. Found from every code that
    /// `closesIdeograph` by taking out, one at a time, the code most to blame for a failure —
    /// after a zero width space (ZW) a break is allowed before "。"; after "。" one is allowed
    /// before a postfix (PO) — until none fails.
    func closingCodes() -> (codes: UInt64, rows: [Bool]) {
        let codeCount = LineBreakTables.codeCount
        let ideographRow = LineBreakStateMachine.ideographRow
        var codes: UInt64 = 0
        for code in 0..<codeCount where closesIdeograph(UInt8(code)) { codes |= 1 << UInt64(code) }
        while true {
            // The states after one or more of `codes`, and the codes leading to each.
            var rows = [Bool](repeating: false, count: stateCount)
            var producers = [UInt64](repeating: 0, count: stateCount)
            var queue = [ideographRow]
            var next = 0
            while next < queue.count {
                let row = queue[next]
                next += 1
                for code in 0..<codeCount where codes &>> UInt64(code) & 1 != 0 {
                    let target = Int(transitions[row + code]) & 0x3FFF
                    producers[target / codeCount] |= 1 << UInt64(code)
                    if !rows[target / codeCount] {
                        rows[target / codeCount] = true
                        queue.append(target)
                    }
                }
            }
            // Each failure blames the code read and the codes leading to the state it is read in
            // (or the codes leading to a state the run does not go on from); the code blamed most
            // is taken out (the lowest of a tie), then the states are found again.
            var blame = [Int](repeating: 0, count: codeCount)
            func blameProducers(_ index: Int) {
                for code in 0..<codeCount where producers[index] &>> UInt64(code) & 1 != 0 { blame[code] += 1 }
            }
            for index in rows.indices where rows[index] {
                let row = index * codeCount
                for code in 0..<codeCount where codes &>> UInt64(code) & 1 != 0 {
                    if Int(transitions[row + code]) &>> 14 != LineBreakStateMachine.prohibited {
                        blame[code] += 1
                        blameProducers(index)
                    }
                }
                for code in 0..<codeCount where continuesIdeographicRun(UInt8(code)) {
                    if Int(transitions[row + code]) != ideographRow | LineBreakStateMachine.allowed << 14 {
                        blameProducers(index)
                    }
                }
            }
            guard let worst = blame.indices.max(by: { blame[$0] < blame[$1] || (blame[$0] == blame[$1] && $0 > $1) }),
                blame[worst] > 0
            else { return (codes, rows) }
            codes &= ~(1 << UInt64(worst))
        }
    }

    /// Whether input `code` is one of the codes that close an ideograph and may follow each other
    /// after it, any number of them (`closingCodes`: "」。", "ュー", "」！", "？」"), then the run
    /// goes on before the next scalar that `continuesIdeographicRun`. A piece of an ideograph
    /// and several closing scalars needs every one of them to be such a code.
    ///
    /// - Parameter closing: This machine's `closingCodes()` (worked out once by the caller:
    ///   `sharedClosingCodes` for `shared`).
    func closesClosedIdeograph(_ code: UInt8, closing: (codes: UInt64, rows: [Bool])) -> Bool {
        closing.codes &>> UInt64(code) & 1 != 0
    }

    /// Whether input `code`, read in the state after an ideograph or in any state after an
    /// ideograph and scalars that close it (`closingCodes`: codes that `closesClosedIdeograph`),
    /// plainly allows a break before it (neither mandatory nor LB25.01's lookahead), is not white
    /// space, and leads to one state in all of them, in which every code that
    /// `continuesIdeographicRun` prohibits a break before it and leads to the state after an
    /// ideograph (an opening bracket: "「" before "確" makes the segment "「確", then the run
    /// goes on).
    ///
    /// - Parameter closing: This machine's `closingCodes()` (worked out once by the caller:
    ///   `sharedClosingCodes` for `shared`).
    func opensIdeograph(_ code: UInt8, closing: (codes: UInt64, rows: [Bool])) -> Bool {
        guard LineBreakStateMachine.whitespaceCodes &>> UInt64(code) & 1 == 0 else { return false }
        let ideographRow = LineBreakStateMachine.ideographRow
        let target = Int(transitions[ideographRow + Int(code)])
        guard target &>> 14 == LineBreakStateMachine.allowed else { return false }
        let closed = closing.rows
        for index in closed.indices where closed[index] {
            guard Int(transitions[index * LineBreakTables.codeCount + Int(code)]) == target else { return false }
        }
        let row = target & 0x3FFF
        var any = false
        for next in 0..<LineBreakTables.codeCount where continuesIdeographicRun(UInt8(next)) {
            any = true
            guard Int(transitions[row + next]) == ideographRow | LineBreakStateMachine.prohibited << 14 else {
                return false
            }
        }
        return any
    }

    /// Whether the end of a text is no mandatory break (`mandatoryAtEnd`) in every state a piece
    /// of an ideographic run may end in: after an ideograph (or an opening scalar and one,
    /// `opensIdeograph`), after an ideograph and a code that `closesIdeograph`, and after an
    /// ideograph and codes that `closesClosedIdeograph` (`closing.rows`). Then a run that goes
    /// on to the end of the text ends with a segment whose break is not mandatory.
    ///
    /// - Parameter closing: This machine's `closingCodes()`.
    func ideographicRunEndsPlainly(closing: (codes: UInt64, rows: [Bool])) -> Bool {
        ideographicPieceEndRows(closing: closing).allSatisfy { !mandatoryAtEnd[$0 / LineBreakTables.codeCount] }
    }

    /// The row starts of the states a piece of an ideographic run may end in: after an
    /// ideograph (or an opening scalar and one, `opensIdeograph`), after an ideograph and a code
    /// that `closesIdeograph`, and after an ideograph and codes that `closesClosedIdeograph`
    /// (`closing.rows`).
    func ideographicPieceEndRows(closing: (codes: UInt64, rows: [Bool])) -> [Int] {
        let codeCount = LineBreakTables.codeCount
        let ideographRow = LineBreakStateMachine.ideographRow
        var rows = [ideographRow]
        for code in 0..<codeCount where closesIdeograph(UInt8(code)) {
            rows.append(Int(transitions[ideographRow + code]) & 0x3FFF)
        }
        for index in closing.rows.indices where closing.rows[index] { rows.append(index * codeCount) }
        return rows
    }

    /// The codes of white space (SP, the BA white space such as U+3000; not the mandatory
    /// breaks) after which an ideographic run goes on, as a bit set: each such code, read any
    /// number of times (not mixed with another: after a space, a break is allowed before
    /// U+3000) from every state a piece of the run may end in (`ideographicPieceEndRows`),
    /// prohibits a break before each, and then every code that `continuesIdeographicRun`
    /// plainly allows a break before it and leads to the state after an ideograph. A piece,
    /// such white space and an ideograph then make a segment whose white space is those
    /// scalars, and the run goes on at the ideograph ("。　次", "ます 次").
    func ideographicRunWhitespaceCodes(closing: (codes: UInt64, rows: [Bool])) -> UInt64 {
        LineBreakStateMachine.ideographicRunWhitespaceCandidates.reduce(0) { codes, code in
            guard let rows = statesAfter([code], from: ideographicPieceEndRows(closing: closing)),
                entersIdeographicRun(from: rows, action: LineBreakStateMachine.allowed)
            else { return codes }
            return codes | 1 << UInt64(code)
        }
    }

    /// The codes `ideographicRunWhitespaceCodes` tries: SP and the BA white space.
    static let ideographicRunWhitespaceCandidates = [Int(LineBreakClass.sp.rawValue), Int(LineBreakTables.baWhitespace)]

    /// Whether an ideographic run goes on after a line feed (LF) that ends a piece of the run, or
    /// a piece and white space of one of the codes `whitespace` (any number of them, of one
    /// code): from every state a piece may end in (`ideographicPieceEndRows`) and every state
    /// after such white space, LF prohibits a break before it, and then every code that
    /// `continuesIdeographicRun` has a mandatory break before it and leads to the state after an
    /// ideograph. A piece, the white space and the LF then make a segment with a mandatory break
    /// ("。\n次"), and the run goes on at the ideograph.
    func ideographicRunGoesOnAfterLineFeed(closing: (codes: UInt64, rows: [Bool]), whitespace: UInt64) -> Bool {
        let ends = ideographicPieceEndRows(closing: closing)
        var sources = ends
        for code in LineBreakStateMachine.ideographicRunWhitespaceCandidates where whitespace &>> UInt64(code) & 1 != 0 {
            guard let rows = statesAfter([code], from: ends) else { return false }
            sources += rows
        }
        let lineFeed = Int(LineBreakClass.lf.rawValue)
        var afterLineFeed: [Int] = []
        for row in sources {
            let transition = Int(transitions[row + lineFeed])
            guard transition &>> 14 == LineBreakStateMachine.prohibited else { return false }
            afterLineFeed.append(transition & 0x3FFF)
        }
        return entersIdeographicRun(from: afterLineFeed, action: LineBreakStateMachine.mandatory)
    }

    /// Whether an ideographic run goes on after a word of ASCII letters and digits (AL and NU:
    /// "Swift", "1014", "iPhone15") that follows a piece ending in the state of row `row`: there
    /// a letter or a digit plainly allows a break before it, any number of letters and digits
    /// after it prohibit one before each, and then every code that `continuesIdeographicRun`
    /// plainly allows a break before it and leads to the state after an ideograph. The piece and
    /// the word are then a segment each ("の" "1014" before "円"), and the run goes on at the
    /// ideograph. (Not after every piece: after a hyphen a digit continues the segment, "‐1".)
    func ideographicRunGoesOnAfterWords(fromRow row: Int) -> Bool {
        let word = [Int(LineBreakClass.al.rawValue), Int(LineBreakClass.nu.rawValue)]
        var first: [Int] = []
        for code in word {
            let transition = Int(transitions[row + code])
            guard transition &>> 14 == LineBreakStateMachine.allowed else { return false }
            first.append(transition & 0x3FFF)
        }
        guard let rest = statesAfter(word, from: first) else { return false }
        return entersIdeographicRun(from: first + rest, action: LineBreakStateMachine.allowed)
    }

    /// `ideographicRunGoesOnAfterWords(fromRow:)` after an ideograph and input `code`, which
    /// `closesIdeograph`: where a piece ends with that one closing scalar.
    func ideographicRunGoesOnAfterWords(closedBy code: UInt8) -> Bool {
        closesIdeograph(code) && ideographicRunGoesOnAfterWords(
            fromRow: Int(transitions[LineBreakStateMachine.ideographRow + Int(code)]) & 0x3FFF)
    }

    /// The states reached from `rows` by one or more of `codes` (in any order), breadth first,
    /// where every one of those transitions prohibits a break; `nil` where one does not.
    private func statesAfter(_ codes: [Int], from rows: [Int]) -> [Int]? {
        var seen = Set<Int>()
        var queue: [Int] = []
        var sources = rows
        var next = 0
        while true {
            for row in sources {
                for code in codes {
                    let transition = Int(transitions[row + code])
                    guard transition &>> 14 == LineBreakStateMachine.prohibited else { return nil }
                    if seen.insert(transition & 0x3FFF).inserted { queue.append(transition & 0x3FFF) }
                }
            }
            guard next < queue.count else { return queue }
            sources = [queue[next]]
            next += 1
        }
    }

    /// Whether, in every state of `rows` (at least one), every code that
    /// `continuesIdeographicRun` (at least one) has the break `action` before it and leads to
    /// the state after an ideograph.
    private func entersIdeographicRun(from rows: [Int], action: Int) -> Bool {
        let ideographRow = LineBreakStateMachine.ideographRow
        var any = false
        for row in rows {
            for code in 0..<LineBreakTables.codeCount where continuesIdeographicRun(UInt8(code)) {
                any = true
                guard Int(transitions[row + code]) == ideographRow | action << 14 else { return false }
            }
        }
        return any
    }

    /// `ideographicRunWhitespaceCodes(closing:)` of `shared`, worked out once per process.
    static let sharedIdeographicRunWhitespaceCodes = shared.ideographicRunWhitespaceCodes(closing: sharedClosingCodes)

    /// `ideographicRunGoesOnAfterLineFeed(closing:whitespace:)` of `shared`, worked out once per
    /// process.
    static let sharedIdeographicRunGoesOnAfterLineFeed = shared.ideographicRunGoesOnAfterLineFeed(
        closing: sharedClosingCodes, whitespace: sharedIdeographicRunWhitespaceCodes)

    /// `ideographicRunGoesOnAfterWords(fromRow:)` of `shared` after an ideograph, worked out once
    /// per process.
    static let sharedIdeographicRunGoesOnAfterWords = shared.ideographicRunGoesOnAfterWords(fromRow: ideographRow)

    /// `ideographicRunEndsPlainly(closing:)` of `shared`, worked out once per process.
    static let sharedIdeographicRunEndsPlainly = shared.ideographicRunEndsPlainly(closing: sharedClosingCodes)

    /// Whether the generated tables can hold `code`: the classes after LB1 and the refinements.
    static func isUsed(_ code: Int) -> Bool {
        guard code < Int(LineBreakTables.baWhitespace) + 1 else { return false }
        switch LineBreakClass(rawValue: UInt8(code)) {
        case .ai, .sg, .xx, .sa, .cj: return false
        default: return true
        }
    }

    /// Input codes of white space that may hang at a line end: SP, BK, CR, LF, NL and the BA
    /// white space, as a bit set.
    @inlinable
    static var whitespaceCodes: UInt64 {
        1 << UInt64(LineBreakClass.sp.rawValue) | 1 << UInt64(LineBreakClass.bk.rawValue)
            | 1 << UInt64(LineBreakClass.cr.rawValue) | 1 << UInt64(LineBreakClass.lf.rawValue)
            | 1 << UInt64(LineBreakClass.nl.rawValue) | 1 << UInt64(LineBreakTables.baWhitespace)
    }
}
