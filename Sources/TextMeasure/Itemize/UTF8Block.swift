/// Sixteen consecutive bytes of a UTF-8 text, each with the byte after it: the unit of the
/// pre-scans (`BidiLevels.mayHaveLevels`, `DictionaryBreaks.scripts`), which look for lead bytes
/// (C0 or more, which never continue a scalar) followed by given second bytes, sixteen positions
/// at a time with a few SSE2 instructions instead of a step per scalar.
///
/// A test yields `Lanes`, true at the positions that match. Every operand is spelled as a
/// `SIMD16<UInt8>` (`SIMD16(repeating:)`, not a scalar), which the compiler lowers to vector
/// compares; a scalar operand or an inferred type takes the generic operators, one lane at a time.
struct UTF8Block {
    /// A test's result per position.
    typealias Lanes = SIMDMask<SIMD16<Int8>>

    /// The sixteen bytes.
    let leads: SIMD16<UInt8>
    /// The byte after each of them.
    let nexts: SIMD16<UInt8>

    /// The block at `pointer`, which must have 17 readable bytes.
    @inline(__always)
    init(_ pointer: UnsafePointer<UInt8>) {
        leads = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
        nexts = UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: 1, as: SIMD16<UInt8>.self)
    }

    /// Whether every byte is ASCII (then no position leads a scalar of two bytes or more).
    @inline(__always)
    var isASCII: Bool {
        let words = unsafeBitCast(leads, to: SIMD2<UInt64>.self)
        return (words[0] | words[1]) & 0x8080_8080_8080_8080 == 0
    }

    /// The positions whose byte is `lead` and whose next byte is in `next..<next + count`
    /// (wrapping).
    @inline(__always)
    func pairs(_ lead: UInt8, next: UInt8, count: UInt8) -> Lanes {
        let isLead: Lanes = leads .== SIMD16<UInt8>(repeating: lead)
        return isLead .& UTF8Block.inRange(nexts, from: next, count: count)
    }

    /// The positions whose byte is in `from..<from + count` (wrapping), whatever follows.
    @inline(__always)
    func leads(from: UInt8, count: UInt8) -> Lanes {
        UTF8Block.inRange(leads, from: from, count: count)
    }

    /// The lanes of `bytes` in `from..<from + count` (wrapping).
    @inline(__always)
    static func inRange(_ bytes: SIMD16<UInt8>, from: UInt8, count: UInt8) -> Lanes {
        let offsets: SIMD16<UInt8> = bytes &- SIMD16<UInt8>(repeating: from)
        return offsets .< SIMD16<UInt8>(repeating: count)
    }

    /// The lesser of `a` and `b` in each lane (one `pminub`; the standard library's
    /// `pointwiseMin` is a call, not inlined).
    @inline(__always)
    static func minimum(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        a.replacing(with: b, where: b .< a)
    }

    /// Whether every byte of `first` and `second` is ASCII.
    @inline(__always)
    static func isASCII(_ first: UTF8Block, _ second: UTF8Block) -> Bool {
        let words = unsafeBitCast(first.leads | second.leads, to: SIMD2<UInt64>.self)
        return (words[0] | words[1]) & 0x8080_8080_8080_8080 == 0
    }

    /// Whether `lanes` has a position.
    @inline(__always)
    static func any(_ lanes: Lanes) -> Bool {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Calls `body` with each position of `lanes` in ascending order until it returns `false`.
    ///
    /// - Returns: `false` once `body` has.
    @inline(__always)
    static func forEachPosition(of lanes: Lanes, _ body: (Int) -> Bool) -> Bool {
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        for half in 0..<2 {
            var word = words[half]
            while word != 0 {
                let lane = word.trailingZeroBitCount >> 3
                if !body(half &* 8 &+ lane) { return false }
                word &= ~(0xFF << UInt64(lane &* 8))
            }
        }
        return true
    }

    /// Calls `body` with the block of the `count` (2 to 16) bytes at `base` padded with zero
    /// bytes (which no pattern of a lead byte matches).
    @inline(__always)
    private static func padded(_ base: UnsafePointer<UInt8>, count: Int, _ body: (UTF8Block) -> Bool) -> Bool {
        var padded = (SIMD16<UInt8>(), SIMD16<UInt8>())
        return withUnsafeMutableBytes(of: &padded) { raw in
            raw.baseAddress!.copyMemory(from: base, byteCount: count)
            return body(UTF8Block(raw.baseAddress!.assumingMemoryBound(to: UInt8.self)))
        }
    }

    /// Calls `body` with pairs of blocks covering every position of `bytes` but the last, each
    /// block with its offset in `bytes`, until it returns `false`: 32 bytes a step (two blocks
    /// 16 bytes apart), the last pair ending at the text's end (its two blocks may overlap each
    /// other and the pair before); a text of 2 to 16 bytes as one block padded with zero bytes,
    /// given twice; none for a text of 0 or 1 byte (see `forEach(in:_:)`).
    ///
    /// - Returns: `false` once `body` has.
    /// - Complexity: O(n / 32) pairs.
    @inline(__always)
    static func forEachPair(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (UTF8Block, Int, UTF8Block, Int) -> Bool
    ) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 1 else { return true }  // no position before the last
        if count < 17 { return padded(base, count: count) { body($0, 0, $0, 0) } }
        var i = 0
        while i &+ 33 <= count {
            if !body(UTF8Block(base + i), i, UTF8Block(base + (i &+ 16)), i &+ 16) { return false }
            i &+= 32
        }
        // Positions i..<count - 1 are left, at most 32: the block ending at the end covers the
        // last 16, the one at i (or the same block) the others.
        guard i &+ 1 < count else { return true }
        let last = count &- 17
        let first = min(i, last)
        return body(UTF8Block(base + first), first, UTF8Block(base + last), last)
    }

    /// Calls `body` with blocks covering every position of `bytes` but the last (each block's
    /// offset in `bytes` with it) until it returns `false`: blocks 16 bytes apart, the last one
    /// overlapping the one before so that it ends at the text's end; a text of 2 to 16 bytes as
    /// one block padded with zero bytes (which no pattern of a lead byte matches); none for a
    /// text of 0 or 1 byte. The last byte of valid UTF-8 leads no scalar of two bytes or more.
    ///
    /// - Returns: `false` once `body` has.
    /// - Complexity: O(n / 16) blocks.
    @inline(__always)
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UTF8Block, Int) -> Bool) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 1 else { return true }  // no position before the last
        if count < 17 { return padded(base, count: count) { body($0, 0) } }
        var i = 0
        while true {
            if !body(UTF8Block(base + i), i) { return false }
            if i &+ 17 == count { return true }
            i = min(i &+ 16, count &- 17)
        }
    }
}
