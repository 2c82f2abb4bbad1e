import CHarfBuzz

/// Pango 1.50's script runs of a text (`pango_script_iter_next` in `pango-script.c`), for the
/// script of the run a line starts in: UAX #24 scripts, common and inherited characters joining
/// the run they are in (at a paragraph's start, the first script after them), and Pango's
/// paired punctuation — a closing bracket, quote or guillemet takes the script of the run its
/// opening one was in ("--file=<파일>" is one Latin run around a Hangul one, so a line that
/// starts at its ">" starts with a Latin run). Each paragraph (LF, CR, U+2029) is itemized on
/// its own, as `PangoLayout` does.
///
/// `script(at:in:)` reads the paragraph from its start (at most `maxLookBehind` bytes before the
/// offset) up to the run holding the offset: nothing is kept between calls, so a fitter that
/// holds none of it stays a plain value.
struct PangoScriptRuns {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The current run: `runStart..<runEnd`, of `script`.
    private var runStart = 0
    private var runEnd = 0
    private var script = HB_SCRIPT_COMMON
    /// Pango's stack of open paired characters (pair index, script), at most 128 deep.
    private var stack = PairStack()
    private var atParagraphStart = true

    /// How far before an offset the paragraph's start is looked for; past it the runs are read
    /// from there as if a paragraph started (a bracket opened further back is not seen).
    static let maxLookBehind = 4096

    private init(bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.bytes = bytes
        self.runEnd = start
    }

    /// The script of the run holding byte `offset` of `bytes` (valid UTF-8); `HB_SCRIPT_COMMON`
    /// for a run of common characters only, and past the end.
    ///
    /// - Complexity: O(bytes from the paragraph's start to the run's end), at most about
    ///   `maxLookBehind` plus the run.
    static func script(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> hb_script_t {
        nearScript(at: offset, in: bytes) ?? scannedScript(at: offset, in: bytes)
    }

    /// `script(at:in:)` read from the scalars around `offset` alone, where no closing paired
    /// character is near: a real-script scalar's run is of its script; a common or inherited one
    /// joins the run of the last real-script scalar before it in its paragraph when only common
    /// and inherited scalars that close nothing lie between (runs break only before a real-script
    /// scalar of another script, or where a paired character closes; an opening one is common and
    /// joins the run it is in), else — at the paragraph's start — takes the first real script
    /// after it in the paragraph (common when there is none). `nil` where a closing paired
    /// character or the look-behind limit comes first: the runs must be read.
    ///
    /// - Complexity: O(scalars between `offset` and the nearest real-script scalar).
    static func nearScript(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> hb_script_t? {
        guard offset < bytes.count else { return nil }
        // Back from `offset` (itself included) to the paragraph's start.
        var j = offset
        let limit = max(0, offset - maxLookBehind)
        while true {
            let byte = bytes[j]
            if byte < 0x80 {
                // ASCII without HarfBuzz: letters Latin; the rest common, ")", ">", "]", "}" closing.
                if (byte | 0x20) &- 0x61 < 26 { return HB_SCRIPT_LATIN }
                if byte == 0x29 || byte == 0x3E || byte == 0x5D || byte == 0x7D { return nil }
            } else {
                let value = TextWalker.decode(bytes, at: j).value
                let script = scalarScript(value)
                if isReal(script) { return script }
                if script == HB_SCRIPT_COMMON && closes(value) { return nil }
            }
            guard j > 0 && !startsParagraph(at: j, in: bytes) else { break }
            guard j > limit else { return nil }
            j -= 1
            while j > 0 && bytes[j] & 0xC0 == 0x80 { j -= 1 }
        }
        // Only common and inherited scalars before it in its paragraph: the first real script after.
        var f = offset
        while f < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: f)
            if value == 0x0A || value == 0x0D || value == 0x2029 { return HB_SCRIPT_COMMON }
            let script = scalarScript(value)
            if isReal(script) { return script }
            if script == HB_SCRIPT_COMMON && closes(value) { return nil }
            f += length
        }
        return HB_SCRIPT_COMMON
    }

    /// Whether Pango 1.50 starts a script run at byte `offset` of `bytes` (valid UTF-8), where
    /// the scalar `value` starts, because `value` is a closing paired character that takes the
    /// script of the run its opening one was in, which is not the script of the run before it:
    /// in "не «T»" the "»" is in the Cyrillic run of "не «", apart from the Latin "T". HarfBuzz
    /// shapes the two runs apart, so the glyph before `offset` does not kern with the closing
    /// one. `false` at a paragraph's start, for a scalar that closes nothing, where the runs go
    /// on, and for the ASCII brackets, which the tables' loops over ASCII bytes do not ask
    /// about (README, Limits). What every kerning lookup of the tables' paths asks where it
    /// found a pair: one compare inline, the runs read out of line.
    ///
    /// - Complexity: O(1) for a scalar below U+00BB ("»"); else O(bytes from the paragraph's
    ///   start to `offset`), at most about `maxLookBehind`.
    @inline(__always)
    static func closingStartsRun(_ value: UInt32, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        value >= 0xBB && closingBeyondASCIIStartsRun(value, at: offset, in: bytes)
    }

    /// `closingStartsRun(_:at:in:)` for a scalar from U+00BB on, out of line.
    @inline(never)
    private static func closingBeyondASCIIStartsRun(
        _ value: UInt32, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard offset > 0, offset < bytes.count, !startsParagraph(at: offset, in: bytes), closes(value)
        else { return false }
        var runs = PangoScriptRuns(bytes: bytes, from: paragraphStart(before: offset, in: bytes))
        while runs.runEnd < offset { runs.nextRun() }
        return runs.runEnd == offset
    }

    /// Whether `value` is a closing paired character (`pairedCharacters`, odd index).
    @inline(__always)
    private static func closes(_ value: UInt32) -> Bool {
        let pair = pairIndex(value)
        return pair >= 0 && pair & 1 == 1
    }

    /// Whether byte `offset` (> 0) of `bytes` starts a paragraph: the byte before it ends LF, CR or
    /// U+2029 (E2 80 A9) — what `nextRun` ends a paragraph after.
    @inline(__always)
    private static func startsParagraph(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = bytes[offset - 1]
        return byte == 0x0A || byte == 0x0D
            || (byte == 0xA9 && offset >= 3 && bytes[offset - 2] == 0x80 && bytes[offset - 3] == 0xE2)
    }

    /// `script(at:in:)` by reading the runs from the paragraph's start.
    static func scannedScript(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> hb_script_t {
        var runs = PangoScriptRuns(bytes: bytes, from: paragraphStart(before: offset, in: bytes))
        return runs.script(at: offset)
    }

    /// Where the runs holding byte `offset` are read from: the start of its paragraph, or the
    /// first scalar within `maxLookBehind` bytes before it.
    @inline(__always)
    private static func paragraphStart(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset
        let limit = max(0, offset - maxLookBehind)
        while start > limit && !startsParagraph(at: start, in: bytes) { start -= 1 }
        while start < offset && bytes[start] & 0xC0 == 0x80 { start += 1 }  // a scalar's start
        return start
    }

    /// Calls `body` with each script run of the paragraph `from..<to` of `bytes` (valid UTF-8;
    /// `from` starts the paragraph, `to` ends it or the text), in order: its byte range and script
    /// (`HB_SCRIPT_COMMON` for a run of common characters only).
    ///
    /// - Complexity: O(bytes of the paragraph).
    static func forEachRun(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ body: (Range<Int>, hb_script_t) -> Void) {
        var runs = PangoScriptRuns(bytes: UnsafeBufferPointer(rebasing: bytes[..<to]), from: from)
        while runs.runEnd < to {
            runs.nextRun()
            body(runs.runStart..<runs.runEnd, runs.script)
        }
    }

    /// The script of the run holding byte `offset` (not less than any offset asked before).
    private mutating func script(at offset: Int) -> hb_script_t {
        while runEnd <= offset {
            guard runEnd < bytes.count else { return HB_SCRIPT_COMMON }
            nextRun()
        }
        return script
    }

    /// Reads the run after the current one (`pango_script_iter_next`).
    private mutating func nextRun() {
        let unicode = hb_unicode_funcs_get_default()
        if atParagraphStart {
            stack.removeAll()
            atParagraphStart = false
        }
        var startDepth = stack.count - 1
        script = HB_SCRIPT_COMMON
        runStart = runEnd
        var i = runEnd
        while i < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: i)
            var scalarScript = PangoScriptRuns.scalarScript(value, unicode: unicode)
            let pair = scalarScript == HB_SCRIPT_COMMON ? PangoScriptRuns.pairIndex(value) : -1
            if pair >= 0 {
                if pair & 1 == 0 {
                    stack.push(pair: pair, script: script)
                } else if !stack.isEmpty {
                    while let last = stack.last, last.pair != pair & ~1 { stack.removeLast() }
                    startDepth = min(startDepth, stack.count - 1)
                    if let last = stack.last { scalarScript = last.script }
                }
            }
            guard PangoScriptRuns.sameScript(script, scalarScript) else { break }
            if !PangoScriptRuns.isReal(script) && PangoScriptRuns.isReal(scalarScript) {
                script = scalarScript
                // The open characters pushed before the script was known take it.
                while startDepth < stack.count - 1 {
                    startDepth += 1
                    stack[startDepth].script = script
                }
            }
            if pair >= 0 && pair & 1 == 1 && !stack.isEmpty {
                stack.removeLast()
                startDepth = min(startDepth, stack.count - 1)
            }
            i += length
            if value == 0x0A || value == 0x0D || value == 0x2029 {
                atParagraphStart = true
                break
            }
        }
        runEnd = i
    }

    /// The script of scalar `value` (`hb_unicode_script`), answered without a call for ASCII and
    /// the Arabic, Devanagari and Thai blocks, which make up nearly every scalar of the rows read
    /// (`fastScript`).
    @inline(__always)
    static func scalarScript(_ value: UInt32, unicode: OpaquePointer?) -> hb_script_t {
        fastScript(value) ?? hb_unicode_script(unicode, value)
    }

    /// `scalarScript(_:unicode:)` with HarfBuzz's default Unicode functions, fetched only for a
    /// scalar that `fastScript` does not answer.
    @inline(__always)
    static func scalarScript(_ value: UInt32) -> hb_script_t {
        fastScript(value) ?? hb_unicode_script(hb_unicode_funcs_get_default(), value)
    }

    /// The script of `value` where it is known without HarfBuzz: ASCII (letters Latin, the rest
    /// common), U+0E01–U+0E3A, U+0E40–U+0E5B (Thai; the rest of the block — U+0E3F, the baht
    /// sign, is common — unassigned or common, left to HarfBuzz), U+0900–U+097F but
    /// U+0951–U+0954 (inherited) and the dandas U+0964–U+0965 (common) (Devanagari) and the
    /// Arabic block (`arabicBlockScript`); else `nil`.
    /// `PangoScriptRunsTests` checks these ranges against HarfBuzz.
    @inline(__always)
    private static func fastScript(_ value: UInt32) -> hb_script_t? {
        if value < 0x80 {
            return (value | 0x20) &- 0x61 < 26 ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        }
        if value &- 0x0E01 < 0x3A || value &- 0x0E40 < 0x1C { return HB_SCRIPT_THAI }
        if value &- 0x0900 < 0x80, value &- 0x0951 >= 4, value &- 0x0964 >= 2 { return HB_SCRIPT_DEVANAGARI }
        if value &- 0x0600 < 0x100 { return arabicBlockScript(value) }
        return nil
    }

    /// The script of `value` in U+0600–U+06FF (the Arabic block, Unicode 15, as HarfBuzz has it):
    /// Arabic (the letter mark U+061C too) but the common U+0605, the comma U+060C, the
    /// semicolon U+061B, the question mark U+061F, the tatweel U+0640 and the end of ayah
    /// U+06DD, and the inherited marks U+064B–U+0655 and U+0670. `PangoScriptRunsTests` checks every scalar of
    /// the block against HarfBuzz.
    @inline(__always)
    private static func arabicBlockScript(_ value: UInt32) -> hb_script_t {
        switch value {
        case 0x0605, 0x060C, 0x061B, 0x061F, 0x0640, 0x06DD: return HB_SCRIPT_COMMON
        case 0x064B...0x0655, 0x0670: return HB_SCRIPT_INHERITED
        default: return HB_SCRIPT_ARABIC
        }
    }

    /// Whether `value` has a script of its own (`isReal(scalarScript(value))`), read without
    /// HarfBuzz also in the emoji blocks U+1F000–U+1FBFF (common or unassigned, but U+1F200,
    /// Hiragana) and the tags U+E0000–U+E007F (common or unassigned), which emoji rows are made
    /// of. `PangoScriptRunsTests` checks both ranges against HarfBuzz.
    @inline(__always)
    static func hasRealScript(_ value: UInt32) -> Bool {
        if value &- 0x1_F000 < 0xC00 { return value == 0x1_F200 }
        if value &- 0xE_0000 < 0x80 { return false }
        return isReal(scalarScript(value))
    }

    /// `REAL_SCRIPT`: a script of its own (not common, inherited or unknown).
    static func isReal(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }

    /// `SAME_SCRIPT`.
    private static func sameScript(_ a: hb_script_t, _ b: hb_script_t) -> Bool {
        !isReal(a) || !isReal(b) || a == b
    }

    /// The index of `value` in `pairedCharacters` (even: opening, odd: closing), or −1.
    private static func pairIndex(_ value: UInt32) -> Int {
        // Below U+00AB only the ASCII brackets pair.
        if value < 0xAB {
            switch value {
            case 0x28: return 0
            case 0x29: return 1
            case 0x3C: return 2
            case 0x3E: return 3
            case 0x5B: return 4
            case 0x5D: return 5
            case 0x7B: return 6
            case 0x7D: return 7
            default: return -1
            }
        }
        var lower = 0
        var upper = pairedCharacters.count - 1
        while lower <= upper {
            let middle = (lower + upper) / 2
            if value < pairedCharacters[middle] {
                upper = middle - 1
            } else if value > pairedCharacters[middle] {
                lower = middle + 1
            } else {
                return middle
            }
        }
        return -1
    }

    /// Pango 1.50's `paired_chars`: opening and closing characters in pairs, sorted.
    private static let pairedCharacters: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB, 0x0F3A,
        0x0F3B, 0x0F3C, 0x0F3D, 0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A,
        0x2045, 0x2046, 0x207D, 0x207E, 0x208D, 0x208E, 0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA,
        0x27EB, 0x27EC, 0x27ED, 0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986, 0x2987, 0x2988,
        0x2989, 0x298A, 0x298B, 0x298C, 0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992, 0x2993,
        0x2994, 0x2995, 0x2996, 0x2997, 0x2998, 0x29FC, 0x29FD, 0x2E02, 0x2E03, 0x2E04, 0x2E05,
        0x2E09, 0x2E0A, 0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D, 0x2E20, 0x2E21, 0x2E22, 0x2E23, 0x2E24,
        0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009, 0x300A, 0x300B, 0x300C, 0x300D,
        0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019, 0x301A,
        0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D,
        0xFF5B, 0xFF5D, 0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]
}
