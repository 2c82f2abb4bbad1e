import CFriBidi

/// The bidirectional embedding levels (UAX #9) of a text, as Pango 1.50 resolves them for a
/// `PangoLayout` with its default automatic direction: each paragraph (ended by LF, CR, CR LF or
/// U+2029, as `pango_find_paragraph_boundary`) gets the base direction of its first strong
/// character, else the previous paragraph's (the first paragraph: the text's first strong
/// character, else weak left to right), and its levels from fribidi through
/// `pango_log2vis_get_embedding_levels` — including that function's shortcuts: a paragraph with no
/// right-to-left, Arabic-number or isolate character is all level 0 (explicit LRE and LRO
/// embeddings too), one whose strong characters are all right to left and that has no number
/// nor isolate is all level 1.
///
/// Text with no character that can give a level other than 0 has no levels (`init` returns
/// `nil` after one scan of its bytes, without calling fribidi or allocating).
struct BidiLevels: Sendable, Equatable {
    /// The level of each byte of the text: every byte of a scalar has the scalar's level, a
    /// paragraph delimiter its paragraph's base level.
    private(set) var levels: [UInt8]

    /// The level of the scalar at (or around) UTF-8 offset `offset`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 { levels[offset] }

    /// The levels of the valid UTF-8 text `bytes`, or `nil` when they are all 0.
    ///
    /// - Complexity: O(n) in the text's length (fribidi's algorithm is O(n) per paragraph in
    ///   practice); one scan of the bytes when the text has nothing right to left.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard BidiLevels.mayHaveLevels(bytes) else { return nil }
        var levels = [UInt8](repeating: 0, count: bytes.count)
        var anyLevel = false
        var previous = BidiLevels.firstStrongDirection(bytes, from: 0, to: bytes.count) ?? .weakLeftToRight
        var types: [FriBidiCharType] = []
        var brackets: [FriBidiBracketType] = []
        var scalarLevels: [FriBidiLevel] = []
        var start = 0
        while start < bytes.count {
            let (end, next) = BidiLevels.paragraph(in: bytes, from: start)
            let base: Direction
            if let found = BidiLevels.firstStrongDirection(bytes, from: start, to: end) {
                base = found
                previous = found
            } else {
                base = previous
            }
            let resolved = BidiLevels.resolve(
                bytes, from: start, to: end, base: base, types: &types, brackets: &brackets, levels: &scalarLevels)
            // Spread the scalars' levels over their bytes; the delimiter takes the base level.
            var k = 0
            var i = start
            while i < end {
                let length = TextWalker.decode(bytes, at: i).length
                let level = UInt8(bitPattern: scalarLevels[k])
                if level != 0 {
                    anyLevel = true
                    for j in i..<(i + length) { levels[j] = level }
                }
                i += length
                k += 1
            }
            if resolved == .rightToLeft {
                for j in end..<next { levels[j] = 1 }
                if next > end { anyLevel = true }
            }
            start = next
        }
        guard anyLevel else { return nil }
        self.levels = levels
    }

    /// A paragraph's base direction.
    enum Direction: Equatable {
        case leftToRight, rightToLeft, weakLeftToRight
    }

    /// Where the paragraph starting at `from` ends (its delimiter) and where the next one starts,
    /// as `pango_find_paragraph_boundary` finds them.
    static func paragraph(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, next: Int) {
        var i = from
        while i < bytes.count {
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

    /// The levels of the scalars of the paragraph `from..<to` with base direction `base` into
    /// `levels` (one per scalar), as `pango_log2vis_get_embedding_levels`; returns the resolved
    /// paragraph direction (`.leftToRight` or `.rightToLeft`). `types` and `brackets` are
    /// scratch space.
    static func resolve(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, base: Direction,
        types: inout [FriBidiCharType], brackets: inout [FriBidiBracketType], levels: inout [FriBidiLevel]
    ) -> Direction {
        types.removeAll(keepingCapacity: true)
        brackets.removeAll(keepingCapacity: true)
        var ored: UInt32 = 0
        var andedStrongs = rowheight_fribidi_type_rle().rawValue
        let on = rowheight_fribidi_type_on()
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let type = fribidi_get_bidi_type(value)
            types.append(type)
            ored |= type.rawValue
            if rowheight_fribidi_is_strong(type.rawValue) != 0 { andedStrongs &= type.rawValue }
            brackets.append(type.rawValue == on.rawValue ? fribidi_get_bracket(value) : rowheight_fribidi_no_bracket())
            i += length
        }
        let count = types.count
        var parType: FriBidiParType
        switch base {
        case .leftToRight: parType = rowheight_fribidi_par_ltr()
        case .rightToLeft: parType = rowheight_fribidi_par_rtl()
        case .weakLeftToRight: parType = rowheight_fribidi_par_wltr()
        }
        let baseIsRTL = rowheight_fribidi_is_rtl(parType.rawValue) != 0
        let baseIsWeak = rowheight_fribidi_is_weak(parType.rawValue) != 0
        let hasLetters = rowheight_fribidi_is_letter(ored) != 0
        let noIsolates = rowheight_fribidi_is_isolate(ored) == 0
        if noIsolates, rowheight_fribidi_is_rtl(ored) == 0, rowheight_fribidi_is_arabic(ored) == 0,
           !baseIsRTL || (baseIsWeak && hasLetters)
        {
            levels = [FriBidiLevel](repeating: 0, count: count)
            return .leftToRight
        }
        if noIsolates, rowheight_fribidi_is_number(ored) == 0, rowheight_fribidi_is_rtl(andedStrongs) != 0,
           baseIsRTL || (baseIsWeak && hasLetters)
        {
            levels = [FriBidiLevel](repeating: 1, count: count)
            return .rightToLeft
        }
        levels = [FriBidiLevel](repeating: 0, count: count)
        let maxLevel = types.withUnsafeBufferPointer { types in
            brackets.withUnsafeBufferPointer { brackets in
                levels.withUnsafeMutableBufferPointer { levels in
                    fribidi_get_par_embedding_levels_ex(
                        types.baseAddress, brackets.baseAddress, FriBidiStrIndex(count), &parType, levels.baseAddress)
                }
            }
        }
        if maxLevel == 0 {
            // fribidi failed (out of memory): Pango resets the levels to 0.
            for k in levels.indices { levels[k] = 0 }
        }
        return parType.rawValue == rowheight_fribidi_par_ltr().rawValue ? .leftToRight : .rightToLeft
    }

    /// Whether `bytes` holds a scalar whose bidi type can make a level other than 0 (right to
    /// left, Arabic letter or number, an RLE or RLO embedding, an isolate): a scan of lead bytes,
    /// decoding only those of the blocks that hold such scalars.
    static func mayHaveLevels(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        // The lead bytes decoded, as bits `b − 0xC0`: D6–E0, E2, EF, F0.
        let candidateLeads: UInt64 = 0x0001_8005_FFC0_0000
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
            // One scalar at a time, decoding only the lead bytes of the blocks that hold such
            // scalars (U+0590–U+08FF, U+200F–U+2069, U+FB1D–U+FEFF, U+10800–U+1EFFF): D6–E0,
            // E2, EF and F0.
            // (E0 leads U+0800–U+0FFF: only U+0800–U+08FF, second byte A0–A3, is a candidate,
            // not Devanagari, Bengali, Tamil… from U+0900 on.)
            if b >= 0xD6, candidateLeads &>> UInt64(b &- 0xC0) & 1 != 0,
               b != 0xE0 || (i &+ 1 < count && base[i &+ 1] < 0xA4)
            {
                let value = TextWalker.decode(bytes, at: i).value
                if mayHaveLevel(value), raisesLevel(value) { return true }
            }
            i &+= b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        }
        return false
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
