import CHarfBuzz

/// Splits text into the runs HarfBuzz shapes, as Pango 1.50 itemizes (`pango_itemize`):
///
/// - **Script** (UAX #24 `Script`): common and inherited characters join the run they are in;
///   leading ones take the script of the first character that has one.
/// - **Emoji presentation** (`EmojiSegmenter`, Pango's emoji iterator): emoji runs and text runs
///   split script runs further. In an emoji run each character takes the chain's emoji font when
///   it has it (Pango asks fontconfig for the family "emoji"; see `StyleTables.emojiFont`), else
///   the first font of the chain that has it; text runs follow the rule below.
/// - **Font**, within a script run: each character takes the first font of the chain that has it
///   (the primary font when none has); characters Pango does not let choose a font — spaces,
///   controls, format characters, variation selectors — stay in the current run's font. Spaces
///   ending a run move to the next one when its font comes earlier in the chain, and a run of
///   only such characters takes the font of the text after it in the same run, else the font
///   of the chain's space.
///
/// - **Embedding level** (UAX #9, `BidiLevels`), when the text has levels: runs also end where
///   the level changes, as Pango's do, so white space between a right-to-left word and a
///   left-to-right one (or after a number in Arabic text) is a run of its own, or starts the run
///   of the text after it, and takes its font by the rules above. A run's direction is its level's
///   parity; without levels (nothing right to left in the text), its script's.
///
/// Lines still break in logical order.
enum Itemizer {
    /// One run: a range of UTF-8 offsets, the index of its font in the chain, its script.
    struct Run: Equatable {
        var range: Range<Int>
        var font: Int
        var script: hb_script_t
        /// Whether the run is an emoji run (`EmojiSegmenter`).
        var isEmoji = false
        /// The run's embedding level (`nil`: the text has no levels, every level is 0).
        var level: UInt8? = nil

        /// The direction HarfBuzz shapes the run in: its level's parity, else its script's.
        var direction: hb_direction_t {
            guard let level else { return hb_script_get_horizontal_direction(script) }
            return level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        }
    }

    /// Calls `body` with the runs of `from..<to` of `bytes`, in logical order.
    ///
    /// - Parameter fontOf: The chain font of a scalar (`StyleTableView.lookup`'s font).
    /// - Complexity: O(n) in the range's length.
    /// - Parameter following: The font and scalar of the text right after the range in the same
    ///   paragraph, if any: white space ending the range moves to that font when it comes earlier
    ///   in the chain and the scalar continues the range's last script run (the caller passes
    ///   `nil` when it starts an emoji run).
    /// - Parameter emojiFont: The chain's emoji font, which emoji runs take where it has the
    ///   character (`nil`: emoji runs choose fonts as text runs do).
    /// - Parameter levels: The whole text's embedding levels (`nil`: all 0); with levels, the
    ///   caller passes a `following` scalar only when it has the level the range ends with.
    /// - Parameter continuedScript: The script of the run the range's leading common and
    ///   inherited characters continue from the text before the range (Pango itemizes the whole
    ///   paragraph: `"` after Devanagari text is in the Devanagari run), or `HB_SCRIPT_COMMON`
    ///   when they take the script of the first character after them that has one. With a real
    ///   script, a run ends before the range's first character of another script.
    static func forEachRun(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, spaceFont: Int,
        following: (font: Int, scalar: UInt32)? = nil, emojiFont: (index: Int, font: Font)? = nil,
        levels: BidiLevels? = nil, continuedScript: hb_script_t = HB_SCRIPT_COMMON, fontOf: (UInt32) -> Int,
        _ body: (Run) -> Void
    ) {
        let unicode = hb_unicode_funcs_get_default()
        scriptRuns(
            in: bytes, from: from, to: to, following: following, continuedScript: continuedScript, unicode: unicode
        ) { start, end, script, next in
            guard let levels else {
                emojiRuns(in: bytes, from: start, to: end, script: script, spaceFont: spaceFont, unicode: unicode,
                          followingFont: next, emojiFont: emojiFont, fontOf: fontOf, body)
                return
            }
            // Pango's runs also end where the level changes: each script run cut there.
            var i = start
            while i < end {
                let level = levels[i]
                let j = min(levels.runEnd(containing: i), end)
                emojiRuns(in: bytes, from: i, to: j, script: script, spaceFont: spaceFont, unicode: unicode,
                          followingFont: j == end ? next : nil, emojiFont: emojiFont, fontOf: fontOf) { run in
                    var run = run
                    run.level = level
                    body(run)
                }
                i = j
            }
        }
    }

    /// Calls `body` with each script run of `from..<to` (its start, end and script) and, for the
    /// last, the font of `following` when that continues the run (else `nil`); the first run
    /// continues one of `continuedScript` (`forEachRun`).
    private static func scriptRuns(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, following: (font: Int, scalar: UInt32)?,
        continuedScript: hb_script_t, unicode: OpaquePointer?, _ body: (Int, Int, hb_script_t, Int?) -> Void
    ) {
        var runScript = continuedScript
        var scriptStart = from
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let script = hb_unicode_script(unicode, value)
            if !isShared(script) {
                if runScript == HB_SCRIPT_COMMON {
                    runScript = script
                } else if script != runScript {
                    body(scriptStart, i, runScript, nil)
                    scriptStart = i
                    runScript = script
                }
            }
            i += length
        }
        var next = following
        if let scalar = following?.scalar, !continuesScriptRun(script: runScript, with: scalar, unicode: unicode) {
            next = nil
        }
        body(scriptStart, to, runScript, next?.font)
    }

    /// The font runs of the emoji and text runs of one script run (Pango ends a run where either
    /// iterator does).
    private static func emojiRuns(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, script: hb_script_t, spaceFont: Int,
        unicode: OpaquePointer?, followingFont: Int?, emojiFont: (index: Int, font: Font)?, fontOf: (UInt32) -> Int,
        _ body: (Run) -> Void
    ) {
        EmojiSegmenter.forEachRun(in: bytes, from: from, to: to) { range, isEmoji in
            if isEmoji {
                let emojiFontOf: (UInt32) -> Int = { value in
                    if let (index, font) = emojiFont, let scalar = Unicode.Scalar(value), font.glyph(for: scalar) != 0 {
                        return index
                    }
                    return fontOf(value)
                }
                fontRuns(in: bytes, from: range.lowerBound, to: range.upperBound, script: script, spaceFont: spaceFont,
                         unicode: unicode, followingFont: nil, fontOf: emojiFontOf) { run in
                    var run = run
                    run.isEmoji = true
                    body(run)
                }
            } else {
                fontRuns(in: bytes, from: range.lowerBound, to: range.upperBound, script: script, spaceFont: spaceFont,
                         unicode: unicode, followingFont: range.upperBound == to ? followingFont : nil, fontOf: fontOf,
                         body)
            }
        }
    }

    /// Whether `next` continues the script run that `scalar` is in (it is common or inherited,
    /// or of the same script, or `scalar` is common).
    static func continuesScriptRun(of scalar: UInt32, with next: UInt32) -> Bool {
        let unicode = hb_unicode_funcs_get_default()
        return continuesScriptRun(script: hb_unicode_script(unicode, scalar), with: next, unicode: unicode)
    }

    /// Whether `next` continues a script run of `script` (common and inherited characters, and
    /// every character after a common run, do).
    static func continuesScriptRun(script: hb_script_t, with next: UInt32) -> Bool {
        continuesScriptRun(script: script, with: next, unicode: hb_unicode_funcs_get_default())
    }

    /// The script of the last scalar of `from..<to` of `bytes` that has one (not common nor
    /// inherited): the script of the run the range ends in, as far as the range tells;
    /// `HB_SCRIPT_COMMON` when none has.
    ///
    /// - Complexity: O(n) in the length of the range's tail of common characters.
    static func lastScript(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> hb_script_t {
        let unicode = hb_unicode_funcs_get_default()
        var i = to
        while i > from {
            i -= 1
            while i > from && bytes[i] & 0xC0 == 0x80 { i -= 1 }
            let script = hb_unicode_script(unicode, TextWalker.decode(bytes, at: i).value)
            if !isShared(script) { return script }
        }
        return HB_SCRIPT_COMMON
    }

    private static func continuesScriptRun(script: hb_script_t, with next: UInt32, unicode: OpaquePointer?) -> Bool {
        let nextScript = PangoScriptRuns.scalarScript(next, unicode: unicode)
        return isShared(nextScript) || isShared(script) || nextScript == script
    }

    private static func isShared(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// The font runs of one script run (`itemize_state_process_run` and
    /// `itemize_state_add_character`).
    private static func fontRuns(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, script: hb_script_t, spaceFont: Int,
        unicode: OpaquePointer?, followingFont: Int?, fontOf: (UInt32) -> Int, _ body: (Run) -> Void
    ) {
        guard from < to else { return }
        var itemStart = from
        var itemFont: Int? = nil
        var firstSpace: Int? = nil
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let isSpace = considerAsSpace(value, unicode: unicode)
            let spacesBefore = firstSpace
            if isSpace {
                if firstSpace == nil { firstSpace = i }
            } else {
                firstSpace = nil
            }
            if i > from {
                var font: Int? = isSpace ? nil : fontOf(value)
                if itemFont == nil, let font {
                    itemFont = font
                } else if itemFont != nil, font == nil {
                    font = itemFont
                }
                if font != itemFont, let font, let current = itemFont {
                    // A change of font: trailing spaces go to the earlier font of the chain.
                    var cut = i
                    if let spaces = spacesBefore, itemStart < spaces, font < current { cut = spaces }
                    body(Run(range: itemStart..<cut, font: current, script: script))
                    itemStart = cut
                    itemFont = font
                }
            } else {
                itemFont = isSpace ? nil : fontOf(value)
            }
            i += length
        }
        if let next = followingFont, let current = itemFont, next < current, let spaces = firstSpace, itemStart < spaces {
            body(Run(range: itemStart..<spaces, font: current, script: script))
            body(Run(range: spaces..<to, font: next, script: script))
            return
        }
        // A run of only white space takes the font of the text after it when that continues the
        // run (Pango fills an item's missing font from the next character that has one).
        body(Run(range: itemStart..<to, font: itemFont ?? followingFont ?? spaceFont, script: script))
    }

    /// `considerAsSpace(_:unicode:)` with HarfBuzz's default Unicode functions.
    static func considerAsSpace(_ value: UInt32) -> Bool {
        considerAsSpace(value, unicode: hb_unicode_funcs_get_default())
    }

    /// Pango's `consider_as_space`: characters that never choose a font (controls, format
    /// characters outside Arabic, separators but Ogham's, variation selectors).
    static func considerAsSpace(_ value: UInt32, unicode: OpaquePointer?) -> Bool {
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        switch hb_unicode_general_category(unicode, value) {
        case HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_SURROGATE,
            HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
            return true
        case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
            return !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
        case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
            return value != 0x1680
        default:
            return false
        }
    }
}
