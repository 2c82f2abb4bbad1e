import CHarfBuzz

/// The line-height rule of one measurement in a style whose fonts' baselines differ
/// (`BaselineShifts`, `.pango`): the style's baselines with the text measured, so that where a
/// line drawn by several fonts ends, its first run's font and script can be read from the text.
///
/// Lines drawn by one font never read it (`StyleTables.lineHeight(mask:heights:baselines:lineStart:)`).
/// Valid while the text's bytes and the tables are.
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
        let first = firstRun(at: lineStart)
        return shifts.lineHeight(mask: mask, leadFont: first.font, lead: first.lead, heights: heights)
    }

    /// The font and baseline class of the first run of the line that starts at byte `start`, as
    /// Pango itemizes it: the font of the line's first scalar that chooses one (white space,
    /// controls and format characters take the font of the text after them); the script of
    /// that scalar, or for a common or inherited one the script of the run it continues — the
    /// last scalar before it in its paragraph that has a script of its own, else the first
    /// after it (Pango's paired-bracket rule aside).
    func firstRun(at start: Int) -> (font: Int, lead: BaselineShifts.Lead) {
        let unicode = hb_unicode_funcs_get_default()
        var i = start
        while i < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if LineBaselines.endsParagraph(value) { break }
            if Itemizer.considerAsSpace(value, unicode: unicode) {
                i += length
                continue
            }
            let font = tables.lookup(value).font
            var script = hb_unicode_script(unicode, value)
            if LineBaselines.isShared(script) {
                script = scriptBefore(i, unicode: unicode) ?? scriptFrom(i, unicode: unicode) ?? HB_SCRIPT_COMMON
            }
            return (font, BaselineShifts.Lead(script: script))
        }
        return (0, .roman)
    }

    /// The script of the last scalar before byte `end` in its paragraph that has one of its own.
    private func scriptBefore(_ end: Int, unicode: OpaquePointer?) -> hb_script_t? {
        var i = end
        while i > 0 {
            i -= 1
            while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
            let value = TextWalker.decode(bytes, at: i).value
            if LineBaselines.endsParagraph(value) { return nil }
            let script = hb_unicode_script(unicode, value)
            if !LineBaselines.isShared(script) { return script }
        }
        return nil
    }

    /// The script of the first scalar from byte `start` in its paragraph that has one of its own.
    private func scriptFrom(_ start: Int, unicode: OpaquePointer?) -> hb_script_t? {
        var i = start
        while i < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if LineBaselines.endsParagraph(value) { return nil }
            let script = hb_unicode_script(unicode, value)
            if !LineBaselines.isShared(script) { return script }
            i += length
        }
        return nil
    }

    /// Pango's paragraph delimiters (`pango_find_paragraph_boundary`): LF, CR, U+2029.
    private static func endsParagraph(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x2029
    }

    /// Scripts that join the run they are in (UAX #24 common and inherited, and unknown).
    private static func isShared(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }
}
