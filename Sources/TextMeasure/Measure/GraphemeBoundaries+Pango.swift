/// Pango 1.50's grapheme clusters, where its char wrapping may break (`is_char_break`), as
/// changes to Unicode 15.1's (`break.c`'s UAX #29 rules by General_Category, then
/// `break-indic.c`'s tailoring of Indic items).
///
/// Pango 1.50 predates rule GB9c (a consonant after a virama or a joiner continues the
/// conjunct's cluster), classifies every spacing mark (Mc) as SpacingMark and Thai and Lao SARA
/// AM (Lo) as Other, and in an Indic item removes the boundaries after a joiner (ZWJ, ZWNJ) and
/// after a virama that follows one. `pango-oracle --breaks` prints Pango's own
/// (`PangoCharBreakAccuracyTests` compares every corpus row).
extension GraphemeBoundaries {
    /// Calls `body` with the offset of every scalar strictly inside the Unicode cluster
    /// `start..<end` before which Pango 1.50 has a boundary.
    @inline(never)
    static func forEachPangoBoundary(
        in bytes: UnsafeBufferPointer<UInt8>, after start: Int, before end: Int, _ body: (Int) -> Void
    ) {
        var (previous, k) = TextWalker.decode(bytes, at: start)
        k += start
        while k < end {
            let (value, length) = TextWalker.decode(bytes, at: k)
            if pangoBreaks(before: value, after: previous), !indicJoinerJoins(in: bytes, at: k) { body(k) }
            previous = value
            k += length
        }
    }

    /// Whether Pango 1.50 keeps Unicode's boundary at `offset` (< the text's end): not before a
    /// spacing mark (General_Category Mc, also those Unicode excludes from SpacingMark, such as
    /// Myanmar's U+102B and U+102C), nor where an Indic joiner joins (`indicJoinerJoins`).
    static func pangoKeepsBoundary(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let next = TextWalker.decode(bytes, at: offset).value
        if next >= 0x300, Unicode.Scalar(next)?.properties.generalCategory == .spacingMark { return false }
        return !indicJoinerJoins(in: bytes, at: offset)
    }

    /// Whether Pango 1.50 has a grapheme boundary between `previous` and `value`, two scalars of
    /// one Unicode 15.1 cluster (`break.c`): yes when `value` is of Pango's break type Other and
    /// `previous` is not a Prepend. Inside a Unicode cluster that is a letter after a virama or
    /// a joiner (GB9c) or SARA AM; marks (Mn, Me, Mc), the joiners, tags, halfwidth voicing
    /// marks and emoji modifiers extend, Hangul jamo continue a syllable, and a regional
    /// indicator after one or a pictograph after a joiner continue an emoji sequence (rules
    /// GB6–GB9b, GB11–GB13).
    static func pangoBreaks(before value: UInt32, after previous: UInt32) -> Bool {
        switch value {
        case 0x200C, 0x200D, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF, 0xE0020...0xE00FF: return false
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xAC00...0xD7FF: return false  // Hangul
        case 0x1F1E6...0x1F1FF: return false  // a regional indicator pair
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return false
        case .otherSymbol where previous == 0x200D: return false  // GB11: a ZWJ emoji sequence
        default: break
        }
        return !isPangoPrepend(previous)
    }

    /// Pango 1.50's Prepend (`break.c`): the prepended concatenation marks and the consonants
    /// that precede a repha or are prefixed (`_pango_is_Consonant_Preceding_Repha`,
    /// `_pango_is_Consonant_Prefixed`).
    private static func isPangoPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x08E2, 0x110BD, 0x110CD: return true
        case 0x0D4E, 0x11941, 0x11D46, 0x11F02: return true
        case 0x111C2, 0x111C3, 0x1193F, 0x11A3A, 0x11A84...0x11A89: return true
        default: return false
        }
    }

    /// Whether `break-indic.c` removes the boundary before the scalar at `offset`: in an item of
    /// an Indic script (Devanagari to Malayalam), after a joiner (ZWJ, ZWNJ) that follows a
    /// scalar of the item, and after a virama that follows such a joiner ("ত্‍গ", "क‍्ष" are one
    /// cluster each). The scalar at `offset` must be in the same item: of the same script's
    /// block, or ASCII other than a letter (common characters join the item).
    static func indicJoinerJoins(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        // Every joiner and virama is three bytes (E2 80 8C/8D; E0 A4–B5 xx).
        guard offset >= 6, bytes[offset - 3] == 0xE0 || bytes[offset - 3] == 0xE2 else { return false }
        var before = offset - 3
        var last = TextWalker.decode(bytes, at: before).value
        if isIndicVirama(last) {
            before -= 3
            guard before >= 3 else { return false }
            last = TextWalker.decode(bytes, at: before).value
        }
        guard last == 0x200C || last == 0x200D, bytes[before - 3] == 0xE0 else { return false }
        let base = TextWalker.decode(bytes, at: before - 3).value
        guard (0x0900..<0x0D80).contains(base) else { return false }
        let next = TextWalker.decode(bytes, at: offset).value
        if next < 0x80 { return !(Unicode.Scalar(UInt8(next)).properties.isAlphabetic) }
        return next >> 7 == base >> 7
    }

    /// The viramas `break-indic.c` names (Bengali, Gujarati, Devanagari, Kannada, Malayalam,
    /// Oriya, Gurmukhi, Tamil, Telugu).
    private static func isIndicVirama(_ value: UInt32) -> Bool {
        switch value {
        case 0x09CD, 0x0ACD, 0x094D, 0x0CCD, 0x0D4D, 0x0B4D, 0x0A4D, 0x0BCD, 0x0C4D: return true
        default: return false
        }
    }
}
