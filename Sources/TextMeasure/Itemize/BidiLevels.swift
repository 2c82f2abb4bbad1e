import CFriBidi

/// The bidirectional embedding levels (UAX #9) of a text, as Pango 1.50 resolves them for a
/// `PangoLayout` with its default automatic direction: each paragraph (ended by LF, CR, CR LF or
/// U+2029, as `pango_find_paragraph_boundary`) gets the base direction of its first strong
/// character, else the previous paragraph's (the first paragraph: the text's first strong
/// character, else weak left to right), and its levels as `pango_log2vis_get_embedding_levels`
/// gives them — including that function's shortcuts: a paragraph with no right-to-left,
/// Arabic-number or isolate character is all level 0 (explicit LRE and LRO embeddings too), one
/// whose strong characters are all right to left and that has no number nor isolate is all
/// level 1. Other paragraphs are resolved by `BidiParagraphResolver` (fribidi's levels, written
/// by hand) when they have no explicit embedding, override, isolate or paragraph separator, else
/// by fribidi (`fribidi_get_par_embedding_levels_ex`).
///
/// Text with no character that can give a level other than 0 has no levels (`init` returns
/// `nil` after one scan of its bytes, without calling fribidi). The levels are kept as runs of
/// bytes at one level; up to `inlineCapacity` runs are stored inline, so measuring a row with a
/// few numbers or Latin words in Arabic allocates nothing.
struct BidiLevels: Sendable, Equatable {
    /// The level runs stored inline.
    static let inlineCapacity = 16

    /// The runs while there are at most `inlineCapacity` and the text is shorter than 16 MiB,
    /// each `end << 8 | level` (`end`: the UTF-8 offset where the run ends), in increasing
    /// order; unused lanes are 0. Small, since walkers holding the levels are copied.
    private var inline = SIMD16<UInt32>()
    /// Every run, in the same form, once they do not fit `inline` (else empty: no allocation;
    /// not optional, so that copying the levels is copying bytes and retaining one reference).
    private var spilled: [UInt64] = []
    /// The number of runs in `inline` (0 once they are spilled).
    private var inlineCount: UInt8 = 0

    /// The level of the scalar at (or around) UTF-8 offset `offset`, which must be inside the
    /// text.
    ///
    /// - Complexity: O(r) in the number of level runs up to `inlineCapacity`, O(log r) beyond.
    @inline(__always)
    subscript(offset: Int) -> UInt8 { UInt8(truncatingIfNeeded: run(containing: offset)) }

    /// The end (a UTF-8 offset) of the run of bytes at one level that holds `offset`.
    @inline(__always)
    func runEnd(containing offset: Int) -> Int { Int(truncatingIfNeeded: run(containing: offset) >> 8) }

    /// Whether every byte of `from..<to` (not empty) is at one level.
    @inline(__always)
    func isUniform(from: Int, to: Int) -> Bool { runEnd(containing: from) >= to }

    /// The level of every byte of `from..<to` (not empty), or `nil` when it changes inside.
    @inline(__always)
    func uniformLevel(from: Int, to: Int) -> UInt8? { levelRun(containing: from).uniformLevel(to: to) }

    /// The run of bytes at one level that holds `offset` (which must be inside the text): a
    /// range starting at `offset` asks it for its level (`Run.uniformLevel(to:)`) without
    /// looking the runs up again.
    ///
    /// - Complexity: as `subscript(offset:)`.
    @inline(__always)
    func levelRun(containing offset: Int) -> Run { Run(packed: run(containing: offset)) }

    /// A run of bytes at one level (`levelRun(containing:)`): its end and level, packed.
    struct Run: Sendable, Equatable {
        /// `end << 8 | level`, as `BidiLevels` stores its runs.
        let packed: UInt64

        /// The UTF-8 offset where the run ends.
        @inline(__always)
        var end: Int { Int(truncatingIfNeeded: packed >> 8) }

        /// The run's embedding level.
        @inline(__always)
        var level: UInt8 { UInt8(truncatingIfNeeded: packed) }

        /// The level of every byte of a range from inside the run up to `to` (beyond its
        /// start), or `nil` when the range goes past the run's end (its level changes inside).
        @inline(__always)
        func uniformLevel(to: Int) -> UInt8? { end >= to ? level : nil }
    }

    /// The packed run (`end << 8 | level`) that holds `offset`: the first whose end is beyond it.
    @inline(__always)
    private func run(containing offset: Int) -> UInt64 {
        if _fastPath(inlineCount != 0) {
            let key = UInt32(truncatingIfNeeded: offset) << 8 | 0xFF
            // The first run ending beyond `offset`, lane by lane with constant indices: each a
            // load in place (a lane taken by a variable index copies the runs to the stack
            // first). Unused lanes are 0, never beyond; past the last run's end, the last run.
            if inline[0] > key { return UInt64(inline[0]) }
            if inline[1] > key { return UInt64(inline[1]) }
            if inline[2] > key { return UInt64(inline[2]) }
            if inline[3] > key { return UInt64(inline[3]) }
            if inline[4] > key { return UInt64(inline[4]) }
            if inline[5] > key { return UInt64(inline[5]) }
            if inline[6] > key { return UInt64(inline[6]) }
            if inline[7] > key { return UInt64(inline[7]) }
            return run(containingBeyondEightRuns: key)
        }
        return BidiLevels.run(after: UInt64(truncatingIfNeeded: offset) << 8 | 0xFF, in: spilled)
    }

    /// `run(containing:)` when the first eight inline runs end at or before `key`'s offset.
    @inline(never)
    private func run(containingBeyondEightRuns key: UInt32) -> UInt64 {
        let last = Int(inlineCount) &- 1
        var k = 8
        while k < last && inline[k] <= key { k &+= 1 }
        return UInt64(inline[min(k, last)])
    }

    /// `run(containing:)` among spilled runs: a binary search.
    @inline(never)
    private static func run(after key: UInt64, in runs: [UInt64]) -> UInt64 {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high) / 2
            if runs[middle] <= key { low = middle + 1 } else { high = middle }
        }
        return runs[low]
    }

    /// An empty set of runs, to `append` to.
    init() {}

    /// Ends the last run at `end` if it has level `level`, else appends the run `..<end` at
    /// `level`. Ends must increase.
    mutating func append(end: Int, level: UInt8) {
        if spilled.isEmpty {
            let count = Int(inlineCount)
            if end < 1 << 24 {
                let packed = UInt32(truncatingIfNeeded: end) << 8 | UInt32(level)
                if count > 0, UInt8(truncatingIfNeeded: inlineRun(count - 1)) == level {
                    setInlineRun(count - 1, packed)
                    return
                }
                if count < BidiLevels.inlineCapacity {
                    setInlineRun(count, packed)
                    inlineCount += 1
                    return
                }
            }
            spilled.reserveCapacity(4 * BidiLevels.inlineCapacity)
            for k in 0..<count { spilled.append(UInt64(inlineRun(k))) }
            inline = SIMD16()
            inlineCount = 0
        }
        let packed = UInt64(truncatingIfNeeded: end) << 8 | UInt64(level)
        if let last = spilled.last, UInt8(truncatingIfNeeded: last) == level {
            spilled[spilled.count - 1] = packed
        } else {
            spilled.append(packed)
        }
    }

    /// The inline run at `k` (below `inlineCapacity`): read in place (a lane taken by a
    /// variable index copies the runs to the stack and back).
    @inline(__always)
    private mutating func inlineRun(_ k: Int) -> UInt32 {
        withUnsafeMutableBytes(of: &inline) { $0.load(fromByteOffset: k &* 4, as: UInt32.self) }
    }

    /// Sets the inline run at `k` (below `inlineCapacity`), in place.
    @inline(__always)
    private mutating func setInlineRun(_ k: Int, _ run: UInt32) {
        withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: run, toByteOffset: k &* 4, as: UInt32.self) }
    }

    /// Whether some run has a level other than 0.
    private var hasLevels: Bool {
        if spilled.isEmpty { return (inline & SIMD16(repeating: 0xFF)) != SIMD16(repeating: 0) }
        return spilled.contains { $0 & 0xFF != 0 }
    }

    /// The levels of the valid UTF-8 text `bytes`, or `nil` when they are all 0.
    ///
    /// - Complexity: O(n) in the text's length; one scan of the bytes when the text has nothing
    ///   right to left.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.init(bytes, handWritten: true)
    }

    /// The levels of `bytes`, paragraphs that `BidiParagraphResolver` can resolve resolved by it
    /// (`handWritten`) or every paragraph by fribidi (to compare them).
    ///
    /// The pre-scan (`mayHaveLevels`) in the caller: text with nothing right to left, most text,
    /// returns `nil` without a call that sets up the resolver's scratch space.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, handWritten: Bool) {
        guard BidiLevels.mayHaveLevels(bytes) else { return nil }
        self.init(resolving: bytes, handWritten: handWritten)
    }

    /// The levels of `bytes` (resolved as `init?(_:)` resolves them) whose pre-scan is `scan`
    /// (`BidiLevels.preScan(bytes)`): `nil` where it found nothing that raises a level.
    @inline(__always)
    init?(_ bytes: UnsafeBufferPointer<UInt8>, preScan scan: PreScan) {
        guard scan.mayHaveLevels else { return nil }
        self.init(resolving: bytes, handWritten: true)
    }

    /// `init?(_:handWritten:)` once the pre-scan has found a scalar that raises a level.
    @inline(never)
    private init?(resolving bytes: UnsafeBufferPointer<UInt8>, handWritten: Bool) {
        self.init()
        // Scratch space for the resolver, on the stack: 1 KiB of runs (a paragraph with more
        // takes a buffer from the heap) and 16 ranges of rule L1.
        withUnsafeTemporaryAllocation(of: BidiParagraphResolver.Run.self, capacity: 128) { runs in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { intervals in
                var previous: Direction?  // the text's first strong direction, found when needed
                var start = 0
                while start < bytes.count {
                    let (end, next) = BidiLevels.paragraph(in: bytes, from: start)
                    let base: Direction
                    if let found = BidiLevels.firstStrongDirection(bytes, from: start, to: end) {
                        base = found
                        previous = found
                    } else {
                        // No strong character: the previous paragraph's direction, for the
                        // first one the text's first strong direction, else weak.
                        let inherited = previous
                            ?? BidiLevels.firstStrongDirection(bytes, from: 0, to: bytes.count) ?? .weakLeftToRight
                        base = inherited
                        previous = inherited
                    }
                    let resolved = appendParagraph(
                        bytes, from: start, to: end, base: base, handWritten: handWritten, runs: runs,
                        intervals: intervals)
                    // The delimiter takes the paragraph's resolved direction.
                    if next > end { append(end: next, level: resolved == .rightToLeft ? 1 : 0) }
                    start = next
                }
            }
        }
        guard hasLevels else { return nil }
    }

    /// A paragraph's base direction.
    enum Direction: Equatable {
        case leftToRight, rightToLeft, weakLeftToRight
    }

    /// Appends the levels of the paragraph `from..<to` with base direction `base`, as
    /// `pango_log2vis_get_embedding_levels`; returns the resolved paragraph direction
    /// (`.leftToRight` or `.rightToLeft`). `runs` and `intervals` are scratch space.
    mutating func appendParagraph(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, base: Direction, handWritten: Bool,
        runs: UnsafeMutableBufferPointer<BidiParagraphResolver.Run>, intervals: UnsafeMutableBufferPointer<Int>
    ) -> Direction {
        let scan = BidiParagraphResolver.scan(bytes, from: from, to: to, runs: runs, intervals: intervals)
        let ored = scan.ored
        let baseIsRTL = base == .rightToLeft
        let baseIsWeak = base == .weakLeftToRight
        let hasLetters = rowheight_fribidi_is_letter(ored) != 0
        let noIsolates = rowheight_fribidi_is_isolate(ored) == 0
        if noIsolates, rowheight_fribidi_is_rtl(ored) == 0, rowheight_fribidi_is_arabic(ored) == 0,
           !baseIsRTL || (baseIsWeak && hasLetters)
        {
            if to > from { append(end: to, level: 0) }
            return .leftToRight
        }
        if noIsolates, rowheight_fribidi_is_number(ored) == 0, rowheight_fribidi_is_rtl(scan.andedStrongs) != 0,
           baseIsRTL || (baseIsWeak && hasLetters)
        {
            if to > from { append(end: to, level: 1) }
            return .rightToLeft
        }
        guard handWritten else { return appendFriBidiParagraph(bytes, from: from, to: to, base: base) }
        if scan.resolvable {
            return appendResolvedParagraph(
                bytes, from: from, to: to, base: base, scan: scan, runs: runs.baseAddress!, intervals: intervals)
        }
        guard scan.overflowed else { return appendFriBidiParagraph(bytes, from: from, to: to, base: base) }
        // More runs than the stack holds: as many as the paragraph has bytes.
        let heap = UnsafeMutableBufferPointer<BidiParagraphResolver.Run>.allocate(capacity: to - from)
        defer { heap.deallocate() }
        let again = BidiParagraphResolver.scan(bytes, from: from, to: to, runs: heap, intervals: intervals)
        guard again.resolvable else { return appendFriBidiParagraph(bytes, from: from, to: to, base: base) }
        return appendResolvedParagraph(
            bytes, from: from, to: to, base: base, scan: again, runs: heap.baseAddress!, intervals: intervals)
    }

    /// Appends the levels `BidiParagraphResolver` gives the paragraph `from..<to` it scanned
    /// (`scan`, `runs`, `intervals`); returns the resolved direction as fribidi leaves it.
    mutating func appendResolvedParagraph(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, base: Direction, scan: BidiParagraphResolver.Scan,
        runs: UnsafeMutablePointer<BidiParagraphResolver.Run>, intervals: UnsafeMutableBufferPointer<Int>
    ) -> Direction {
        // P2–P3 for a weak base: the first letter's direction; none: level 0, and the direction
        // stays weak, which Pango reads as right to left.
        let level: UInt8
        let resolved: Direction
        switch base {
        case .leftToRight: (level, resolved) = (0, .leftToRight)
        case .rightToLeft: (level, resolved) = (1, .rightToLeft)
        case .weakLeftToRight:
            if let letter = scan.firstLetter {
                (level, resolved) = letter.isRTL ? (1, .rightToLeft) : (0, .leftToRight)
            } else {
                (level, resolved) = (0, .rightToLeft)
            }
        }
        let n = BidiParagraphResolver.resolve(runs, count: scan.runCount, level: level, in: bytes)
        // BN characters before the first run take the paragraph level, as does what rule L1
        // resets (the ranges in `intervals`, in order). Runs at one level are joined here.
        var pendingLevel = level
        var pendingEnd = n == 0 ? to : Int(runs[0].start)
        if scan.intervalCount == 0 {
            // No range for L1: each run at its level, joined with the runs before it at that level.
            for k in 0..<n {
                let runLevel = BidiParagraphResolver.level(of: runs[k].type, paragraphLevel: level)
                if runLevel != pendingLevel {
                    if pendingEnd > from { append(end: pendingEnd, level: pendingLevel) }
                    pendingLevel = runLevel
                }
                pendingEnd = k + 1 < n ? Int(runs[k + 1].start) : to
            }
            if pendingEnd > from { append(end: pendingEnd, level: pendingLevel) }
            return resolved
        }
        var interval = 0
        for k in 0..<n {
            var at = Int(runs[k].start)
            let end = k + 1 < n ? Int(runs[k + 1].start) : to
            let runLevel = BidiParagraphResolver.level(of: runs[k].type, paragraphLevel: level)
            while at < end {
                var stop = end
                var stopLevel = runLevel
                if interval < scan.intervalCount {
                    while interval < scan.intervalCount && intervals[interval + 1] <= at { interval += 2 }
                    if interval < scan.intervalCount && intervals[interval] <= at {
                        stop = min(end, intervals[interval + 1])
                        stopLevel = level
                    } else if interval < scan.intervalCount {
                        stop = min(end, intervals[interval])
                    }
                }
                if stopLevel != pendingLevel {
                    if pendingEnd > from { append(end: pendingEnd, level: pendingLevel) }
                    pendingLevel = stopLevel
                }
                pendingEnd = stop
                at = stop
            }
        }
        if pendingEnd > from { append(end: pendingEnd, level: pendingLevel) }
        return resolved
    }

    /// Appends fribidi's levels of the paragraph `from..<to` with base direction `base`, as
    /// `pango_log2vis_get_embedding_levels` asks for them (past its shortcuts); returns the
    /// resolved paragraph direction.
    mutating func appendFriBidiParagraph(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, base: Direction
    ) -> Direction {
        var parType: FriBidiParType
        switch base {
        case .leftToRight: parType = rowheight_fribidi_par_ltr()
        case .rightToLeft: parType = rowheight_fribidi_par_rtl()
        case .weakLeftToRight: parType = rowheight_fribidi_par_wltr()
        }
        // fribidi's input and output, one entry per scalar: at most one per byte. Temporary
        // (on the stack while small), not arrays grown per row.
        let capacity = max(to - from, 1)
        withUnsafeTemporaryAllocation(of: FriBidiCharType.self, capacity: capacity) { types in
            withUnsafeTemporaryAllocation(of: FriBidiBracketType.self, capacity: capacity) { brackets in
                withUnsafeTemporaryAllocation(of: FriBidiLevel.self, capacity: capacity) { levels in
                    let on = rowheight_fribidi_type_on()
                    var count = 0
                    var i = from
                    while i < to {
                        let (value, length) = TextWalker.decode(bytes, at: i)
                        let type = fribidi_get_bidi_type(value)
                        (types.baseAddress! + count).initialize(to: type)
                        (brackets.baseAddress! + count).initialize(
                            to: type.rawValue == on.rawValue ? fribidi_get_bracket(value) : rowheight_fribidi_no_bracket())
                        count += 1
                        i += length
                    }
                    levels.initialize(repeating: 0)
                    let maxLevel = fribidi_get_par_embedding_levels_ex(
                        types.baseAddress, brackets.baseAddress, FriBidiStrIndex(count), &parType, levels.baseAddress)
                    // Each run of scalars at one level appended once (`append` joins equal
                    // levels); fribidi failed (out of memory): Pango resets the levels to 0.
                    guard count > 0 else { return }
                    var pending = maxLevel == 0 ? 0 : UInt8(bitPattern: levels[0])
                    i = from
                    for k in 0..<count {
                        let level = maxLevel == 0 ? 0 : UInt8(bitPattern: levels[k])
                        if level != pending {
                            append(end: i, level: pending)
                            pending = level
                        }
                        i += TextWalker.decode(bytes, at: i).length
                    }
                    append(end: to, level: pending)
                }
            }
        }
        return parType.rawValue == rowheight_fribidi_par_ltr().rawValue ? .leftToRight : .rightToLeft
    }
}
