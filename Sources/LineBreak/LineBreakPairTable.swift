/// For each pair of classes (previous character after LB9/LB10, next character), whether the
/// line-breaking rules decide the break between them the same way in every state — and if so
/// which way. Built once from `LineBreakIterator`'s own rules by trying every state that can
/// matter (the class before a run of spaces, the class before the previous character, the East
/// Asian Width and Extended_Pictographic flags, number context and regional-indicator parity),
/// so the fast path cannot disagree with the rules.
@usableFromInline
struct LineBreakPairTable: @unchecked Sendable {  // immutable after creation
    @usableFromInline static let prohibited: UInt8 = 0
    @usableFromInline static let allowed: UInt8 = 1
    @usableFromInline static let contextual: UInt8 = 2
    @usableFromInline static let classCount = LineBreakClass.allCases.count

    @usableFromInline let actions: UnsafePointer<UInt8>

    @usableFromInline static let shared = LineBreakPairTable()

    private init(actions: UnsafePointer<UInt8>) { self.actions = actions }

    private init() {
        let n = LineBreakPairTable.classCount
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: n * n)
        // While building, the rules are evaluated with every pair marked contextual.
        let building = UnsafeMutablePointer<UInt8>.allocate(capacity: n * n)
        building.initialize(repeating: LineBreakPairTable.contextual, count: n * n)
        defer { building.deallocate() }
        let placeholder = LineBreakPairTable(actions: UnsafePointer(building))
        let classes = LineBreakClass.allCases
        for a in classes {
            for y in classes {
                var result: UInt8?
                var varies = false
                // Lookahead (LB25 PR/PO × OP/HY before NU) needs the text.
                if (a == .pr || a == .po) && (y == .op || y == .hy) { varies = true }
                let spaceBases: [LineBreakClass] = a == .sp ? classes : [.xx]
                outer: for spaceBase in spaceBases where !varies {
                    for a2 in [LineBreakClass.hl, .al] {
                        for aFlags: UInt8 in [0, 0x40, 0x80] {
                            for entry: UInt8 in [0, 0x40, 0x80] {
                                for number in 0..<4 {
                                    for ri in 1...2 {
                                        var it = LineBreakIterator(evaluatingRulesWith: placeholder)
                                        it.a = a
                                        it.a2 = a2
                                        it.spaceBase = spaceBase
                                        it.aFlags = aFlags
                                        it.inNumber = number & 1 != 0
                                        it.closeAfterNumber = number & 2 != 0
                                        it.regionalIndicators = ri
                                        let decision: UInt8 = it.decidePair(y, entry) == .allowed ? 1 : 0
                                        if let result, result != decision { varies = true; break outer }
                                        result = decision
                                    }
                                }
                            }
                        }
                    }
                }
                table[Int(a.rawValue) * n + Int(y.rawValue)] = varies ? LineBreakPairTable.contextual : result ?? 0
            }
        }
        actions = UnsafePointer(table)
    }

    /// The action for the pair: `prohibited`, `allowed` or `contextual` (run the full rules).
    @inlinable @inline(__always)
    func action(_ a: LineBreakClass, _ y: LineBreakClass) -> UInt8 {
        actions[Int(a.rawValue) &* LineBreakPairTable.classCount &+ Int(y.rawValue)]
    }
}
