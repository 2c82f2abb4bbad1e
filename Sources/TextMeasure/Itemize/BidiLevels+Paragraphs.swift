import CFriBidi

/// Pango's paragraphs and base directions (`pango_find_paragraph_boundary`, `pango_find_base_dir`).
extension BidiLevels {
    /// Where the paragraph starting at `from` ends (its delimiter) and where the next one starts,
    /// as `pango_find_paragraph_boundary` finds them.
    static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, next: Int) {
        guard let base = bytes.baseAddress else { return (from, from) }
        var i = from
        let raw = UnsafeRawPointer(base)
        while i < bytes.count {
            // Sixteen bytes at a time, then eight, where none is below 0x0E (LF, CR) or 0xE2
            // (U+2029's lead byte).
            if i &+ 16 <= bytes.count,
               BidiLevels.delimiterBits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                | BidiLevels.delimiterBits(raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)) == 0
            {
                i &+= 16
                continue
            }
            if i &+ 8 <= bytes.count, BidiLevels.delimiterBits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) == 0 {
                i &+= 8
                continue
            }
            switch bytes[i] {
            case 0x0A:
                return (i, i + 1)
            case 0x0D:
                return (i, i + 1 < bytes.count && bytes[i + 1] == 0x0A ? i + 2 : i + 1)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xA9:
                return (i, i + 3)
            default:
                i += 1
            }
        }
        return (bytes.count, bytes.count)
    }

    /// Not 0 when one of the eight bytes of `word` is below 0x0E (LF and CR are) or is 0xE2:
    /// borrows make false positives only beside a true one.
    @inline(__always)
    static func delimiterBits(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let e2 = word ^ (ones &* 0xE2)
        return ((word &- ones &* 0x0E) & ~word | (e2 &- ones) & ~e2) & (ones &<< 7)
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
