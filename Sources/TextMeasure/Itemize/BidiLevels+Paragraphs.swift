import CFriBidi

/// Pango's paragraphs and base directions (`pango_find_paragraph_boundary`, `pango_find_base_dir`).
extension BidiLevels {
    /// Where the paragraph starting at `from` ends (its delimiter) and where the next one starts,
    /// as `pango_find_paragraph_boundary` finds them.
    static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, next: Int) {
        guard let base = bytes.baseAddress else { return (from, from) }
        let count = bytes.count
        var i = from
        let raw = UnsafeRawPointer(base)
        while i < count {
            // Sixty-four bytes at a time, then sixteen, to the first byte below 0x0E (LF, CR) or
            // 0xE2 (U+2029's lead byte); the last sixteen of the text, from `i`, when fewer are
            // left.
            if i &+ 64 <= count {
                let lanes =
                    delimiterLanes(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                    .| delimiterLanes(raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self))
                    .| delimiterLanes(raw.loadUnaligned(fromByteOffset: i &+ 32, as: SIMD16<UInt8>.self))
                    .| delimiterLanes(raw.loadUnaligned(fromByteOffset: i &+ 48, as: SIMD16<UInt8>.self))
                if !UTF8Block.any(lanes) {
                    i &+= 64
                    continue
                }
            }
            if count >= 16 {
                let at = min(i, count &- 16)
                var lanes = delimiterLanes(raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self))
                if at < i {
                    let offsets = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
                    lanes = lanes .& (offsets .>= SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: i &- at)))
                }
                let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
                if words[0] | words[1] == 0 {
                    i = at &+ 16
                    continue
                }
                i = at &+ (words[0] != 0 ? words[0].trailingZeroBitCount : 64 &+ words[1].trailingZeroBitCount) &>> 3
            }
            switch bytes[i] {
            case 0x0A:
                return (i, i + 1)
            case 0x0D:
                return (i, i + 1 < count && bytes[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9:
                return (i, i + 3)
            default:
                i += 1
            }
        }
        return (count, count)
    }

    /// The lanes of `block` whose byte is below 0x0E (LF and CR are) or is 0xE2 (U+2029's lead
    /// byte): where `paragraph(in:from:)` looks closer.
    @inline(__always)
    static func delimiterLanes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (block .< SIMD16<UInt8>(repeating: 0x0E)) .| (block .== SIMD16<UInt8>(repeating: 0xE2))
    }

    /// The direction of the first strong character of `from..<to` (`pango_find_base_dir`, which
    /// stops at a NUL byte), or `nil` when there is none.
    static func firstStrongDirection(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Direction? {
        var i = from
        while i < to, bytes[i] != 0 {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let type = fribidi_get_bidi_type(value)
            if rowheight_fribidi_is_strong(type.rawValue) != 0 {
                return rowheight_fribidi_is_rtl(type.rawValue) != 0 ? .rightToLeft : .leftToRight
            }
            i += length
        }
        return nil
    }
}
