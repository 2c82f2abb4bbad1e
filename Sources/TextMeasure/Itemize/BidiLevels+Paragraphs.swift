import CFriBidi

/// Pango's paragraphs and base directions (`pango_find_paragraph_boundary`, `pango_find_base_dir`).
extension BidiLevels {
    /// Where the paragraph starting at `from` ends (its delimiter) and where the next one starts,
    /// as `pango_find_paragraph_boundary` finds them.
    static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, next: Int) {
        guard let base = bytes.baseAddress else { return (from, from) }
        var i = from
        while i < bytes.count {
            // Eight bytes at a time where none is LF, CR or 0xE2 (U+2029's lead byte).
            if i &+ 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if !BidiLevels.hasByte(word, 0x0A) && !BidiLevels.hasByte(word, 0x0D) && !BidiLevels.hasByte(word, 0xE2) {
                    i &+= 8
                    continue
                }
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

    /// Whether one of the eight bytes of `word` is `byte`.
    @inline(__always)
    static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let v = word ^ (ones &* UInt64(byte))
        return (v &- ones) & ~v & (ones &<< 7) != 0
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
