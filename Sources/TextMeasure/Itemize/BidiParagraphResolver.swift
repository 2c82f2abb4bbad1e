import CFriBidi

/// UAX #9 for the common paragraph, written by hand to give exactly the levels of fribidi 1.0
/// (`fribidi_get_par_embedding_levels_ex`, Debian's 1.0.8), without its allocations: a paragraph
/// with no explicit embedding, override, isolate or paragraph separator (`BidiClass`). X1–X10 then
/// leave one isolating run sequence at the paragraph's level, and what is left is fribidi's walk
/// over its run list — rules W1–W7, N0 (bracket pairs, BD16, with fribidi's bracket data), N1–N2,
/// I1–I2 and the part of L1 fribidi applies — done here in place on an array of runs, merging runs
/// where fribidi merges them (its rules look at run lengths and neighbours, so its quirks follow
/// from the same merges).
///
/// BN characters are removed before the rules (X9) and take the level of the character before
/// them (the paragraph level at its start), as fribidi reinserts them: here a BN joins the run
/// before it without counting as one of its characters.
///
/// `BidiLevelsDifferentialTests` and the `FuzzBidi` target compare it with fribidi.
enum BidiParagraphResolver {
    /// A run of characters of one class: where it starts (a UTF-8 offset in the text), its class
    /// (after each rule), and flags.
    struct Run {
        var start: UInt32
        /// N0: for an opening bracket, the index of its closing bracket once paired (`paired`),
        /// before that the index of the opening bracket below it on BD16's stack (`noRun`: none).
        var partner: UInt16
        var type: BidiClass
        var flags: UInt8

        /// The run holds one character (BN excluded): W4 changes only a single separator.
        static let single: UInt8 = 1
        /// The run is a bracket (`fribidi_get_bracket` ≠ `FRIBIDI_NO_BRACKET`): never merged by
        /// fribidi's compaction.
        static let bracket: UInt8 = 2
        /// An opening bracket that BD16 paired with the run at `partner`.
        static let paired: UInt8 = 4
        static let noRun: UInt16 = .max
    }

    /// What one scan of a paragraph found (`scan`).
    struct Scan {
        /// The OR of fribidi's types of the paragraph's characters, and the AND of those of its
        /// strong ones (starting from RLE), as `pango_log2vis_get_embedding_levels` computes them.
        var ored: UInt32 = 0
        var andedStrongs: UInt32 = 0
        /// The runs written (valid when `resolvable`).
        var runCount = 0
        /// The ranges rule L1 resets to the paragraph level, as pairs of offsets (valid when
        /// `resolvable`).
        var intervalCount = 0
        /// Every character has a `BidiClass`, and the runs and L1 ranges fitted their buffers.
        var resolvable = true
        /// The runs did not fit their buffer (a larger one may do).
        var overflowed = false
        /// The class of the first letter (L, R or AL), if any: the base direction of a weak
        /// paragraph (P2–P3).
        var firstLetter: BidiClass?
    }

    /// Scans the paragraph `from..<to` of valid UTF-8 `bytes`: fribidi's types ORed and ANDed as
    /// Pango does, and the run list fribidi starts from (`run_list_encode_bidi_types` after X9:
    /// one run per bracket, else per stretch of one class; BN characters join the run before
    /// them) into `runs`, with L1's ranges into `intervals`.
    ///
    /// - Complexity: O(n) in the paragraph's length; one fribidi type lookup per character and
    ///   one bracket lookup per ON character.
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
        runs: UnsafeMutableBufferPointer<Run>, intervals: UnsafeMutableBufferPointer<Int>
    ) -> Scan {
        guard let base = bytes.baseAddress else {
            // No bytes, so an empty paragraph: no type ORed, none ANDed into RLE's.
            var empty = Scan()
            empty.andedStrongs = rowheight_fribidi_type_rle().rawValue
            return empty
        }
        // Read through a pointer: the array's bounds checks cost as much as the rest of a
        // character's step in the loops below.
        return BidiClass.belowU0700.withUnsafeBufferPointer { table in
            scan(bytes, base: base, from: from, to: to, runs: runs, intervals: intervals, table: table.baseAddress!)
        }
    }

    /// The class (`BidiClass.belowU0700`'s code, 0xFF for none; a bracket's not equal to ON's)
    /// and length of the scalar at `i`
    /// of valid UTF-8 when it is below U+0700 (one or two bytes), else `nil`.
    @inline(__always)
    private static func shortClass(
        _ base: UnsafePointer<UInt8>, at i: Int, table: UnsafePointer<UInt8>
    ) -> (code: UInt8, length: Int)? {
        let lead = base[i]
        if lead < 0x80 { return (table[Int(lead)], 1) }
        // Lead bytes C2–DB start the two-byte scalars U+0080–U+06FF (valid UTF-8: no C0, C1).
        if lead < 0xDC { return (table[Int(lead & 0x1F) &<< 6 | Int(base[i &+ 1] & 0x3F)], 2) }
        return nil
    }

    /// `scan` with the bytes' base address and `BidiClass.belowU0700` as pointers.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, from: Int, to: Int,
        runs: UnsafeMutableBufferPointer<Run>, intervals: UnsafeMutableBufferPointer<Int>, table: UnsafePointer<UInt8>
    ) -> Scan {
        var result = Scan()
        var ored: UInt32 = 0
        var anded = rowheight_fribidi_type_rle().rawValue
        var n = 0
        var intervalCount = 0
        var spaceStart = -1
        // The last run of a strong class, and whether every run after it is a plain neutral
        // (`joinsStrongRuns`): a run of that class next joins it, the neutrals between too.
        var lastStrong = -1
        var neutralsOnly = false
        var resolvable = to - from <= Int(UInt32.max) && to <= Int(UInt32.max)
        let capacity = min(runs.count, Int(Run.noRun))
        var i = from
        while i < to {
            let length: Int
            let raw: UInt32
            let found: BidiClass?
            // The table's code (with `BidiClass.bracketFlag`), 0xFF for none: ask fribidi.
            var tableCode: UInt8 = 0xFF
            if let (code, short) = shortClass(base, at: i, table: table), code != 0xFF {
                found = unsafeBitCast(code & ~BidiClass.bracketFlag, to: BidiClass.self)
                tableCode = code
                raw = found.unsafelyUnwrapped.fribidiType
                length = short
            } else {
                let (value, long) = TextWalker.decode(bytes, at: i)
                raw = fribidi_get_bidi_type(value).rawValue
                found = BidiClass(fribidi: raw)
                length = long
            }
            ored |= raw
            guard let type = found else {
                resolvable = false
                if rowheight_fribidi_is_strong(raw) != 0 { anded &= raw }
                i += length
                continue
            }
            if type.isStrong {
                anded &= raw
                if result.firstLetter == nil { result.firstLetter = type }
            }
            // L1: white space, BN and segment separators before a segment separator or the end.
            if type.isL1Space {
                if spaceStart < 0 { spaceStart = i }
                if type == .s {
                    if intervalCount + 2 <= intervals.count {
                        intervals[intervalCount] = spaceStart
                        intervals[intervalCount + 1] = i + length
                    } else {
                        resolvable = false
                    }
                    intervalCount += 2
                    spaceStart = -1
                }
            } else {
                spaceStart = -1
            }
            if resolvable, type != .bn {
                let isBracket =
                    type == .on
                    && (tableCode != 0xFF
                        ? tableCode & BidiClass.bracketFlag != 0
                        : fribidi_get_bracket(TextWalker.decode(bytes, at: i).value) != rowheight_fribidi_no_bracket())
                if n > 0, runs[n - 1].type == type, !isBracket, runs[n - 1].flags & Run.bracket == 0 {
                    runs[n - 1].flags &= ~Run.single
                } else if type.isStrong, neutralsOnly, runs[lastStrong].type == type {
                    // Plain neutrals between two runs of one strong class resolve to their level
                    // under every rule (`joinsStrongRuns`), so they and the two are one run:
                    // fewer runs for the passes.
                    n = lastStrong + 1
                    runs[n - 1].flags &= ~Run.single
                } else if n < capacity {
                    runs[n] = Run(
                        start: UInt32(truncatingIfNeeded: i), partner: Run.noRun, type: type,
                        flags: Run.single | (isBracket ? Run.bracket : 0))
                    if type.isStrong {
                        lastStrong = n
                        neutralsOnly = true
                    } else if isBracket || !type.joinsStrongRuns {
                        neutralsOnly = false
                    }
                    n += 1
                } else {
                    result.overflowed = true
                    resolvable = false
                }
                i += length
                // The rest of a word (or of white space) in one class below U+0700 joins the run
                // at once: it changes no type sum, no L1 range and no first letter. Not ON (a
                // bracket is a run of its own) nor S (an L1 range each).
                // After a strong character, a nonspacing mark joins too: W1 gives it the class
                // before it and merges it into that run (and the run after it, of that class, as
                // the loop does here), so the runs the rules see are the same.
                if resolvable, type != .on, type != .s {
                    let code = type.rawValue
                    let absorbsMarks = type.isStrong
                    var more = false
                    if type == .al {
                        // Arabic words, sixteen bytes at a time; the scalar steps below go on
                        // where it stops.
                        let stretch = arabicStretch(base, at: i, to: to, count: bytes.count)
                        if stretch.end > i {
                            if stretch.spaces { ored |= BidiClass.ws.fribidiType }
                            if stretch.marks { ored |= BidiClass.nsm.fribidiType }
                            more = true
                            i = stretch.end
                        }
                    }
                    while i < to, let (next, nextLength) = shortClass(base, at: i, table: table) {
                        if next == code {
                            more = true
                            i &+= nextLength
                            continue
                        }
                        if next == BidiClass.nsm.rawValue && absorbsMarks {
                            ored |= BidiClass.nsm.fribidiType
                            more = true
                            i &+= nextLength
                            continue
                        }
                        // A space between two characters of one strong class joins them too (the
                        // run of white space between two runs of one strong class, below).
                        guard type.isStrong, base[i] == 0x20, i &+ 1 < to,
                            let (after, afterLength) = shortClass(base, at: i &+ 1, table: table), after == code
                        else { break }
                        ored |= BidiClass.ws.fribidiType
                        more = true
                        i &+= 1 &+ afterLength
                    }
                    if more { runs[n - 1].flags &= ~Run.single }
                }
                continue
            }
            i += length
        }
        if spaceStart >= 0 {
            if intervalCount + 2 <= intervals.count {
                intervals[intervalCount] = spaceStart
                intervals[intervalCount + 1] = to
            } else {
                resolvable = false
            }
            intervalCount += 2
        }
        result.ored = ored
        result.andedStrongs = anded
        result.runCount = n
        result.intervalCount = intervalCount
        result.resolvable = resolvable
        return result
    }

    /// Resolves the classes of the `count` runs of one paragraph at level `level` (0 or 1) in
    /// place, through W1–W7, N0 and N1–N2 as fribidi does; returns the number of runs left (runs
    /// merge). A run's level is then `level(of:paragraphLevel:)` of its class (I1–I2).
    ///
    /// - Complexity: O(n) in the number of runs, plus, for each bracket pair, the runs inside it
    ///   and before it (as fribidi).
    static func resolve(
        _ runs: UnsafeMutablePointer<Run>, count: Int, level: UInt8, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        // sor and eor: the direction of the paragraph level (the only level: no embeddings).
        let e: BidiClass = level & 1 == 1 ? .r : .l
        var n = resolveWeakTypes(runs, count: count, e: e)
        n = compactNeutrals(runs, count: n)
        if resolveBracketPairs(runs, count: n, e: e, in: bytes) {
            n = compactNeutrals(runs, count: n)
        }
        resolveNeutralTypes(runs, count: n, e: e)
        return n
    }

    /// I1–I2: the level of a run of resolved class `type` (L, R, EN or AN) in a paragraph at
    /// `paragraphLevel`.
    @inline(__always)
    static func level(of type: BidiClass, paragraphLevel: UInt8) -> UInt8 {
        if type.isNumber { return (paragraphLevel &+ 2) & ~1 }
        return paragraphLevel &+ ((paragraphLevel & 1) ^ (type.isRTL ? 1 : 0))
    }

    /// W1–W7, in fribidi's two passes: W1 (with its merges) and W2, then W3–W7.
    private static func resolveWeakTypes(_ r: UnsafeMutablePointer<Run>, count: Int, e: BidiClass) -> Int {
        // First pass: W1 and W2. `w` runs are kept (r[w − 1] is the run before r[k]).
        // Up to the first NSM or EN run the pass changes nothing (W1 needs an NSM, W2 an EN) but
        // the last strong type: found at once.
        var lastStrong = e
        var k = 0
        while k < count {
            let type = r[k].type
            if type == .nsm || type == .en { break }
            if type.isStrong { lastStrong = type }
            k += 1
        }
        var w = k
        while k < count {
            var run = r[k]
            let prevType = w == 0 ? e : r[w - 1].type
            let hasNext = k + 1 < count
            let nextType = hasNext ? r[k + 1].type : e
            if prevType.isStrong { lastStrong = prevType }
            if run.type == .nsm {
                // W1: the NSM joins the run before it (at the start: takes sor's type); when that
                // type is the next run's, the next run joins too.
                if w > 0 {
                    r[w - 1].flags &= ~Run.single
                    if prevType == nextType && hasNext { k += 1 }
                } else {
                    run.type = prevType
                    if prevType == nextType && hasNext {
                        run.flags &= ~Run.single
                        k += 1
                    }
                    r[w] = run
                    w += 1
                }
                k += 1
                continue
            }
            // W2: EN after AL becomes AN (and an NSM run right after it too).
            if run.type == .en && lastStrong == .al {
                run.type = .an
                if hasNext && nextType == .nsm { r[k + 1].type = .an }
            }
            if w != k || run.type != r[k].type { r[w] = run }
            w += 1
            k += 1
        }
        let n = w
        // Second pass: W3–W7, no merges.
        lastStrong = e
        var w4 = true
        var prevTypeOrig = BidiClass.on
        for k in 0..<n {
            var thisType = r[k].type
            let prevType = k == 0 ? e : r[k - 1].type
            let hasNext = k + 1 < n
            let nextType = hasNext ? r[k + 1].type : e
            if prevType.isStrong { lastStrong = prevType }
            // W3
            if thisType == .al {
                r[k].type = .r
                w4 = true
                prevTypeOrig = .on
                continue
            }
            // W4: a single ES between ENs, a single CS between numbers of one type.
            if w4, r[k].flags & Run.single != 0, thisType == .es || thisType == .cs, prevTypeOrig.isNumber,
               prevTypeOrig == nextType, prevTypeOrig == .en || thisType == .cs
            {
                r[k].type = prevType
                thisType = prevType
            }
            w4 = true
            // W5: ET next to EN.
            if thisType == .et && (prevTypeOrig == .en || nextType == .en) {
                r[k].type = .en
                w4 = false
                thisType = .en
            }
            // W6
            if thisType.isSeparatorOrTerminator { r[k].type = .on }
            // W7
            if thisType == .en && lastStrong == .l {
                r[k].type = .l
                prevTypeOrig = hasNext ? .en : .on
            } else {
                prevTypeOrig = hasNext ? r[k].type : e
            }
        }
        return n
    }

    /// fribidi's `compact_neutrals`: adjacent runs of one class, or both neutral, merge, brackets
    /// excepted (the first run's class stays).
    private static func compactNeutrals(_ r: UnsafeMutablePointer<Run>, count: Int) -> Int {
        guard count > 1 else { return count }
        var w = 1
        for k in 1..<count {
            let previous = r[w - 1]
            let run = r[k]
            if (previous.flags | run.flags) & Run.bracket == 0,
               previous.type == run.type || (previous.type.isNeutral && run.type.isNeutral)
            {
                r[w - 1].flags &= ~Run.single
            } else {
                if w != k { r[w] = run }
                w += 1
            }
        }
        return w
    }

    /// N0: pairs brackets (BD16: a stack of at most 63 openings; a closing bracket pairs with the
    /// nearest opening of its id, dropping those above it; a full stack ends the pairing) and
    /// resolves each pair in the order of their openings; then clears the runs' bracket flags.
    /// Returns whether any run was a bracket.
    private static func resolveBracketPairs(
        _ r: UnsafeMutablePointer<Run>, count: Int, e: BidiClass, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var any = false
        var top = Run.noRun
        var depth = 0
        for k in 0..<count where r[k].flags & Run.bracket != 0 {
            any = true
            guard r[k].type == .on else { continue }
            let bracket = bracketType(of: r[k], in: bytes)
            if bracket & 0x8000_0000 != 0 {
                if depth == 63 { break }
                r[k].partner = top
                top = UInt16(k)
                depth += 1
            } else {
                var s = top
                var d = depth
                while s != Run.noRun {
                    let below = r[Int(s)].partner
                    if bracketType(of: r[Int(s)], in: bytes) & 0x7FFF_FFFF == bracket & 0x7FFF_FFFF {
                        r[Int(s)].partner = UInt16(k)
                        r[Int(s)].flags |= Run.paired
                        top = below
                        depth = d - 1
                        break
                    }
                    s = below
                    d -= 1
                }
            }
        }
        guard any else { return false }
        for o in 0..<count where r[o].flags & Run.paired != 0 {
            let c = Int(r[o].partner)
            // N0b: a strong type (numbers as R) of the embedding direction inside the pair.
            var resolved: BidiClass?
            for k in o..<c {
                let type = r[k].type.numberAsR
                if type.isStrong && type == e {
                    resolved = e
                    break
                }
            }
            if resolved == nil {
                // N0c: a strong type inside (so the other direction): the pair takes the
                // direction of the strong type before it (the embedding direction if none).
                var preceding = e
                var k = o - 1
                while k >= 0 {
                    let type = r[k].type.numberAsR
                    if type.isStrong {
                        preceding = type
                        break
                    }
                    k -= 1
                }
                for k in o..<c where r[k].type.numberAsR.isStrong {
                    resolved = preceding
                    break
                }
            }
            if let resolved {
                r[o].type = resolved
                r[c].type = resolved
            }
        }
        for k in 0..<count { r[k].flags &= ~(Run.bracket | Run.paired) }
        return true
    }

    /// The bracket type fribidi gives the first character of bracket run `run` (its bracket).
    @inline(__always)
    private static func bracketType(of run: Run, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        fribidi_get_bracket(TextWalker.decode(bytes, at: Int(run.start)).value)
    }

    /// N1–N2: a neutral run between two runs of one direction (numbers as R; sor and eor at the
    /// ends) takes it, else the embedding direction.
    private static func resolveNeutralTypes(_ r: UnsafeMutablePointer<Run>, count: Int, e: BidiClass) {
        for k in 0..<count where r[k].type.isNeutral {
            let prevType = k == 0 ? e : r[k - 1].type.numberAsR
            let nextType = k + 1 < count ? r[k + 1].type.numberAsR : e
            r[k].type = prevType == nextType ? prevType : e
        }
    }
}
