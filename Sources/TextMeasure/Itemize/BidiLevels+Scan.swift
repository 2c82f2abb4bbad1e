import CFriBidi

/// The scan that tells text with nothing right to left (no levels) without asking fribidi.
extension BidiLevels {
    /// Whether `bytes` holds a scalar whose bidi type can make a level other than 0 (right to
    /// left, Arabic letter or number, an RLE or RLO embedding, an isolate): a scan of lead bytes,
    /// ASCII eight bytes at a time, decoding only the scalars whose lead bytes start a block that
    /// holds such scalars (U+0590–U+08FF, U+200F–U+2069, U+FB1D–U+FEFF, U+10800–U+1EFFF: D6–DF,
    /// E0 followed by A0–A3, E2, EF and F0 — not E0 followed by A4 or more: Devanagari, Bengali,
    /// Tamil, Thai…).
    ///
    /// - Complexity: O(n) in the length of `bytes`: a table look-up per non-ASCII scalar.
    static func mayHaveLevels(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        return leadBytes.withUnsafeBufferPointer { table in
            var i = 0
            while i < count {
                let b = base[i]
                if b < 0x80 {
                    // ASCII: eight bytes at a time where they all are.
                    if i &+ 8 <= count,
                       UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                    {
                        i &+= 8
                    } else {
                        i &+= 1
                    }
                    continue
                }
                let entry = table[Int(b)]
                if _slowPath(entry & LeadByte.candidate != 0),
                   b != 0xE0 || (i &+ 1 < count && extendedArabicFollows(e0Lead: base[i &+ 1]))
                {
                    let value = TextWalker.decode(bytes, at: i).value
                    if mayHaveLevel(value), raisesLevel(value) { return true }
                }
                i &+= Int(entry & LeadByte.lengthMask)
            }
            return false
        }
    }

    /// What `mayHaveLevels` needs of a byte: its scalar's length in bytes (1 for a continuation
    /// byte, which valid text never starts a scalar with) and whether it may lead a candidate.
    private enum LeadByte {
        static let lengthMask: UInt8 = 0x07
        static let candidate: UInt8 = 0x08
    }

    /// `LeadByte` entries for every byte value (E0 a candidate: its next byte decides).
    private static let leadBytes: [UInt8] = (0...255).map { (b: Int) -> UInt8 in
        let length: UInt8 = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        return length | (isCandidateLead(UInt8(b), next: 0xA0) ? LeadByte.candidate : 0)
    }

    /// Whether `b` (followed by `next`) leads a scalar of a block that holds a right-to-left,
    /// Arabic or isolate scalar: D6–DF, E0 before A0–A3 (U+0800–U+08FF), E2, EF or F0.
    @inline(__always)
    static func isCandidateLead(_ b: UInt8, next: UInt8) -> Bool {
        (0xD6...0xDF).contains(b) || b == 0xE2 || b == 0xEF || b == 0xF0 || (b == 0xE0 && extendedArabicFollows(e0Lead: next))
    }

    /// Whether `next`, the byte after a lead byte E0 (U+0800–U+0FFF) in valid UTF-8 (A0–BF),
    /// starts U+0800–U+08FF (A0–A3): Samaritan, Mandaic, Syriac Supplement, Arabic Extended —
    /// not Devanagari on.
    @inline(__always)
    static func extendedArabicFollows(e0Lead next: UInt8) -> Bool {
        next < 0xA4
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
