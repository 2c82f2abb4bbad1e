import CFriBidi

/// The levels of the commonest right-to-left paragraph with numbers, in one pass.
extension BidiLevels {
    /// Appends the levels of the paragraph `from..<to` of valid UTF-8 `bytes`, with base
    /// direction right to left, when it is of the kind most Arabic and Hebrew rows are: right-to-
    /// left letters (R, AL), numbers (EN, AN), white space, other neutrals and segment separators
    /// (WS, ON, S), common separators (CS) and non-spacing marks (NSM) — no left-to-right letter,
    /// no explicit embedding, override or isolate, no ES, ET or BN. Returns `false`, appending
    /// nothing, for any other paragraph.
    ///
    /// These are the levels UAX #9 (and fribidi, `BidiParagraphResolver`) gives such a paragraph,
    /// the rules restricted to what it holds: with no L, every neutral sits between
    /// right-to-left letters, numbers (as R, N1) and sor/eor (R), so N0–N2 make every neutral R;
    /// W1 gives a mark the type before it (R at the start); W2 makes an EN after AL an AN; W4
    /// makes a single CS between two numbers of one type (after W2) that type, W6 the other CS
    /// ON; W7 changes nothing (no L). I1–I2 then give R level 1 and numbers level 2; L1 resets
    /// white space to level 1. A CS before a mark is left to the resolver (W1 would make the mark
    /// a CS, and the CS no longer single).
    ///
    /// `BidiParagraphResolverTests` compares the levels with fribidi's on every corpus row and on
    /// Unicode's BidiCharacterTest.
    ///
    /// - Complexity: O(n) in the paragraph's length: one decode and one class lookup a scalar.
    mutating func appendRightToLeftParagraph(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let saved = self
        let table = BidiClass.belowU0700
        // The level of the bytes from the end of the last run appended to the scalar at `i`.
        var runLevel: UInt8 = 1
        // After W2, the type of the number the scalar before belongs to (EN or AN; a mark after
        // a number continues it), else nil.
        var number: BidiClass?
        // The type of the number before the scalar before, when that scalar is a CS (the open
        // run, at level 1, starts at it): the next scalar decides its level.
        var separatorAfter: BidiClass?
        var lastStrongIsAL = false
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let found: BidiClass?
            if value < 0x700, case let code = table[Int(value)], code != 0xFF {
                found = unsafeBitCast(code, to: BidiClass.self)
            } else {
                found = BidiClass(fribidi: fribidi_get_bidi_type(value).rawValue)
            }
            var level: UInt8 = 1
            var next = i + length
            var separatorBefore: BidiClass? = nil
            swap(&separatorBefore, &separatorAfter)
            switch found {
            case .r, .al:
                lastStrongIsAL = found == .al
                number = nil
                // The rest of the word, two-byte letters of the same class, at once: they change
                // nothing but the level run's end.
                let code = found.unsafelyUnwrapped.rawValue
                while next &+ 1 < to, bytes[next] & 0xE0 == 0xC0 {
                    let value = Int(bytes[next] & 0x1F) << 6 | Int(bytes[next &+ 1] & 0x3F)
                    guard value < 0x700, table[value] == code else { break }
                    next &+= 2
                }
            case .en, .an:
                let resolved: BidiClass = found == .en && lastStrongIsAL ? .an : found.unsafelyUnwrapped
                // W4: a single CS between two numbers of one type takes it: the open run (the CS
                // alone) goes to level 2 with the number.
                if separatorBefore == resolved { runLevel = 2 }
                number = resolved
                level = 2
            case .nsm:
                // W1: the type before it. A mark after a CS that may join numbers: the resolver's.
                guard separatorBefore == nil else {
                    self = saved
                    return false
                }
                if number != nil { level = 2 }
            case .cs:
                // Single unless the next scalar is a CS too, which sees no number before it.
                separatorAfter = number
                number = nil
            case .ws, .on, .s:
                number = nil
            case .l, .es, .et, .bn, nil:
                self = saved
                return false
            }
            if level != runLevel {
                if i > from { append(end: i, level: runLevel) }
                runLevel = level
            }
            i = next
        }
        if to > from { append(end: to, level: runLevel) }
        return true
    }
}
