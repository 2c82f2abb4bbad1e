/// The break opportunities of a UTF-8 text, in order, by the default Unicode Line Breaking
/// Algorithm (UAX #14, Unicode 15.0, with the tailoring of numbers of its Example 7 that the
/// Unicode conformance test `LineBreakTest.txt` uses).
///
/// Never breaks at offset 0 (LB2); always reports a break at the end of a non-empty text (LB3),
/// mandatory if the text ends with BK, CR, LF or NL. Mandatory breaks follow BK, CR, LF and NL;
/// CR LF is one break, after the LF.
///
/// The iterator reads the buffer in place and never allocates; the buffer must stay valid while
/// the iterator is used, and should hold valid UTF-8 (as every Swift `String` does). Invalid
/// UTF-8 is never read out of bounds, but where its breaks fall is unspecified.
///
/// ```swift
/// var text = "Hello, world!\nBye"
/// text.withUTF8 { bytes in
///     for opportunity in LineBreakIterator(utf8: bytes) { print(opportunity) }
/// }
/// // offset 7 (after "Hello, "), offset 14 mandatory (after "\n"), offset 17 (the end)
/// ```
///
/// - Complexity: O(n) over the whole text: one table lookup per scalar (two more for a scalar
///   outside ASCII), and a tighter loop still over runs of ASCII letters.
public struct LineBreakIterator: IteratorProtocol, Sequence {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let tables: LineBreakTables
    @usableFromInline let machine: LineBreakStateMachine
    /// Offset of the next scalar to read.
    @usableFromInline var position = 0
    /// The automaton's current state, as the start of its row in the transition table.
    @usableFromInline var row = LineBreakStateMachine.startRow
    /// Offset just past the last scalar read that is not hanging white space (SP, BK, CR, LF,
    /// NL, BA white space); 0 if none.
    @usableFromInline var contentEnd = 0
    @usableFromInline var finished = false
    /// For the break last returned: where the run of white space before it began (its own
    /// offset if there is none; it may lie before the segment that ends there).
    @usableFromInline var lastBreakWhitespaceStart = 0

    /// Creates an iterator over the UTF-8 bytes of a text.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        self.bytes = utf8
        self.tables = LineBreakTables.shared
        self.machine = LineBreakStateMachine.shared
    }

    /// Creates an iterator over the UTF-8 bytes of a text that applies `tailoring`.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring) {
        self.bytes = utf8
        self.tables = LineBreakTables.tables(for: tailoring)
        self.machine = LineBreakStateMachine.shared
    }

    /// Creates an iterator over the UTF-8 bytes of a text that applies already resolved rules.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>, rules: LineBreakRules) {
        self.bytes = utf8
        self.tables = rules.tables
        self.machine = rules.machine
    }

    /// The next break opportunity, or `nil` after the end of the text.
    ///
    /// - Complexity: amortised O(1) per scalar read.
    @inlinable
    // Inlined into the caller's loop, where the iterator's state stays in registers: worth
    // about a third of the time per break. `@inline(__always)` is only a hint for a function
    // this size; SE-0496's `@inline(always)` (Swift 6.3) guarantees it.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func next() -> LineBreakOpportunity? {
        next(skippingLettersBeyondASCII: true)
    }

    /// `next()`; `skippingLettersBeyondASCII`: letters of two or three bytes after a letter are
    /// passed over in a loop of their own (`skipLetterRun`), which a text of ASCII never enters
    /// (the constant `false` leaves it out of that text's loop).
    @inlinable
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func next(skippingLettersBeyondASCII: Bool) -> LineBreakOpportunity? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        let transitions = machine.transitions
        let ascii = tables.ascii
        let letterRow = machine.letterRow
        var position = self.position
        var row = self.row
        var contentEnd = self.contentEnd
        while position < n {
            if (row == letterRow || row == machine.spaceLetterRow) && skippingLettersBeyondASCII
                && base[position] >= 0xC2
            {
                // Letters of two or three bytes after a letter (Arabic, Hebrew, Cyrillic,
                // Devanagari…, and the marks on them): no break, no change of state, not white
                // space. The scalar that ends them (white space, most often) takes the general
                // path below at once; an ASCII letter there keeps the state, and the loop over
                // ASCII letters takes the ones after it. After a space and a letter, the first
                // such scalar is one that leads to `letterRow` (`spaceLetterRunCodes`).
                var inRun = row == letterRow
                if !inRun, let (code, length) = multiByteCode(at: position, base: base, n: n),
                   machine.spaceLetterRunCodes &>> UInt64(code) & 1 != 0
                {
                    row = letterRow
                    position &+= length
                    contentEnd = position
                    inRun = true
                    if position == n { break }
                }
                if inRun {
                    position = skipLetterRun(from: position, base: base, n: n, letterCodes: machine.letterRunCodes)
                    contentEnd = position
                    if position == n { break }
                    // A space and such a letter (AL) after them: both transitions at once, as for
                    // a space and an ASCII letter below (the same input codes).
                    let letter = position &+ 1
                    if letter < n, ascii[Int(base[position])] == LineBreakClass.sp.rawValue, machine.spaceLetterRow >= 0,
                       let (code, length) = multiByteCode(at: letter, base: base, n: n), code == LineBreakClass.al.rawValue
                    {
                        self.position = letter &+ length
                        self.row = machine.spaceLetterRow
                        self.contentEnd = letter &+ length
                        lastBreakWhitespaceStart = position
                        return LineBreakOpportunity(offset: letter, isMandatory: false)
                    }
                }
            } else if row == letterRow {
                // A letter after a letter: neither a break nor a change of state. Skip ASCII
                // letters eight at a time, then (near the end) the ASCII AL bytes one by one.
                while position &+ 8 <= n {
                    let count = LineBreakIterator.leadingASCIILetters(
                        UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)))
                    position &+= count
                    if count < 8 { break }
                }
                if position &+ 8 > n {
                    while position < n && ascii[Int(base[position])] == LineBreakClass.al.rawValue { position &+= 1 }
                }
                contentEnd = position
                if position == n { break }
                // A space and a letter after the letters (a word's end and the next word's
                // start): both transitions at once, as the loop below would take them — no break
                // before the space (white space: the content still ends before it), a break
                // before the letter, the state `spaceLetterRow`.
                let letter = position &+ 1
                if letter < n, ascii[Int(base[position])] == LineBreakClass.sp.rawValue,
                   ascii[Int(base[letter])] == LineBreakClass.al.rawValue, machine.spaceLetterRow >= 0
                {
                    self.position = letter &+ 1
                    self.row = machine.spaceLetterRow
                    self.contentEnd = letter &+ 1
                    lastBreakWhitespaceStart = position
                    return LineBreakOpportunity(offset: letter, isMandatory: false)
                }
            }
            let start = position
            let b0 = base[start]
            let code: Int
            if b0 < 0x80 {
                code = Int(ascii[Int(b0)])
                position = start &+ 1
            } else {
                let value: UInt32
                (value, position) = LineBreakIterator.decode(base, b0, start, n)
                code = Int(tables.stagedCode(value))
            }
            let transition = Int(transitions[row &+ code])
            row = transition & 0x3FFF
            let whitespaceStart = contentEnd
            if LineBreakStateMachine.whitespaceCodes &>> UInt64(code) & 1 == 0 { contentEnd = position }
            let action = transition &>> 14
            if action != LineBreakStateMachine.prohibited {
                if action == LineBreakStateMachine.lookahead && nextIsNumber(after: position) { continue }
                self.position = position
                self.row = row
                self.contentEnd = contentEnd
                lastBreakWhitespaceStart = whitespaceStart
                return LineBreakOpportunity(offset: start, isMandatory: action == LineBreakStateMachine.mandatory)
            }
        }
        self.position = position
        self.row = row
        self.contentEnd = contentEnd
        if finished || n == 0 { return nil }
        finished = true
        lastBreakWhitespaceStart = contentEnd
        return LineBreakOpportunity(offset: n, isMandatory: machine.mandatoryAtEnd[row &>> 6])
    }

    /// The offset of the first scalar from `position` on that does not continue a run of
    /// letters in `letterRow` (`LineBreakStateMachine.letterRunCodes`), or that is not a whole
    /// two- or three-byte sequence before `n` (ASCII, four bytes, a truncated or invalid lead:
    /// the general path reads it). Each scalar skipped is one the general path would read
    /// without a break, a change of state or white space, so skipping it changes nothing but
    /// the offset.
    @inlinable @inline(__always)
    func skipLetterRun(from position: Int, base: UnsafePointer<UInt8>, n: Int, letterCodes: UInt64) -> Int {
        var position = position
        while let (code, length) = multiByteCode(at: position, base: base, n: n), letterCodes &>> UInt64(code) & 1 != 0 {
            position &+= length
            if position == n { break }
        }
        return position
    }

    /// The input code and length of the scalar at `position` (< `n`) when it is a whole two- or
    /// three-byte sequence (lead byte C2–EF) before `n`, decoded as `decode` does; else `nil`.
    @inlinable @inline(__always)
    func multiByteCode(at position: Int, base: UnsafePointer<UInt8>, n: Int) -> (code: UInt8, length: Int)? {
        let lead = UInt32(base[position])
        if lead &- 0xC2 < 0x1E {
            guard position &+ 1 < n else { return nil }
            return (tables.stagedCode((lead & 0x1F) &<< 6 | UInt32(base[position &+ 1] & 0x3F)), 2)
        }
        guard lead &- 0xE0 < 0x10, position &+ 2 < n else { return nil }
        let value = (lead & 0x0F) &<< 12 | UInt32(base[position &+ 1] & 0x3F) &<< 6 | UInt32(base[position &+ 2] & 0x3F)
        return (tables.stagedCode(value), 3)
    }

    /// How many of the eight bytes of `word` (first byte in the low bits) are ASCII letters
    /// A–Z or a–z before the first that is not: 0–8.
    @inlinable @inline(__always)
    static func leadingASCIILetters(_ word: UInt64) -> Int {
        let caseBits: UInt64 = 0x2020_2020_2020_2020
        let low7Bits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let folded = word | caseBits  // upper case to lower case; other bytes stay non-letters
        let low = folded & low7Bits
        let atLeastA = low &+ 0x1F1F_1F1F_1F1F_1F1F  // high bit set where low ≥ 0x61 "a"
        let aboveZ = low &+ 0x0505_0505_0505_0505  // high bit set where low ≥ 0x7B, past "z"
        let letters = atLeastA & ~aboveZ & ~folded & highBits  // ~folded: not a byte ≥ 0x80
        return ((~letters) & highBits).trailingZeroBitCount &>> 3
    }

    /// Decodes the scalar whose lead byte `b0` (not ASCII) is at `i`; returns it and the offset
    /// after it. Bytes past `n` are never read: a truncated or invalid sequence yields some
    /// value below U+110000 and at least one byte of progress.
    @inlinable @inline(__always)
    static func decode(_ base: UnsafePointer<UInt8>, _ b0: UInt8, _ i: Int, _ n: Int) -> (UInt32, Int) {
        let lead = UInt32(b0)
        if lead < 0xE0 {
            guard i &+ 1 < n else { return (0xFFFD, n) }
            return ((lead & 0x1F) &<< 6 | UInt32(base[i &+ 1] & 0x3F), i &+ 2)
        }
        if lead < 0xF0 {
            guard i &+ 2 < n else { return (0xFFFD, n) }
            return (
                (lead & 0x0F) &<< 12 | UInt32(base[i &+ 1] & 0x3F) &<< 6 | UInt32(base[i &+ 2] & 0x3F), i &+ 3
            )
        }
        guard i &+ 3 < n else { return (0xFFFD, n) }
        let value = (lead & 0x07) &<< 18 | UInt32(base[i &+ 1] & 0x3F) &<< 12 | UInt32(base[i &+ 2] & 0x3F) &<< 6
            | UInt32(base[i &+ 3] & 0x3F)
        return (value < 0x11_0000 ? value : 0xFFFD, i &+ 4)
    }

    /// LB25.01's lookahead: whether the first scalar from `offset` on that is not CM or ZWJ is NU.
    @inlinable
    func nextIsNumber(after offset: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        var i = offset
        while i < n {
            let b0 = base[i]
            let value: UInt32
            if b0 < 0x80 {
                value = UInt32(b0)
                i &+= 1
            } else {
                (value, i) = LineBreakIterator.decode(base, b0, i, n)
            }
            let code = tables.code(value)
            if code != LineBreakClass.cm.rawValue && code != LineBreakClass.zwj.rawValue {
                return code == LineBreakClass.nu.rawValue
            }
        }
        return false
    }
}
