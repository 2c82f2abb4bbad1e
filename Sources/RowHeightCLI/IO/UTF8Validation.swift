/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing past U+10FFFF,
/// no stray continuation bytes, no truncated sequences.
enum UTF8Validation {
    /// The offset of the first byte that does not start a valid UTF-8 sequence, or `nil` if all of
    /// `bytes` is valid.
    ///
    /// - Complexity: O(n); ASCII is checked eight bytes at a time.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i < count {
            if i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            if base[i] < 0x80 {
                i += 1
                continue
            }
            guard let length = sequenceLength(base, at: i, count: count) else { return i }
            i += length
        }
        return nil
    }

    /// Whether the eight bytes of `word` (read little-endian) are four valid two-byte sequences
    /// (U+0080–U+07FF: Arabic, Hebrew, Cyrillic, Greek…): each even byte C2–DF, each odd byte a
    /// continuation byte. The same answer as `sequenceLength` giving 2 four times in a row.
    @inline(__always)
    static func isFourTwoByteSequences(_ word: UInt64) -> Bool {
        // Leads 110xxxxx, continuations 10xxxxxx; and no lead C0 or C1 (an overlong form): bits
        // 1–4 of each lead not all 0, which sets bit 15 of its 16-bit lane once 0x7FFF is added.
        guard word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 else { return false }
        let leadBits = word & 0x001E_001E_001E_001E
        return (leadBits &+ 0x7FFF_7FFF_7FFF_7FFF) & 0x8000_8000_8000_8000 == 0x8000_8000_8000_8000
    }

    /// Whether the first six of the eight bytes of `word` (read little-endian) are two valid
    /// three-byte sequences (U+0800–U+FFFF without surrogates: Devanagari, Thai, CJK…). The same
    /// answer as `sequenceLength` giving 3 twice in a row.
    @inline(__always)
    static func areTwoThreeByteSequences(_ word: UInt64) -> Bool {
        // Leads 1110xxxx at bytes 0 and 3, continuations at 1, 2, 4 and 5.
        guard word & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { return false }
        return isThreeByteStart(UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8))
            && isThreeByteStart(UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 32))
    }

    /// For a lead byte E0–EF followed by a continuation byte: whether they start a valid
    /// sequence (E0 needs A0–BF, no overlong form; ED needs 80–9F, no surrogate).
    @inline(__always)
    private static func isThreeByteStart(_ lead: UInt8, _ second: UInt8) -> Bool {
        switch lead {
        case 0xE0: second >= 0xA0
        case 0xED: second < 0xA0
        default: true
        }
    }

    /// The length (2–4) of the valid multi-byte sequence whose lead byte (≥ 0x80) is at `i`, or
    /// `nil` if it is not valid UTF-8.
    @inline(__always)
    static func sequenceLength(_ base: UnsafePointer<UInt8>, at i: Int, count: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch base[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard i + length <= count else { return nil }
        let second = base[i + 1]
        guard second >= low && second <= high else { return nil }
        if length > 2 {
            guard base[i + 2] & 0xC0 == 0x80 else { return nil }
            if length > 3 {
                guard base[i + 3] & 0xC0 == 0x80 else { return nil }
            }
        }
        return length
    }
}
