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
