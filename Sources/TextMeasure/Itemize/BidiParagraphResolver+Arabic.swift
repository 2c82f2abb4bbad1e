/// The scan's step over Arabic words: sixteen bytes at a time instead of a table lookup per
/// scalar.
extension BidiParagraphResolver {
    /// What `arabicStretch` passed over: where it stopped, and whether it passed white space or
    /// nonspacing marks (whose fribidi types the scan ORs).
    struct ArabicStretch {
        var end: Int
        var spaces = false
        var marks = false
    }

    /// The lanes of a block of bytes (`leads`, with the byte before each, `prevs`, and the byte
    /// after it, `nexts`) that the scan may pass over inside a run of Arabic letters (AL), each
    /// lane −1 (all bits set) or 0: the continuation bytes, the lead bytes of the AL scalars
    /// D8 A0–BF (U+0620–U+063F), D9 80–8A (U+0640–U+064A), DA (U+0680–U+06BF) and DB 80–95
    /// (U+06C0–U+06D5), the lead bytes of the nonspacing marks D9 8B–9F (U+064B–U+065F) when the
    /// byte before is not a space (`marks`), and spaces (U+0020, WS; `spaces`). A subset of what
    /// the scalar step passes (`BidiParagraphResolverTests` checks every scalar of two bytes
    /// against `BidiClass.belowU0700`); white space is passed only before an AL letter
    /// (`arabicStretch` leaves trailing spaces), as the scalar step does.
    ///
    /// Comparisons are signed (continuation bytes are −128…−65, so one compare tests a range
    /// starting at 0x80), and lanes are combined as integers (as masks, the compiler converts
    /// them to and from single bits).
    @inline(__always)
    static func arabicLanes(
        prevs: SIMD16<Int8>, leads: SIMD16<Int8>, nexts: SIMD16<Int8>
    ) -> (passable: SIMD16<Int8>, spaces: SIMD16<Int8>, marks: SIMD16<Int8>) {
        func all(_ byte: UInt8) -> SIMD16<Int8> { SIMD16<Int8>(repeating: Int8(bitPattern: byte)) }
        func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<Int8> { unsafeBitCast(mask, to: SIMD16<Int8>.self) }
        let continuation = lanes(leads .< all(0xC0))
        let spaces = lanes(leads .== all(0x20))
        let d9 = lanes(leads .== all(0xD9))
        let below8B = lanes(nexts .< all(0x8B))
        let letters =
            (lanes(leads .== all(0xD8)) & lanes(nexts .>= all(0xA0))) | (d9 & below8B) | lanes(leads .== all(0xDA))
            | (lanes(leads .== all(0xDB)) & lanes(nexts .< all(0x96)))
        let marks = d9 & ~below8B & lanes(nexts .< all(0xA0)) & ~lanes(prevs .== all(0x20))
        return (continuation | spaces | letters | marks, spaces, marks)
    }

    /// Passes over the Arabic letters (AL), nonspacing marks and spaces at `start` that join a
    /// run of AL letters whose last character ends at `start`, sixteen bytes at a time
    /// (`arabicLanes`) while the sixteen are inside the paragraph (before `to`) and 17 bytes are
    /// readable in `base` (`count` bytes): stops before the first byte it cannot pass, and
    /// before any spaces ending what it passed (which the scalar step handles: white space joins
    /// only between letters of one class; at the paragraph's end it is rule L1's).
    ///
    /// The characters passed change no run but the one being scanned, as in the scalar step: an
    /// AL letter joins its run; a nonspacing mark after a letter joins it (W1); white space
    /// between two AL letters joins them (N1, the run-merge in `scan`).
    @inline(__always)
    static func arabicStretch(
        _ base: UnsafePointer<UInt8>, at start: Int, to: Int, count: Int
    ) -> ArabicStretch {
        var i = start
        var spaces = SIMD16<Int8>()
        var marks = SIMD16<Int8>()
        while i &+ 17 <= count && i &+ 16 <= to {
            let raw = UnsafeRawPointer(base + i)
            let block = arabicLanes(
                prevs: raw.loadUnaligned(fromByteOffset: -1, as: SIMD16<Int8>.self),
                leads: raw.loadUnaligned(as: SIMD16<Int8>.self),
                nexts: raw.loadUnaligned(fromByteOffset: 1, as: SIMD16<Int8>.self))
            let passable = unsafeBitCast(block.passable, to: SIMD2<UInt64>.self)
            let all = passable[0] & passable[1] == ~0
            if all && base[i &+ 15] != 0x20 {
                spaces |= block.spaces
                marks |= block.marks
                i &+= 16
                // Past the continuation byte of a scalar in the last lane.
                if base[i] & 0xC0 == 0x80 { i &+= 1 }
                continue
            }
            // The lanes before the first one not passed, and before the spaces ending them.
            var j =
                all ? 16
                : ~passable[0] != 0
                ? (~passable[0]).trailingZeroBitCount &>> 3 : 8 &+ (~passable[1]).trailingZeroBitCount &>> 3
            while j > 0 && base[i &+ j &- 1] == 0x20 { j &-= 1 }
            let before = unsafeBitCast(
                SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) .< SIMD16<Int8>(repeating: Int8(j)),
                to: SIMD16<Int8>.self)
            spaces |= block.spaces & before
            marks |= block.marks & before
            // Lane j is not a continuation byte (those are passed, and a space is none).
            i &+= j
            // All passed but spaces at the end: the next block starts with them.
            if !all || j == 0 { break }
        }
        let spaceWords = unsafeBitCast(spaces, to: SIMD2<UInt64>.self)
        let markWords = unsafeBitCast(marks, to: SIMD2<UInt64>.self)
        return ArabicStretch(
            end: i, spaces: spaceWords[0] | spaceWords[1] != 0, marks: markWords[0] | markWords[1] != 0)
    }
}
