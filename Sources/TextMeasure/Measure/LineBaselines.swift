import CHarfBuzz

/// The line-height rule of one measurement in a style whose fonts' baselines differ
/// (`BaselineShifts`, `.pango`): the style's baselines with the text measured, so that where a
/// line drawn by several fonts ends, its first run's font and script can be read from the text.
///
/// Lines drawn by one font never read it (`StyleTables.lineHeight(mask:heights:baselines:lineStart:)`).
/// A plain value (pointers), so that the fitters holding one stay plain values too. Valid
/// while the text's bytes and the tables are; the tables' entries cover the text (a walk of it
/// filled them, `StyleTableView.fillEntries(coveringScalarsOf:)`).
struct LineBaselines {
    let shifts: BaselineShifts
    let tables: StyleTableView
    let bytes: UnsafeBufferPointer<UInt8>

    /// The rule for measuring `bytes` (valid UTF-8) in `tables`' style, or `nil` when the
    /// style's fonts agree on their baselines (every line then follows
    /// `StyleTables.lineHeight(mask:heights:)`).
    @inline(__always)
    init?(tables: StyleTableView, bytes: UnsafeBufferPointer<UInt8>) {
        guard let shifts = tables.baselineShifts else { return nil }
        self.shifts = shifts
        self.tables = tables
        self.bytes = bytes
    }

    /// The height of the line whose first byte is `lineStart`, drawn by the fonts of `mask`
    /// (several), with `heights` the style's own (`StyleTableView.lineHeights`).
    @inline(never)
    func lineHeight(mask: UInt32, heights: UnsafeBufferPointer<Double>, lineStart: Int) -> Double {
        // A line starting with a letter of a script whose baseline the fonts agree on (Latin,
        // Arabic… where only the ideographic baselines differ) moves no run: no script runs read.
        var firstScript: hb_script_t? = nil
        if lineStart < bytes.count {
            let script = PangoScriptRuns.scalarScript(TextWalker.decode(bytes, at: lineStart).value)
            if PangoScriptRuns.isReal(script) {
                if !shifts.differ(for: BaselineShifts.Lead(script: script)) {
                    return StyleTables.lineHeight(mask: mask, heights: heights)
                }
                firstScript = script
            }
        }
        let first = firstRun(at: lineStart, script: firstScript)
        return shifts.lineHeight(mask: mask, leadFont: first.font, lead: first.lead, heights: heights)
    }

    /// The font and baseline class of the first run of the line that starts at byte `start`, as
    /// Pango itemizes it. The font: the first scalar's; for white space (and controls, format
    /// characters: what chooses no font), the font of the text after it where Pango starts an
    /// item (a paragraph's start, after a tab), else the font `StyleTables.whitespaceFont` gives
    /// it after the text before it (the run it continues). The script: that of the script run
    /// holding the first scalar (`PangoScriptRuns`) — the first scalar's own when it is of a real
    /// script (`script`, when the caller has it: a script run holds no scalar of another real
    /// script), so that the runs are read only for a line starting with a common or inherited one.
    func firstRun(at start: Int, script: hb_script_t? = nil) -> (font: Int, lead: BaselineShifts.Lead) {
        guard start < bytes.count else { return (0, .roman) }
        let unicode = hb_unicode_funcs_get_default()
        let first = TextWalker.decode(bytes, at: start).value
        let lead = BaselineShifts.Lead(script: script ?? PangoScriptRuns.script(at: start, in: bytes))
        guard Itemizer.considerAsSpace(first, unicode: unicode) else { return (tables.lookup(first).font, lead) }
        // White space: where the text after it starts, and the text before it in its paragraph.
        var next = start
        while next < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: next)
            if TextWalker.isMandatoryBreak(value) || !Itemizer.considerAsSpace(value, unicode: unicode) { break }
            next += length
        }
        var before = start
        var previous: UInt32 = 0
        while before > 0 {
            var i = before - 1
            while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
            previous = TextWalker.decode(bytes, at: i).value
            if previous == 0x09 || TextWalker.isMandatoryBreak(previous) || !Itemizer.considerAsSpace(previous, unicode: unicode) {
                break
            }
            before = i
            previous = 0
        }
        let followed = next < bytes.count && !TextWalker.isMandatoryBreak(TextWalker.decode(bytes, at: next).value)
        if previous == 0 || previous == 0x09 || TextWalker.isMandatoryBreak(previous) {
            // An item of its own: the font of the text after it, or the space's.
            return (tables.lookup(followed ? TextWalker.decode(bytes, at: next).value : 0x20).font, lead)
        }
        var contentStart = before - 1
        while contentStart > 0 && bytes[contentStart] & 0xC0 == 0x80 { contentStart -= 1 }
        let font = tables.withTables {
            $0.whitespaceFont(
                after: $0.view.lookup(previous).font, scalar: previous, content: contentStart..<before,
                following: followed ? next : bytes.count, in: bytes)
        }
        return (font, lead)
    }
}
