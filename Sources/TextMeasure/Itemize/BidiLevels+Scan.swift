import CFriBidi

/// The scan that tells text with nothing right to left (no levels) without asking fribidi.
extension BidiLevels {
    /// Whether `bytes` holds a scalar whose bidi type can make a level other than 0 (right to
    /// left, Arabic letter or number, an RLE or RLO embedding, an isolate): a scan of 32 bytes
    /// at a time (two `UTF8Block`s) for the lead bytes, with the byte after them, that start a
    /// range holding such scalars (`isCandidate`: U+0580–U+08FF, U+2000–U+207F, U+FB00–U+FEFF,
    /// U+10000–U+10FFF, U+1E000–U+1EFFF), decoding only those scalars: the lead bytes first,
    /// then, where some are found, with the bytes after them (`candidates(in:)`). The lead bytes
    /// are tested two ways: up to the first lead byte E0 or E1, by two ranges (`leadOffsets`:
    /// D6–E2, EF–FB but before BC–BF), which CJK text (E3–E9, and the full-width forms EF BC–BF
    /// it mixes in) passes in fewer instructions; from there on, as text of the scripts with the
    /// lead byte E0 (Devanagari, Thai…) or E1 has one at every scalar, by `candidateLeads(in:)`,
    /// which lets E0 followed by A4 or more through. Full-width forms take no decoding.
    ///
    /// - Complexity: O(n) in the length of `bytes`: a few vector instructions per sixteen bytes
    ///   (none when the first scalar raises a level).
    @inline(__always)
    static func mayHaveLevels(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        preScan(bytes).mayHaveLevels
    }

    /// What `preScan(_:)` finds in a text.
    struct PreScan {
        /// `mayHaveLevels`: whether the text holds a scalar whose bidi type can make a level
        /// other than 0.
        let mayHaveLevels: Bool
        /// Whether the scan saw that the text holds no byte E0 or E1, the lead bytes of every
        /// script with dictionary breaks (`DictionaryBreaks`): `true` only where the wider test
        /// (`leadOffsets`) went through the whole text (no levels), which it does only past
        /// pairs of blocks without such a byte; `false` says nothing.
        let hasNoLeadE0OrE1: Bool
    }

    /// `mayHaveLevels`, and whether the text was seen to hold no lead byte E0 or E1
    /// (`PreScan.hasNoLeadE0OrE1`): what the wider test of lead bytes tells at no cost, for text
    /// without such bytes (CJK, Latin, Cyrillic…) that `DictionaryBreaks` need not scan again.
    ///
    /// - Complexity: O(n), as `mayHaveLevels`.
    @inline(__always)
    static func preScan(_ bytes: UnsafeBufferPointer<UInt8>) -> PreScan {
        // A text starting with a lead byte E0 or E1 takes the narrower test at once (no other
        // call, no set-up of the wider loop).
        if let lead = bytes.first, lead & 0xFE == 0xE0 {
            return PreScan(mayHaveLevels: mayHaveLevels(leadsOf: bytes), hasNoLeadE0OrE1: false)
        }
        return preScan(widerFirst: bytes)
    }

    /// `preScan` for a text that does not start with a lead byte E0 or E1.
    @inline(never)
    static func preScan(widerFirst bytes: UnsafeBufferPointer<UInt8>) -> PreScan {
        // The first scalar alone first when it has two bytes in U+0580–U+07FF (lead D6–DF):
        // Hebrew and Arabic text mostly starts with a letter that raises a level (one compare
        // for other text).
        if let lead = bytes.first, lead &- 0xD6 < 10 {
            let value = TextWalker.decode(bytes, at: 0).value
            if mayHaveLevel(value) && raisesLevel(value) { return PreScan(mayHaveLevels: true, hasNoLeadE0OrE1: false) }
        }
        // Up to the first pair of blocks with a lead byte E0 or E1 (Devanagari, Thai, Khmer,
        // Vietnamese…), the wider and cheaper test of lead bytes (`leadOffsets`); from there on
        // (such text has one at every scalar) the narrower one (`mayHaveLevels(leadsOf:)`).
        var narrowFrom = -1
        let stopped = !UTF8Block.forEachPair(in: bytes) { first, firstOffset, second, secondOffset in
            guard !UTF8Block.isASCII(first, second) else { return true }
            let offsets = leadOffsets(in: first, second)
            guard UTF8Block.any(offsets .< SIMD16<UInt8>(repeating: 13)) else { return true }
            // A lead byte E0 or E1 (offset 10 or 11), tested in each block (behind the other
            // block's smaller offset at the same position one would hide): the narrower test
            // from this pair on. So a scan that goes through has seen none.
            if UTF8Block.any(first.leads(from: 0xE0, count: 2) .| second.leads(from: 0xE0, count: 2)) {
                narrowFrom = firstOffset
                return false
            }
            return !hasCandidate(in: bytes, first, at: firstOffset, second, at: secondOffset)
        }
        guard stopped else { return PreScan(mayHaveLevels: false, hasNoLeadE0OrE1: true) }
        // Stopped at a scalar that raises a level, or at a lead byte E0 or E1.
        guard narrowFrom >= 0 else { return PreScan(mayHaveLevels: true, hasNoLeadE0OrE1: false) }
        return PreScan(
            mayHaveLevels: mayHaveLevels(leadsOf: UnsafeBufferPointer(rebasing: bytes[narrowFrom...])),
            hasNoLeadE0OrE1: false)
    }

    /// `mayHaveLevels` with the narrower test of lead bytes (`candidateLeads(in:)`), which
    /// lets text of the scripts with the lead byte E0 through without decoding.
    @inline(never)
    static func mayHaveLevels(leadsOf bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !UTF8Block.forEachPair(in: bytes) { first, firstOffset, second, secondOffset in
            guard !UTF8Block.isASCII(first, second),
                UTF8Block.any(candidateLeads(in: first) .| candidateLeads(in: second))
            else { return true }
            return !hasCandidate(in: bytes, first, at: firstOffset, second, at: secondOffset)
        }
    }

    /// Whether blocks `first` and `second` (at `firstOffset` and `secondOffset` of `bytes`) hold
    /// a scalar that raises a level: their `candidates(in:)` decoded and tested.
    @inline(__always)
    static func hasCandidate(
        in bytes: UnsafeBufferPointer<UInt8>, _ first: UTF8Block, at firstOffset: Int, _ second: UTF8Block,
        at secondOffset: Int
    ) -> Bool {
        let firstLanes = candidates(in: first)
        let secondLanes = candidates(in: second)
        guard UTF8Block.any(firstLanes .| secondLanes) else { return false }
        // (Each block's call only where it has a candidate: mostly one of the two has.)
        return (UTF8Block.any(firstLanes) && raisesLevel(in: bytes, at: firstOffset, firstLanes))
            || (UTF8Block.any(secondLanes) && raisesLevel(in: bytes, at: secondOffset, secondLanes))
    }

    /// Per position, the least offset above D6 or EF of the byte of `first` or `second` there:
    /// below 13 where either holds D6–E2, or EF–FB not followed by BC–BF — a superset of
    /// `candidates(in:)` in
    /// fewer instructions (the two ranges and the two blocks merged by `UTF8Block.minimum`
    /// before one compare) that also holds every lead byte E0 and E1 (offset 10 and 11), where
    /// `preScan(widerFirst:)` switches to `candidateLeads(in:)`.
    @inline(__always)
    static func leadOffsets(in first: UTF8Block, _ second: UTF8Block) -> SIMD16<UInt8> {
        let d6: SIMD16<UInt8> = SIMD16(repeating: 0xD6)
        let ef: SIMD16<UInt8> = SIMD16(repeating: 0xEF)
        let four: SIMD16<UInt8> = SIMD16(repeating: 4)
        let bit6: SIMD16<UInt8> = SIMD16(repeating: 0x40)
        // EF–FB followed by BC–BF (full-width forms U+FF00–U+FFFF, which CJK text has; nothing
        // right to left) gets bit 6 (BC–BF + 4 = C0–C3, the other second bytes stay below C0):
        // 64 or more, not a candidate lead.
        let firstEF = (first.leads &- ef) | ((first.nexts &+ four) & bit6)
        let secondEF = (second.leads &- ef) | ((second.nexts &+ four) & bit6)
        return UTF8Block.minimum(
            UTF8Block.minimum(first.leads &- d6, firstEF), UTF8Block.minimum(second.leads &- d6, secondEF))
    }

    /// Whether a scalar at a position of `lanes` (the `candidates(in:)` of a block at `offset`
    /// in `bytes`) raises a level: each decoded and tested (`mayHaveLevel`, `raisesLevel`). Out
    /// of the scan's loop, which stays short.
    @inline(never)
    static func raisesLevel(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ lanes: UTF8Block.Lanes) -> Bool {
        !UTF8Block.forEachPosition(of: lanes) { lane in
            let value = TextWalker.decode(bytes, at: offset &+ lane).value
            return !(mayHaveLevel(value) && raisesLevel(value))
        }
    }

    /// A superset of `candidates(in:)` in fewer instructions: the positions whose byte is D6–DF,
    /// E2, EF or F0 (whatever follows), or E0 followed by A0–A3 — what text of the scripts with
    /// the lead byte E0 (Devanagari, Thai…) or E3–E9 (CJK) has none of.
    @inline(__always)
    static func candidateLeads(in block: UTF8Block) -> UTF8Block.Lanes {
        let e2: UTF8Block.Lanes = block.leads .== SIMD16<UInt8>(repeating: 0xE2)
        let ef: UTF8Block.Lanes = block.leads .== SIMD16<UInt8>(repeating: 0xEF)
        let f0: UTF8Block.Lanes = block.leads .== SIMD16<UInt8>(repeating: 0xF0)
        return block.leads(from: 0xD6, count: 10) .| block.pairs(0xE0, next: 0xA0, count: 4) .| e2 .| ef .| f0
    }

    /// The positions of `block` whose byte and the one after it pass `isCandidate`.
    @inline(__always)
    static func candidates(in block: UTF8Block) -> UTF8Block.Lanes {
        let arabic = block.leads(from: 0xD6, count: 10) .| block.pairs(0xE0, next: 0xA0, count: 4)
        let marks = block.pairs(0xE2, next: 0x80, count: 2) .| block.pairs(0xEF, next: 0xAC, count: 16)
        let supplementary = block.pairs(0xF0, next: 0x90, count: 1) .| block.pairs(0xF0, next: 0x9E, count: 1)
        return arabic .| marks .| supplementary
    }

    /// Whether lead byte `b` followed by `next` starts a scalar in a range that holds every
    /// right-to-left, Arabic and isolate scalar (a superset of `mayHaveLevel`'s blocks): D6–DF
    /// (U+0580–U+07FF), E0 A0–A3 (U+0800–U+08FF), E2 80–81 (U+2000–U+207F), EF AC–BB
    /// (U+FB00–U+FEFF), F0 90 (U+10000–U+10FFF) and F0 9E (U+1E000–U+1EFFF). `candidates(in:)`
    /// tests the same pairs sixteen at a time (`BidiLevelsTests` checks every pair).
    static func isCandidate(_ b: UInt8, next: UInt8) -> Bool {
        switch b {
        case 0xD6...0xDF: return true
        case 0xE0: return (0xA0...0xA3).contains(next)
        case 0xE2: return next == 0x80 || next == 0x81
        case 0xEF: return (0xAC...0xBB).contains(next)
        case 0xF0: return next == 0x90 || next == 0x9E
        default: return false
        }
    }

    /// Whether the bidi type of scalar `value` has fribidi's right-to-left, Arabic or isolate bit
    /// (R, AL, AN, RLE, RLO, RLI, LRI, FSI, PDI): the types without which Pango resolves every
    /// level of a paragraph to 0.
    static func raisesLevel(_ value: UInt32) -> Bool {
        let type = fribidi_get_bidi_type(value)
        return rowheight_fribidi_is_rtl(type.rawValue) != 0 || rowheight_fribidi_is_arabic(type.rawValue) != 0
            || rowheight_fribidi_is_isolate(type.rawValue) != 0
    }

    /// Whether scalar `value` is in a block with right-to-left or Arabic-number characters, or is
    /// an RLM, RLE, RLO or isolate: a superset of `raisesLevel` that needs no table
    /// (`BidiLevelsTests` checks every scalar).
    static func mayHaveLevel(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF:
            return true
        case 0x200F, 0x202B, 0x202E, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }
}
