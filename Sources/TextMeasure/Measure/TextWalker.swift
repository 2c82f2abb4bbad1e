import CHarfBuzz
import LineBreak

/// Walks a UTF-8 text once, producing `LayoutPiece`s with their widths: the shared front half of
/// measuring (`TextMeasurer`) and preparing (`PreparedText`).
///
/// Break opportunities come from `LineBreak`; a break that would fall inside a grapheme cluster
/// (a combining mark, ZWJ or emoji modifier after a space) is suppressed, so a cluster is always
/// measured as one unit. Widths are in the tables' width units.
struct TextWalker: ~Copyable {
    let tables: StyleTableView
    let bytes: UnsafeBufferPointer<UInt8>
    /// The text's embedding levels (`nil`: nothing right to left, all 0).
    let levels: BidiLevels?
    /// `levels != nil`, kept apart: the segment loops test it per segment, and comparing the
    /// optional itself copies and destroys it there (an outlined copy per test).
    let hasLevels: Bool
    /// Whether every byte is ASCII (`TextWalker.isASCII`): then there is no script with
    /// dictionary breaks (`DictionaryBreaks`), every script run is Latin or common, and no
    /// piece's leading characters continue a run of another script (`continuedScriptRun` is not
    /// asked).
    let isASCII: Bool
    /// Whether the text is known to hold no script with dictionary breaks: it `isASCII`, or the
    /// levels' pre-scan saw no lead byte E0 or E1 in it (`BidiLevels.PreScan.hasNoLeadE0OrE1`). Then
    /// `DictionaryBreaks` does not scan it again.
    let hasNoDictionaryScripts: Bool

    /// A walker over `bytes` with its embedding levels (`BidiLevels`: one scan of the bytes when
    /// nothing is right to left, which also tells most text without a script with dictionary
    /// breaks). A text of ASCII, found in one pass over its bytes, needs neither that scan nor
    /// the one for scripts with dictionary breaks.
    init(tables: StyleTableView, bytes: UnsafeBufferPointer<UInt8>) {
        guard !TextWalker.isASCII(bytes) else {
            self.init(tables: tables, bytes: bytes, levels: nil, isASCII: true, hasNoDictionaryScripts: true)
            return
        }
        let scan = BidiLevels.preScan(bytes)
        self.init(
            tables: tables, bytes: bytes, levels: BidiLevels(bytes, preScan: scan), isASCII: false,
            hasNoDictionaryScripts: scan.hasNoLeadE0OrE1)
    }

    /// A walker over `bytes` whose levels are known (`levels` must be `BidiLevels(bytes)`).
    init(tables: StyleTableView, bytes: UnsafeBufferPointer<UInt8>, levels: BidiLevels?) {
        let ascii = levels == nil && TextWalker.isASCII(bytes)
        self.init(tables: tables, bytes: bytes, levels: levels, isASCII: ascii, hasNoDictionaryScripts: ascii)
    }

    /// A walker over `bytes` whose levels are known; `isASCII` only if every byte is ASCII,
    /// `hasNoDictionaryScripts` only if the text holds no byte E0 or E1.
    private init(
        tables: StyleTableView, bytes: UnsafeBufferPointer<UInt8>, levels: BidiLevels?, isASCII: Bool,
        hasNoDictionaryScripts: Bool
    ) {
        tables.fillEntries(coveringScalarsOf: bytes)
        self.tables = tables
        self.bytes = bytes
        self.levels = levels
        self.hasLevels = levels != nil
        self.isASCII = isASCII
        self.hasNoDictionaryScripts = hasNoDictionaryScripts
    }

    /// Whether every byte of `bytes` is ASCII: 32 bytes a step, eight a load, the last eight
    /// (which may overlap the ones before) in one load.
    ///
    /// - Complexity: O(n), stopping within 32 bytes of the first byte that is not ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        guard n >= 8 else {
            var i = 0
            while i < n {
                if base[i] >= 0x80 { return false }
                i &+= 1
            }
            return true
        }
        var i = 0
        while i &+ 32 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
            if word & high != 0 { return false }
            i &+= 32
        }
        while i &+ 8 <= n {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & high != 0 { return false }
            i &+= 8
        }
        return raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) & high == 0
    }

    /// Decodes the scalar at `i` of valid UTF-8.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        }
        return (
            (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                | UInt32(bytes[i + 3] & 0x3F), 4
        )
    }

    /// Whether the scalar starting at `i` extends the grapheme cluster before it in a way line
    /// breaking may not see (combining marks, ZWJ, emoji modifiers).
    @inline(__always)
    private func startsWithExtender(_ i: Int) -> Bool {
        guard bytes[i] >= 0xCC else { return false }  // every extender is ≥ U+0300
        let value = TextWalker.decode(bytes, at: i).value
        if value < 0x1_0000 { return tables.entries[Int(value)].flags & 2 != 0 }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return StyleTables.isExtender(scalar)
    }

    /// The segments every path measures: UAX #14's (with the style's tailoring), whose
    /// `dictionary` breaks (Thai) `nextSegment` adds.
    @inline(__always)
    private func segmentSources() -> (LineSegmentIterator, DictionaryBreaks) {
        (LineSegmentIterator(utf8: bytes, rules: tables.lineBreakRules),
         DictionaryBreaks(bytes: bytes, tables: tables, knownAbsent: hasNoDictionaryScripts))
    }

    /// Whether `segment` is measured in parts (`forEachPart`): its white space may hold a tab, or
    /// it ends at `partedEnd` (`partedEnd()`). A few comparisons: the segment loops test every
    /// segment.
    @inline(__always)
    private func needsParts(_ segment: LineSegment, partedEnd: Int) -> Bool {
        mayHoldTab(segment) || segment.end == partedEnd
    }

    /// The end of the text when its last segment is measured in parts (`.pango`, the text ends
    /// with a no-break space: `pangoWhitespaceStart`), else -1 (no segment ends there).
    private func partedEnd() -> Int {
        let n = bytes.count
        guard n >= 2, tables.profile == .pango else { return -1 }
        let last = bytes[n - 1]
        return last == 0xA0 || last == 0x87 || last == 0xAF ? n : -1
    }

    /// Calls `body` with the parts of a segment that `needsParts`, until it returns
    /// `false`: each tab in its white space cut out as a part of its own (a tab always fits its
    /// line, `TabStops`, so the cut adds no place where a line can end), and in `.pango` the
    /// no-break spaces that end the text made white space (`pangoWhitespaceStart`).
    ///
    /// - Returns: `false` once `body` has.
    @inline(never)
    private func forEachPart(of segment: LineSegment, _ body: (LineSegment) -> Bool) -> Bool {
        var part: LineSegment? = segment
        if segment.end == bytes.count, tables.profile == .pango {
            part?.whitespaceStart = TextWalker.pangoWhitespaceStart(of: segment, in: bytes)
        }
        while let next = part {
            var rest: LineSegment? = nil
            if !body(mayHoldTab(next) ? cutAtTab(next, rest: &rest) : next) { return false }
            part = rest
        }
        return true
    }

    /// Where the white space that may hang begins in `segment` for `.pango`: at the end of the
    /// text, no-break spaces (U+00A0, U+2007, U+202F) ending it hang too — Pango hangs the
    /// white-space character (`g_unichar_isspace`) before any break, and the text's end is the
    /// one break that can follow them (UAX #14 class GL).
    static func pangoWhitespaceStart(of segment: LineSegment, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard segment.end == bytes.count, segment.whitespaceStart == segment.end else { return segment.whitespaceStart }
        var start = segment.end
        while start > segment.start {
            let b = bytes[start - 1]
            if b == 0xA0, start - 2 >= segment.start, bytes[start - 2] == 0xC2 {
                start -= 2
            } else if b == 0x87 || b == 0xAF, start - 3 >= segment.start, bytes[start - 3] == 0xE2, bytes[start - 2] == 0x80 {
                start -= 3
            } else {
                break
            }
        }
        return start
    }

    /// The font that the white space `segment.whitespaceStart..<to` of a piece measured from
    /// `from` takes where it is not the font current after the text before it, or `nil`: white space alone where Pango starts a new item
    /// (`startsItem`: a paragraph's start, after a tab) has no font before it and takes the font
    /// of the text after it (a paragraph of white space alone, or empty, takes the space's); other white
    /// space follows `StyleTables.whitespaceFont`, with no text after it when a mandatory break
    /// ends the piece (Pango itemizes each paragraph on its own).
    @inline(never)
    private func whitespaceFont(from: Int, to: Int, segment: LineSegment, stepper: GlyphStepper) -> Int? {
        let wsStart = segment.whitespaceStart
        // (The primary font too, when the text before the paragraph left another one current:
        // "가\n\tgit"'s tab is Noto Sans's, not Noto Sans CJK's.)
        if from == wsStart, !segment.isMandatoryBreak, startsItem(at: from),
           let (font, _) = tables.withTables({ $0.followingText(at: to, in: bytes) }),
           font > 0 || stepper.currentFont > 0
        {
            return font
        }
        // A paragraph of white space alone (an empty one too: Pango's line has no run and is as
        // tall as the primary font) continues no run: the space's font, not the text's before it.
        if from == wsStart, segment.start == wsStart, segment.isMandatoryBreak, startsItem(at: from) {
            let space = Int(tables.lookup(0x20).font)
            return space > 0 ? space : nil
        }
        guard stepper.currentFont > 0 || hasLevels else { return nil }
        // After a mandatory break the text is another paragraph, which Pango itemizes on its own:
        // white space before the break never takes the font of the text after it.
        let following = segment.isMandatoryBreak && to == segment.end ? bytes.count : to
        let font = tables.withTables {
            $0.whitespaceFont(
                after: max(stepper.currentFont, 0), scalar: stepper.currentScalar, content: segment.start..<wsStart,
                following: following, levels: levels, in: bytes)
        }
        return font > 0 ? font : nil
    }

    /// Whether Pango starts an item with no font at `offset`: at a paragraph's start (the text's,
    /// or after a mandatory break) and after a tab (an item of its own).
    @inline(never)
    func startsItem(at offset: Int) -> Bool {
        guard offset > 0 else { return true }
        let last = lastScalar(before: offset, from: 0)
        return last == 0x09 || TextWalker.isMandatoryBreak(last)
    }

    /// Whether `segment` is a tab cut out by `cutAtTab` (with the mandatory break after it, if
    /// any): the only segments whose pieces are tabs (`LayoutPiece.isTab`).
    @inline(__always)
    func isTab(_ segment: LineSegment) -> Bool {
        segment.start == segment.whitespaceStart && segment.start < segment.end && bytes[segment.start] == 0x09
    }

    /// `segment` (or a part of one, `forEachPart`) measured into a piece, marked if it is a tab.
    @inline(__always)
    func measuredPart(_ segment: LineSegment, stepper: inout GlyphStepper) -> LayoutPiece {
        var piece = measure(from: segment.start, to: segment.end, segment: segment, stepper: &stepper)
        if _slowPath(segment.start == segment.whitespaceStart) { piece.isTab = isTab(segment) }
        return piece
    }

    /// Whether `segment`'s white space may hold a tab: it starts with one, or with a white-space
    /// character beyond ASCII (U+3000 and the like, after which a tab may follow). A space is
    /// followed by none (UAX #14 breaks after spaces, LB18), a mandatory break ends the segment.
    /// `inASCII`: the text is ASCII (`isASCII`), which has no byte ≥ 0x80 to test. A test of a
    /// few operations, for the loops over segments; `holdsTab` is exact.
    @inline(__always)
    func mayHoldTab(_ segment: LineSegment, inASCII: Bool = false) -> Bool {
        guard segment.whitespaceStart < segment.end else { return false }
        let first = bytes[segment.whitespaceStart]
        return first == 0x09 || (!inASCII && first >= 0x80)
    }

    /// Whether `segment`'s white space holds a tab (`mayHoldTab`, and `firstTab` finds one).
    func holdsTab(_ segment: LineSegment) -> Bool {
        mayHoldTab(segment) && firstTab(in: segment) != nil
    }

    /// The offset of the first tab in `segment`'s white space, or `nil` when it has none.
    private func firstTab(in segment: LineSegment) -> Int? {
        var tab = segment.whitespaceStart
        while tab < segment.end && bytes[tab] != 0x09 { tab += 1 }
        return tab < segment.end ? tab : nil
    }

    /// `segment` up to its first tab (in its white space), or the tab alone when it starts
    /// with it; `rest` is the remainder (`nil` when none).
    private func cutAtTab(_ segment: LineSegment, rest: inout LineSegment?) -> LineSegment {
        guard let tab = firstTab(in: segment) else {
            rest = nil
            return segment
        }
        if tab > segment.start {
            rest = LineSegment(start: tab, end: segment.end, whitespaceStart: tab, isMandatoryBreak: segment.isMandatoryBreak)
            return LineSegment(start: segment.start, end: tab, whitespaceStart: segment.whitespaceStart, isMandatoryBreak: false)
        }
        // The mandatory break ending a paragraph stays with a tab before it (a piece of its own,
        // it would end a line whose content ends before the tab).
        var next = tab + 1
        while next < segment.end, case let (value, length) = TextWalker.decode(bytes, at: next),
              TextWalker.isMandatoryBreak(value)
        {
            next += length
        }
        if next < segment.end { next = tab + 1 }
        let last = next == segment.end
        rest = last ? nil : LineSegment(
            start: next, end: segment.end, whitespaceStart: next, isMandatoryBreak: segment.isMandatoryBreak)
        return LineSegment(start: tab, end: next, whitespaceStart: tab, isMandatoryBreak: last && segment.isMandatoryBreak)
    }

    /// The segment `pending` with the segments after it that start with an extender merged in
    /// (a break there would split a grapheme cluster), cut at the next dictionary break (the
    /// rest is returned by the next call); advances `pending` past them.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private func nextSegment(
        _ segments: inout LineSegmentIterator, pending: inout LineSegment?, dictionary: inout DictionaryBreaks,
        skippingLettersBeyondASCII: Bool
    ) -> LineSegment? {
        if _slowPath(dictionary.carry != nil) { return dictionary.takeCarry() }
        guard var segment = pending else { return nil }
        pending = segments.next(skippingLettersBeyondASCII: skippingLettersBeyondASCII)
        while !segment.isMandatoryBreak, let next = pending, startsWithExtender(next.start) {
            segment.end = next.end
            segment.whitespaceStart = next.whitespaceStart
            segment.isMandatoryBreak = next.isMandatoryBreak
            pending = segments.next(skippingLettersBeyondASCII: skippingLettersBeyondASCII)
        }
        if _slowPath(dictionary.isActive) { return dictionary.split(segment) }
        return segment
    }

    /// Calls `body` with each piece in order (word mode: segments; char mode: grapheme
    /// clusters, the last cluster of a segment carrying its trailing white space) until `body`
    /// returns `false`.
    ///
    /// - Returns: The clusters of the whole text that no font has, also when `body` stopped
    ///   the walk (the rest is then counted by `missingClusters(from:)`).
    @discardableResult
    @inline(__always)  // into its callers, with `body`: a walker is noncopyable, whose closures are not specialized
    func forEachPiece(charMode: Bool, _ body: (LayoutPiece) -> Bool) -> MissingGlyphTally {
        var stepper = GlyphStepper()
        var clusters: [LayoutCluster] = []
        var stoppedAt: Int? = nil
        forEachSegment { segment in
            let goesOn = charMode
                ? forEachCharPiece(of: segment, stepper: &stepper, clusters: &clusters, body)
                : body(measuredPart(segment, stepper: &stepper))
            if !goesOn { stoppedAt = segment.end }
            return goesOn
        }
        if let stoppedAt { return counted(stepper.missing, restFrom: stoppedAt) }
        return stepper.missing
    }

    /// Calls `body` with each segment between two break opportunities, in order (clusters kept
    /// whole, dictionary breaks included), until `body` returns `false`.
    @inline(__always)  // into its callers, with `body` (see `forEachPiece`)
    func forEachSegment(_ body: (LineSegment) -> Bool) {
        var (segments, dictionary) = segmentSources()
        // Without the line breaker's loop over letters beyond ASCII (the same segments): with
        // it, the loops of rich and prepared text that inline this were laid out worse (+2,000
        // instructions a rich chat row, +440 a prepared English row).
        var pending = segments.next(skippingLettersBeyondASCII: false)
        let partedEnd = partedEnd()
        while let segment = nextSegment(&segments, pending: &pending, dictionary: &dictionary, skippingLettersBeyondASCII: false) {
            if _slowPath(needsParts(segment, partedEnd: partedEnd)) {
                if !forEachPart(of: segment, body) { return }
            } else if !body(segment) {
                return
            }
        }
    }

    /// The char-mode pieces of `segment` (or of a part of one that ends at a cluster boundary):
    /// one per grapheme cluster, the last carrying the trailing white space; in `.pango`, every
    /// white-space scalar after the first is a piece of its own. `clusters` is scratch space.
    ///
    /// - Returns: `false` once `body` has.
    func forEachCharPiece(
        of segment: LineSegment, stepper: inout GlyphStepper, clusters: inout [LayoutCluster],
        _ body: (LayoutPiece) -> Bool
    ) -> Bool {
        clusters.removeAll(keepingCapacity: true)
        appendClusters(from: segment.start, to: segment.whitespaceStart, into: &clusters, stepper: &stepper)
        var start = segment.start
        let pango = tables.profile == .pango
        for (k, cluster) in clusters.enumerated() where k < clusters.count - 1 {
            var piece = LayoutPiece(
                start: start, contentEnd: cluster.end, end: cluster.end, leadingKern: cluster.leadingKern,
                content: cluster.width, whitespace: 0, lastSpace: 0, fontMask: cluster.fontMask,
                isMandatoryBreak: false, isBreakable: false)
            // Pango breaks between any two clusters here and hangs the white-space character
            // before a break wherever it is, also inside a segment (" ." has no UAX #14 break,
            // nor "\u{A0}។").
            if pango, isPangoWhite(from: start, to: cluster.end) {
                piece.contentEnd = start
                piece.content = 0
                piece.whitespace = cluster.width
                piece.lastSpace = cluster.width
            }
            if !body(piece) { return false }
            start = cluster.end
        }
        // Pango may also break between two white-space characters in char mode (only the
        // one before the break hangs): there, every white-space scalar after the first is a
        // piece of its own.
        var tail = segment
        let isTab = isTab(segment)
        if tables.profile == .pango, segment.whitespaceStart < segment.end, !isTab {
            let second = segment.whitespaceStart + TextWalker.decode(bytes, at: segment.whitespaceStart).length
            if second < segment.end {
                tail.end = second
                tail.isMandatoryBreak = false
            }
        }
        let run = tail.end < segment.end ? whitespaceRun(of: segment, stepper: stepper) : nil
        var piece = measure(from: tail.whitespaceStart, to: tail.end, segment: tail, stepper: &stepper)
        piece.isTab = isTab
        if let run {
            piece.whitespace = run.width
            piece.lastSpace = run.width
            piece.fontMask = run.fontMask
        }
        if let last = clusters.last {
            piece.start = start
            piece.leadingKern = last.leadingKern
            piece.content = last.width
            piece.fontMask |= last.fontMask
        }
        if !body(piece) { return false }
        var i = tail.end
        while i < segment.end {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let next = i + length
            let space = LineSegment(start: i, end: next, whitespaceStart: i,
                                    isMandatoryBreak: next == segment.end && segment.isMandatoryBreak)
            var measured = measure(from: i, to: next, segment: space, stepper: &stepper)
            if let run, !TextWalker.isMandatoryBreak(value) {
                measured.whitespace = run.width
                measured.lastSpace = run.width
                measured.fontMask = run.fontMask
            }
            if !body(measured) { return false }
            i = next
        }
        return true
    }

    /// The width of each scalar of `segment`'s white space (several scalars, `.pango` char
    /// mode) and their fonts, when they are all one character: as word wrapping measures the
    /// run — Pango's run of white space is in one item, so each of its spaces has the item's
    /// font (the text's before it, or at a paragraph's start the text's after it:
    /// `whitespaceFont`) — shared out evenly (`uniformSpaceWidth`); `nil` otherwise. `stepper`
    /// is the state before the white space (a copy is measured with).
    private func whitespaceRun(of segment: LineSegment, stepper: GlyphStepper) -> (width: Double, fontMask: UInt32)? {
        var probe = stepper
        let whole = measure(from: segment.whitespaceStart, to: segment.end, segment: segment, stepper: &probe)
        guard let width = uniformSpaceWidth(of: whole) else { return nil }
        return (width, whole.fontMask)
    }

    /// Whether `from..<to` is one white-space character, which Pango hangs at a line end
    /// (`is_white`: U+0020 and the other space separators, no-break ones included).
    @inline(__always)
    private func isPangoWhite(from: Int, to: Int) -> Bool {
        if to - from == 1 { return bytes[from] == 0x20 }
        guard to - from <= 3, bytes[from] == 0xC2 || bytes[from] == 0xE1 || bytes[from] == 0xE2 || bytes[from] == 0xE3
        else { return false }
        let (value, length) = TextWalker.decode(bytes, at: from)
        guard from + length == to else { return false }
        switch value {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `tally` of the text before `offset` with the missing clusters from `offset` on added.
    private func counted(_ tally: MissingGlyphTally, restFrom offset: Int) -> MissingGlyphTally {
        var tally = tally
        tally.add(missingClusters(from: offset))
        return tally
    }

    /// The clusters no font has in the text from `offset` (a segment boundary) on, counted as a
    /// walk counts them, for a measurement that stopped early (`numberOfLines`): a scan of the
    /// entries, which walks the rest only if it holds a scalar that no font has or that needs
    /// shaping.
    ///
    /// - Complexity: O(n) in the rest's length.
    func missingClusters(from offset: Int) -> MissingGlyphTally {
        guard offset < bytes.count, let base = bytes.baseAddress else { return MissingGlyphTally() }
        let entries = tables.entries
        var i = offset
        var mayMiss = false
        while i < bytes.count {
            let b = base[i]
            if b < 0x80 {
                if entries[Int(b)].isMissing { mayMiss = true; break }
                i &+= 1
                continue
            }
            let (value, length) = TextWalker.decode(bytes, at: i)
            if value >= 0x1_0000 || entries[Int(value)].flags & (StyleTables.Entry.missing | StyleTables.Entry.shaped) != 0 {
                mayMiss = true
                break
            }
            i &+= length
        }
        guard mayMiss else { return MissingGlyphTally() }
        return TextWalker(tables: tables, bytes: UnsafeBufferPointer(rebasing: bytes[offset...]), levels: nil)
            .forEachPiece(charMode: false) { _ in true }
    }

    /// Word mode with the fitting fused in: measures each segment and places it on `fitter`
    /// at once (the same pieces, in the same order, as `forEachPiece(charMode: false)`), until
    /// the text ends or `fitter` is full. An overlong piece is broken without allocating.
    ///
    /// - Returns: The clusters of the whole text that no font has (see `forEachPiece`).
    @inline(__always)
    func fitWords(into fitter: inout LineFitter) -> MissingGlyphTally {
        isASCII ? fitASCIIWords(into: &fitter) : fitWordsOfAnyText(into: &fitter)
    }

    /// `fitWords` for any text (the loop a text of ASCII does not need: `fitASCIIWords`).
    @inline(never)
    func fitWordsOfAnyText(into fitter: inout LineFitter) -> MissingGlyphTally {
        var (segments, dictionary) = segmentSources()
        var pending = segments.next()
        var stepper = GlyphStepper()
        let partedEnd = partedEnd()
        while let segment = nextSegment(&segments, pending: &pending, dictionary: &dictionary, skippingLettersBeyondASCII: true) {
            if _slowPath(needsParts(segment, partedEnd: partedEnd)) {
                if let walkedTo = placeParts(of: segment, into: &fitter, stepper: &stepper) {
                    return counted(stepper.missing, restFrom: walkedTo)
                }
            } else {
                place(segment, into: &fitter, stepper: &stepper)
            }
            if fitter.isFull { return counted(stepper.missing, restFrom: segment.end) }
            // Laid out away from the loop over segments, which English text spends its time in.
            // (Not with dictionary breaks: it would place `pending` uncut.)
            var walkedTo = 0
            if _slowPath(segments.isAfterIdeograph), !dictionary.isActive,
               !fitIdeographicRun(
                into: &fitter, segments: &segments, pending: &pending, stepper: &stepper, walkedTo: &walkedTo)
            {
                return counted(stepper.missing, restFrom: walkedTo)
            }
        }
        return stepper.missing
    }

    /// `fitWords` for a text of ASCII (`isASCII`), with the loop over segments that such a text
    /// needs: UAX #14's segments as they come. It has no extender (each is ≥ U+0300), no
    /// dictionary break, no ideograph, no levels and no no-break space ending it
    /// (`partedEnd`), so `nextSegment` would return the iterator's segments unchanged, the only
    /// segments measured in parts are those holding a tab, and no ideographic run follows a
    /// segment (`fitIdeographicRun` needs a three-byte scalar). A loop of its own, out of line:
    /// with fewer values live across it, the automaton's state stays in registers.
    ///
    /// - Returns: The clusters of the whole text that no font has (see `forEachPiece`).
    @inline(never)
    func fitASCIIWords(into fitter: inout LineFitter) -> MissingGlyphTally {
        var segments = LineSegmentIterator(utf8: bytes, rules: tables.lineBreakRules)
        var stepper = GlyphStepper()
        while let segment = segments.nextInASCII() {
            if _slowPath(mayHoldTab(segment, inASCII: true)) {
                if let walkedTo = placeParts(of: segment, into: &fitter, stepper: &stepper) {
                    return counted(stepper.missing, restFrom: walkedTo)
                }
            } else {
                place(segment, into: &fitter, stepper: &stepper, inASCII: true)
            }
            if fitter.isFull { return counted(stepper.missing, restFrom: segment.end) }
        }
        return stepper.missing
    }

    /// Places the parts of a segment that `needsParts` (`forEachPart`) on `fitter`, away from the
    /// loop over segments. (Also the segment `fitIdeographs` leaves to the general path at a
    /// run's end, which holds no tab and does not end the text: placed whole.)
    ///
    /// - Returns: `nil`, or where the walk stopped once `fitter` is full.
    @inline(never)
    func placeParts(
        of segment: LineSegment, into fitter: inout LineFitter, stepper: inout GlyphStepper
    ) -> Int? {
        // A segment whose white space only may hold a tab (U+3000…) and that does not end the
        // text (`partedEnd`): placed whole, as `forEachPart` would give it.
        if segment.end != bytes.count && !holdsTab(segment) {
            place(segment, into: &fitter, stepper: &stepper)
            return fitter.isFull ? segment.end : nil
        }
        var walkedTo = segment.end
        let goesOn = forEachPart(of: segment) { part in
            place(measuredPart(part, stepper: &stepper), into: &fitter)
            walkedTo = part.end
            return !fitter.isFull
        }
        return goesOn ? nil : walkedTo
    }

    /// Measures `segment` and places it on `fitter` (breaking it if it is overlong); `inASCII`
    /// as for `measure(from:to:segment:stepper:inASCII:)`.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func place(_ segment: LineSegment, into fitter: inout LineFitter, stepper: inout GlyphStepper, inASCII: Bool = false) {
        place(
            measure(from: segment.start, to: segment.end, segment: segment, stepper: &stepper, inASCII: inASCII),
            into: &fitter)
    }

    /// Places a measured piece on `fitter`, breaking it between clusters if it is overlong.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    func place(_ piece: LayoutPiece, into fitter: inout LineFitter) {
        fitter.place(piece) { forEachCluster(of: $0, $1) }
    }

    /// Whether `value` is a mandatory line break (LF, VT, FF, CR, NEL, U+2028, U+2029): it ends a
    /// paragraph and belongs to no run.
    @inline(__always)
    static func isMandatoryBreak(_ value: UInt32) -> Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// Decodes the three-byte UTF-8 sequence at `i` (whose lead byte is 0xE0–0xEF) of valid
    /// UTF-8: the bytes' value bits are what they exceed 0xE0, 0x80 and 0x80 by, so their sum
    /// shifted in place less one constant (fewer instructions than masking each). Always below
    /// 0x10000 (a BMP entry), whatever the bytes.
    @inline(__always)
    static func decodeThreeBytes(_ base: UnsafePointer<UInt8>, at i: Int) -> UInt32 {
        (UInt32(base[i]) &<< 12 &+ UInt32(base[i &+ 1]) &<< 6 &+ UInt32(base[i &+ 2]) &- 0xE_2080) & 0xFFFF
    }

    /// Measures `from..<to` of a segment into a piece (content up to `whitespaceStart`).
    ///
    /// ASCII bytes that `StyleTables.asciiSimple` marks take a short path (advance and kerning
    /// from flat tables); every other scalar goes through `GlyphStepper.step`. Both give the
    /// same widths, summed in the same order.
    ///
    /// - Parameter inASCII: The text is ASCII (`isASCII`, so it has no levels): the constant
    ///   `true` leaves out the level checks and steps the bytes off the short path (which may
    ///   start a ligature, or are not drawn by the primary font: rare in such a text) out of line
    ///   (`GlyphStepper.stepOutOfLine`), so that the loop over an ASCII text keeps its registers.
    #if compiler(>=6.3)
    @inline(always)  // into the segment loops: a call per segment costs as much as a short word
    #else
    @inline(__always)
    #endif
    func measure(
        from: Int, to: Int, segment: LineSegment, stepper: inout GlyphStepper, inASCII: Bool = false
    ) -> LayoutPiece {
        var piece = LayoutPiece(
            start: segment.start, contentEnd: segment.whitespaceStart, end: segment.end, leadingKern: 0,
            content: 0, whitespace: 0, lastSpace: 0, fontMask: 0,
            isMandatoryBreak: segment.isMandatoryBreak, isBreakable: false)
        guard let base = bytes.baseAddress else { return piece }
        // Content whose embedding level changes inside is itemized into runs that do not kern
        // with each other (Pango: "GdkPixbufLoader." in Arabic text, the period at level 1):
        // HarfBuzz measures it run by run.
        var levelRun = BidiLevels.Run(packed: 0)
        if !inASCII && _slowPath(hasLevels) {
            levelRun = self.levelRun(at: from)
            if uniformLevel(from: from, to: min(segment.whitespaceStart, to), run: levelRun) == nil {
                return measureShaped(
                    from: from, to: to, segment: segment, steppedTo: from, levelRun: levelRun, stepper: &stepper)
            }
        }
        let simple = tables.asciiSimple
        let entries = tables.entries
        let advances = tables.asciiAdvances
        let kerningIndex = tables.asciiKerningIndex
        let wsStart = segment.whitespaceStart
        var leadingKern = 0.0
        var content = 0.0
        var whitespace = 0.0
        var lastSpace = 0.0
        var mask: UInt32 = 0
        var scalars = 0
        var i = from
        let contentEnd = wsStart < to ? wsStart : to
        // A piece that starts with ASCII punctuation or digits may start inside a run of another
        // script (`continuedScriptRun`): measured apart, with nothing kerning across the run's
        // end (a scalar beyond ASCII is looked at below, where it is decoded).
        if _slowPath(!inASCII && !isASCII && from < contentEnd && base[from] < 0x80 && (base[from] | 0x20) &- 0x61 >= 26),
           let run = continuedScriptRun(from: from, to: contentEnd, joinedOnly: true)
        {
            return measureAcrossScriptRuns(from: from, to: to, split: run.end, segment: segment, stepper: &stepper)
        }
        while i < contentEnd {
            let b = base[i]
            if (simple[Int(b)] != 0 || tables.measuresSimply(ligatureStart: b, at: i, limit: wsStart, in: bytes))
                && stepper.acceptsSimpleASCII
            {
                let adjustment = stepper.stepSimpleASCII(UInt32(b), glyph: entries[Int(b)].glyph, tables: tables)
                if i == from { leadingKern = adjustment } else { content += adjustment }
                content += advances[Int(b)]
                mask |= 1
                scalars &+= 1
                i &+= 1
                // The rest of the run: kerning from the pair table; adding a zero adjustment
                // is skipped, which leaves the sum unchanged (it is never −0). One scalar a byte.
                var previous = Int(b)
                let rest = i
                // In ASCII text (every byte < 0x80, so that `pair` is one of the pair table's),
                // the pair's index tells a byte `simple` leaves out (`asciiKerningNotSimple`):
                // one load a byte fewer.
                while i < contentEnd {
                    let c = Int(base[i])
                    if !inASCII && simple[c] == 0 {
                        guard tables.measuresSimply(ligatureStart: UInt8(truncatingIfNeeded: c), at: i, limit: wsStart, in: bytes)
                        else { break }
                    }
                    let pair = previous &<< 7 | c
                    let index = kerningIndex[pair]
                    if index != 0 {
                        if inASCII && index == StyleTables.asciiKerningNotSimple {
                            guard tables.measuresSimply(ligatureStart: UInt8(truncatingIfNeeded: c), at: i, limit: wsStart, in: bytes)
                            else { break }
                        }
                        content += tables.compactASCIIKerning(pair, index: index)
                    }
                    content += advances[c]
                    previous = c
                    i &+= 1
                }
                scalars &+= i &- rest
                if i == wsStart && (inASCII || !hasLevels) {
                    // The white space after the content, while it is simple ASCII, continues
                    // the run by the same pairs: the stepper stands on an ASCII glyph of the
                    // primary font (where `stepSimpleASCII` reads the pair table), and no
                    // white-space font is looked for (`whitespaceFont`: only after content in
                    // another font, or with levels).
                    while i < to {
                        let c = Int(base[i])
                        guard simple[c] != 0 else { break }
                        let pair = previous &<< 7 | c
                        let advance = advances[c]
                        whitespace += advance + tables.compactASCIIKerning(pair, index: kerningIndex[pair])
                        lastSpace = advance
                        previous = c
                        i &+= 1
                    }
                }
                stepper.endSimpleASCIIRun(last: UInt32(previous))
                continue
            } else {
                let (value, length) = TextWalker.decode(bytes, at: i)
                if _slowPath(needsShaping(value)) {
                    return measureShaped(
                        from: from, to: to, segment: segment, steppedTo: i, levelRun: levelRun, stepper: &stepper)
                }
                if _slowPath(i == from && value >= 0x80 && tables.entries[Int(value)].hasNoScript),
                   let run = continuedScriptRun(from: from, to: contentEnd, joinedOnly: true)
                {
                    return measureAcrossScriptRuns(from: from, to: to, split: run.end, segment: segment, stepper: &stepper)
                }
                if let step = inASCII
                    ? stepper.stepOutOfLine(value, at: i, limit: wsStart, in: bytes, tables: tables)
                    : stepper.step(value, at: i, limit: wsStart, in: bytes, tables: tables)
                {
                    if i == from { leadingKern = step.adjustment } else { content += step.adjustment }
                    content += step.advance
                    mask |= StyleTables.maskBit(font: step.font)
                } else if hasLevels, let font = levelRunFont(ofZeroWidthAt: i, length: length) {
                    // With levels, one that starts a level run is in the font of the text after
                    // it (which that text adds), or alone in its run, in the font of the space.
                    if font >= 0 { mask |= StyleTables.maskBit(font: font) }
                } else if stepper.currentFont >= 0 {
                    // A zero-width character (a bidi mark, a joiner) is in the current run's
                    // font, which makes the line as tall as that font, as in Pango.
                    mask |= StyleTables.maskBit(font: stepper.currentFont)
                }
                i &+= length
            }
            scalars &+= 1
        }
        if i < to, _slowPath(from == wsStart || stepper.currentFont > 0 || (!inASCII && hasLevels)),
           let font = whitespaceFont(from: from, to: to, segment: segment, stepper: stepper)
        {
            tables.withTables { $0.measureWhitespace(bytes, from: i, to: to, font: font, total: &whitespace, last: &lastSpace) }
            mask |= StyleTables.maskBit(font: font)
            i = to
        }
        while i < to {
            let b = base[i]
            if simple[Int(b)] != 0 && stepper.acceptsSimpleASCII {
                let advance = advances[Int(b)]
                let adjustment = stepper.stepSimpleASCII(UInt32(b), glyph: entries[Int(b)].glyph, tables: tables)
                whitespace += advance + adjustment
                lastSpace = advance
                mask |= 1
                i &+= 1
            } else {
                let (value, length) = TextWalker.decode(bytes, at: i)
                if _slowPath(needsShaping(value)) {
                    return measureShaped(
                        from: from, to: to, segment: segment, steppedTo: i, levelRun: levelRun, stepper: &stepper)
                }
                if let step = inASCII
                    ? stepper.stepOutOfLine(value, at: i, limit: wsStart, in: bytes, tables: tables)
                    : stepper.step(value, at: i, limit: wsStart, in: bytes, tables: tables)
                {
                    whitespace += step.advance + step.adjustment
                    lastSpace = step.advance
                    mask |= StyleTables.maskBit(font: step.font)
                }
                i &+= length
            }
        }
        piece.leadingKern = leadingKern
        piece.content = content
        piece.whitespace = whitespace
        piece.lastSpace = lastSpace
        piece.fontMask = mask
        // (In ASCII, a scalar a byte: the content's bytes, which leaves `scalars` unused.)
        piece.isBreakable = inASCII ? contentEnd &- from > 1 : scalars > 1
        return piece
    }

    /// Calls `body` with the grapheme clusters of `from..<to` and their widths, in order.
    ///
    /// An ASCII byte followed by another ASCII byte or the end is one cluster (as
    /// `GraphemeBoundaries` finds, but CR before LF): those marked in `StyleTables.asciiSimple`
    /// are measured from the flat tables, the others stepped one by one as the general path steps
    /// them; the rest of the range from the first other byte on takes the general path.
    /// A range holding a scalar that needs HarfBuzz is shaped as a whole, as the general path
    /// does (shaping only its tail would lose the kerning into it: "like✨", "net8️⃣").
    @inline(__always)
    func forEachCluster(from: Int, to: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void) {
        if _slowPath(hasLevels), forEachClusterSplitAtLevels(from: from, to: to, stepper: &stepper, body) { return }
        forEachClusterAtOneLevel(from: from, to: to, stepper: &stepper, body)
    }

    /// `forEachCluster(from:to:stepper:_:)` for a range whose embedding level changes inside:
    /// runs at different levels do not kern with each other (`measure`), so each part at one
    /// level is walked on its own, the kerning context restarted. Returns `false` (and walks
    /// nothing) when the range is at one level.
    @inline(never)
    private func forEachClusterSplitAtLevels(
        from: Int, to: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void
    ) -> Bool {
        guard let levels, uniformLevel(from: from, to: to) == nil else { return false }
        var i = from
        while i < to {
            var j = i + 1
            while j < to && levels[j] == levels[i] { j += 1 }
            if i > from { stepper.restart() }
            let (value, length) = TextWalker.decode(bytes, at: i)
            if j == i + length, Itemizer.considerAsSpace(value),
               let font = levelRunFont(ofZeroWidthAt: i, length: length) ?? continuedRunFont(before: i), font >= 0
            {
                // A character that chooses no font alone in its level run: the space's font.
                forEachClusterAtOneLevel(from: i, to: j, stepper: &stepper) { cluster in
                    var cluster = cluster
                    cluster.fontMask |= StyleTables.maskBit(font: font)
                    body(cluster)
                }
            } else {
                forEachClusterAtOneLevel(from: i, to: j, stepper: &stepper, body)
            }
            i = j
        }
        return true
    }

    /// `forEachCluster(from:to:stepper:_:)` for a range at one embedding level.
    @inline(__always)
    private func forEachClusterAtOneLevel(
        from: Int, to: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        let simple = tables.asciiSimple
        var i = from
        while i < to && base[i] < 0x80 { i &+= 1 }
        if i < to, _slowPath(containsShapedScalar(from: i, to: to)) {
            forEachClusterInGeneral(from: from, to: to, stepper: &stepper, body)
            return
        }
        if _slowPath(from < to && startsWithoutScript(at: from)), let run = continuedScriptRun(from: from, to: to) {
            forEachClusterAcrossScriptRuns(from: from, to: to, split: run.end, stepper: &stepper, body)
            return
        }
        i = from
        while i < to {
            let b = base[i]
            let next = i &+ 1
            // An ASCII byte followed by another or the end is a cluster of its own, but CR
            // before LF (`GraphemeBoundaries`).
            guard b < 0x80, next == to || base[next] < 0x80 else { break }
            if simple[Int(b)] != 0 && stepper.acceptsSimpleASCII {
                let entry = tables.entries[Int(b)]
                let adjustment = stepper.stepSimpleASCII(UInt32(b), glyph: entry.glyph, tables: tables)
                // The general path: leadingKern = the adjustment, width = 0 + advance, mask = font 0.
                body(LayoutCluster(end: next, leadingKern: adjustment, width: entry.advance, fontMask: 1))
            } else {
                // One that may start or continue a ligature ("f" in "ffi", hex digits after it):
                // stepped as the general path steps it, and the fast path goes on after it.
                guard b != 0x0D else { break }
                body(steppedCluster(from: i, to: next, limit: to, stepper: &stepper))
            }
            i = next
        }
        if i < to { forEachClusterInGeneral(from: i, to: to, stepper: &stepper, body) }
    }

    /// The grapheme cluster `from..<to` stepped through `stepper` (a ligature may go on up to
    /// `limit`): the first visible scalar's adjustment is the cluster's leading kern, the rest
    /// and every advance its width.
    @inline(__always)
    private func steppedCluster(from: Int, to: Int, limit: Int, stepper: inout GlyphStepper) -> LayoutCluster {
        var cluster = LayoutCluster(end: to, leadingKern: 0, width: 0, fontMask: 0)
        var i = from
        var first = true
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if let step = stepper.step(value, at: i, limit: limit, in: bytes, tables: tables) {
                if first { cluster.leadingKern = step.adjustment } else { cluster.width += step.adjustment }
                first = false
                cluster.width += step.advance
                cluster.fontMask |= StyleTables.maskBit(font: step.font)
            }
            i += length
        }
        return cluster
    }

    /// `forEachCluster(from:to:stepper:_:)` without the ASCII fast path.
    func forEachClusterInGeneral(from: Int, to: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void) {
        if _slowPath(containsShapedScalar(from: from, to: to)) {
            forEachShapedCluster(from: from, to: to, stepper: &stepper, body)
            return
        }
        var start = from
        GraphemeBoundaries.forEach(
            in: bytes, from: from, to: to, pango: tables.profile == .pango
        ) { end in
            body(steppedCluster(from: start, to: end, limit: to, stepper: &stepper))
            start = end
        }
    }

    /// Whether the scalar at `i` (< `bytes.count`) may have no script of its own
    /// (`StyleTables.Entry.hasNoScript`; every scalar beyond the Basic Multilingual Plane, whose
    /// script `continuedScriptRun` asks HarfBuzz): the test before `continuedScriptRun`.
    @inline(__always)
    private func startsWithoutScript(at i: Int) -> Bool {
        let value = TextWalker.decode(bytes, at: i).value
        return value >= 0x1_0000 || tables.entries[Int(value)].hasNoScript
    }

    /// Where a new script run starts inside `from..<to` because the range's leading characters
    /// without a script of their own (common and inherited: quotes, digits, punctuation, marks)
    /// continue a run of another script from the text before the range, in its paragraph — as
    /// Pango 1.50 itemizes the whole paragraph (`pango_script_iter_next`, paired punctuation
    /// included: `PangoScriptRuns`): in "जैसे \"menu" the `"` is in the Devanagari run and
    /// "menu" starts a Latin one, so `"` and "m" are shaped apart and do not kern. Returns the
    /// offset of the range's first scalar with a script of its own and the script of the run
    /// before it, or `nil` when the range starts with such a scalar, has none, or its leading
    /// characters are in a run of that scalar's script (the range alone itemizes the same).
    /// Both profiles: itemization is the same in both (DESIGN.md), and UAX #24 script runs
    /// (ICU's, which Pango's iterator copies) cross a piece's start.
    ///
    /// - Complexity: O(scalars before the range's first real-script one), plus
    ///   `PangoScriptRuns.script(at:in:)` where there is one after leading characters.
    ///
    /// - Parameter joinedOnly: Only where the two scalars around the new run's start could join
    ///   in the tables' measuring (`mayJoinInTables`): elsewhere the range measures the same as
    ///   one run or as two, and the runs are not read (the table path's common case).
    @inline(never)
    func continuedScriptRun(from: Int, to: Int, joinedOnly: Bool = false) -> (end: Int, script: hb_script_t)? {
        guard !isASCII else { return nil }
        var i = from
        // ASCII first, without HarfBuzz: letters are Latin, the rest common.
        while i < to, bytes[i] < 0x80 {
            let b = bytes[i]
            if (b | 0x20) &- 0x61 < 26 {
                guard i > from else { return nil }
                if joinedOnly && !mayJoinInTables(i - 1, i) { return nil }
                return scriptRun(startingAt: i, script: HB_SCRIPT_LATIN, after: i - 1)
            }
            if TextWalker.isMandatoryBreak(UInt32(b)) { return nil }
            i += 1
        }
        guard i < to else { return nil }
        // Beyond ASCII: whether a scalar has a script of its own from its entry (the tables'
        // `hasNoScript`), HarfBuzz asked only beyond the Basic Multilingual Plane and for the
        // script of the first one that has, once the cheaper tests leave the question open.
        var previous = i > from ? i - 1 : from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if TextWalker.isMandatoryBreak(value) { return nil }
            if hasScript(value) {
                guard i > from else { return nil }
                if joinedOnly && !mayJoinInTables(previous, i) { return nil }
                return scriptRun(startingAt: i, script: PangoScriptRuns.scalarScript(value), after: previous)
            }
            previous = i
            i += length
        }
        return nil
    }

    /// `continuedScriptRun`'s answer for a range whose first scalar with a script of its own,
    /// `script`, is at `i`, after leading characters up to the one at `previous`: `(i, S)` when
    /// the run holding `previous` (`PangoScriptRuns.script(at:in:)`) is of a real script S other
    /// than `script`, else `nil`. The runs are read from the paragraph's start only where the
    /// scalars near `previous` leave the run open (`PangoScriptRuns.nearScript`) and, for a Latin
    /// `script`, something beyond ASCII is before it (`latinRunsOnly`).
    private func scriptRun(startingAt i: Int, script: hb_script_t, after previous: Int) -> (end: Int, script: hb_script_t)? {
        let before: hb_script_t
        if let near = PangoScriptRuns.nearScript(at: previous, in: bytes) {
            before = near
        } else if script == HB_SCRIPT_LATIN && latinRunsOnly(before: i) {
            return nil
        } else {
            before = PangoScriptRuns.scannedScript(at: previous, in: bytes)
        }
        return PangoScriptRuns.isReal(before) && before != script ? (i, before) : nil
    }

    /// Whether the scalar `value` (not ASCII) has a script of its own (Pango's `REAL_SCRIPT`):
    /// from its entry in the Basic Multilingual Plane (`StyleTables.Entry.hasNoScript`, which the
    /// walker's text has filled), else `PangoScriptRuns.hasRealScript` (emoji without HarfBuzz).
    @inline(__always)
    private func hasScript(_ value: UInt32) -> Bool {
        if value < 0x1_0000 { return !tables.entries[Int(value)].hasNoScript }
        return PangoScriptRuns.hasRealScript(value)
    }

    /// Whether the scalars starting at `left` and `right` could kern or form a ligature when the
    /// tables measure them one after the other (`GlyphStepper`: pairs of one font, by its pair
    /// kerning and ligatures): both of one font that kerns, or `right` continuing a ligature of
    /// its font. When they cannot, measuring them in one run or in two gives the same widths.
    private func mayJoinInTables(_ left: Int, _ right: Int) -> Bool {
        let a = TextWalker.decode(bytes, at: left).value
        let b = TextWalker.decode(bytes, at: right).value
        guard a < 0x1_0000, b < 0x1_0000 else { return true }
        let first = tables.entries[Int(a)]
        let second = tables.entries[Int(b)]
        return first.font == second.font && (tables.hasKerning(font: Int(first.font)) || second.continuesLigature)
    }

    /// Whether every scalar with a script of its own before `end` in its paragraph (as far as
    /// `PangoScriptRuns.maxLookBehind` reaches) is Latin, read from ASCII bytes alone: then
    /// every script run there is Latin or common, so a Latin scalar at `end` starts no run
    /// (`scriptRun(startingAt:script:after:)` where a closing bracket stopped the look-back in
    /// English text, without reading the runs). `false` when a byte beyond ASCII comes first (the
    /// runs must be read).
    ///
    /// - Complexity: O(bytes back to the nearest ASCII letter with no closing bracket after it,
    ///   or to the paragraph's start).
    private func latinRunsOnly(before end: Int) -> Bool {
        let limit = max(0, end - PangoScriptRuns.maxLookBehind)
        var closes = false
        var j = end
        while j > limit {
            j -= 1
            let b = bytes[j]
            guard b < 0x80 else { return false }
            if (b | 0x20) &- 0x61 < 26 {
                // The run holding everything up to `end` is this letter's when nothing between
                // closes a bracket (which takes its opener's script).
                if !closes { return true }
            } else if b == 0x0A || b == 0x0D {
                return true
            } else if b == 0x29 || b == 0x3E || b == 0x5D || b == 0x7D {
                closes = true
            }
        }
        return true
    }

    /// `measure(from:to:segment:stepper:)` for a piece whose leading characters continue a
    /// script run of another script than its text after them (`continuedScriptRun`, which starts
    /// that text at `split`): the two parts measured one after the other with no kerning or
    /// ligature between them; a piece holding a scalar that needs HarfBuzz is shaped so
    /// (`measureShaped`).
    @inline(never)
    private func measureAcrossScriptRuns(
        from: Int, to: Int, split: Int, segment: LineSegment, stepper: inout GlyphStepper
    ) -> LayoutPiece {
        if containsShapedScalar(from: from, to: to) {
            return measureShaped(
                from: from, to: to, segment: segment, steppedTo: from, levelRun: levelRun(at: from), stepper: &stepper)
        }
        var leading = segment
        leading.whitespaceStart = split
        leading.end = split
        let first = measure(from: from, to: split, segment: leading, stepper: &stepper)
        stepper.continueRun(font: stepper.currentFont, scalar: stepper.currentScalar)
        let rest = measure(from: split, to: to, segment: segment, stepper: &stepper)
        return LayoutPiece(
            start: segment.start, contentEnd: segment.whitespaceStart, end: segment.end,
            leadingKern: first.leadingKern, content: first.content + rest.content, whitespace: rest.whitespace,
            lastSpace: rest.lastSpace, fontMask: first.fontMask | rest.fontMask,
            isMandatoryBreak: segment.isMandatoryBreak, isBreakable: true)
    }

    /// `forEachClusterAtOneLevel` for a range without a scalar that needs HarfBuzz whose leading
    /// characters continue a script run of another script (`continuedScriptRun`, the other
    /// script's text from `split`): no kerning or ligature between the parts.
    @inline(never)
    private func forEachClusterAcrossScriptRuns(
        from: Int, to: Int, split: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void
    ) {
        forEachClusterAtOneLevel(from: from, to: split, stepper: &stepper, body)
        stepper.continueRun(font: stepper.currentFont, scalar: stepper.currentScalar)
        forEachClusterAtOneLevel(from: split, to: to, stepper: &stepper, body)
    }

    /// Whether the scalar `value` needs HarfBuzz (`StyleTables.Entry.needsShaping`; every
    /// scalar beyond the Basic Multilingual Plane: emoji sequences, supplementary scripts).
    @inline(__always)
    private func needsShaping(_ value: UInt32) -> Bool {
        value >= 0x1_0000 || tables.entries[Int(value)].needsShaping
    }

    /// Whether `from..<to` holds a scalar that `needsShaping`.
    private func containsShapedScalar(from: Int, to: Int) -> Bool {
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if needsShaping(value) { return true }
            i += length
        }
        return false
    }

    /// `measure(from:to:segment:stepper:)` for a range holding a scalar that needs HarfBuzz:
    /// the widths of its scalars as shaped (`StyleTables.appendShapedWidths`), summed into
    /// content and trailing white space. Nothing kerns across a shaped piece's ends.
    ///
    /// - Parameter steppedTo: Where `stepper` stopped: the missing clusters it counted in
    ///   `from..<steppedTo` are taken back (the shaped piece counts its own).
    /// - Parameter levelRun: `levelRun(at: from)` when the text has levels and the caller looked
    ///   it up, else a run with `packed` 0 (`uniformLevel(from:to:run:)` looks it up).
    @inline(never)
    private func measureShaped(
        from: Int, to: Int, segment: LineSegment, steppedTo: Int, levelRun: BidiLevels.Run, stepper: inout GlyphStepper
    ) -> LayoutPiece {
        if stepper.missing.lastCounted >= from { takeBack(&stepper.missing, from: from, to: steppedTo) }
        // With levels, characters that choose no font at the piece's start (a bidi embedding
        // after a space) stay in the font of the run before the piece when they continue it
        // (same level), as Pango's item does; the piece alone cannot know that font.
        var continuedMask: UInt32 = 0
        if _slowPath(hasLevels), steppedTo == from, stepper.currentFont >= 0,
           TextWalker.isSpaceLike(TextWalker.decode(bytes, at: from).value), continuesLevelRun(at: from)
        {
            continuedMask = StyleTables.maskBit(font: stepper.currentFont)
        }
        stepper.restart()
        let summary: ShapedPieceCache.Summary
        if _slowPath(startsWithoutScript(at: from)),
           let run = continuedScriptRun(from: from, to: min(segment.whitespaceStart, to))
        {
            // Leading characters without a script continue a run of another script. The tables
            // retained here (a rare path): a closure like the one below would be merged with it,
            // out of line.
            let styleTables = tables.withTables { $0 }
            summary = cachedSummaryContinuingScript(
                from: from, to: to, whitespaceStart: segment.whitespaceStart, script: run.script,
                levelRun: levelRun, tables: styleTables)
        } else {
            summary = tables.withTables {
                cachedSummary(from: from, to: to, whitespaceStart: segment.whitespaceStart, levelRun: levelRun, tables: $0)
            }
        }
        if summary.lastFont >= 0 { stepper.continueRun(font: summary.lastFont, scalar: summary.lastScalar) }
        stepper.missing.add(clusters: summary.missingClusters, first: summary.firstMissing, at: from, end: to)
        return LayoutPiece(
            start: segment.start, contentEnd: segment.whitespaceStart, end: segment.end, leadingKern: 0,
            content: summary.content, whitespace: summary.whitespace, lastSpace: summary.lastSpace,
            fontMask: summary.fontMask | continuedMask, isMandatoryBreak: segment.isMandatoryBreak,
            isBreakable: summary.scalars > 1)
    }

    /// The summary of the shaped piece `from..<to` (trailing white space from `whitespaceStart`):
    /// from the tables' `ShapedPieceCache`, else shaped (`shapedSummary`) and remembered. Keyed by
    /// the piece's bytes, the `followingFontKey` and its level (`uniformLevel`); a piece whose
    /// level changes inside (a Latin word or digits and the space after them in right-to-left
    /// text) is keyed by its bytes and then their levels, marked by a level no text has
    /// (`ShapedPieceCache.levelsKeyLevel`) — beyond `inlineKeyBytes / 2` bytes, by its bytes and
    /// then their level runs (`ShapedPieceCache.withLevelRunsKey`, `levelRunsKeyLevel`).
    ///
    /// - Parameter levelRun: As for `measureShaped`.
    private func cachedSummary(
        from: Int, to: Int, whitespaceStart: Int, levelRun: BidiLevels.Run, tables: StyleTables
    ) -> ShapedPieceCache.Summary {
        let followingFont = followingFontKey(from: from, to: to, tables: tables)
        guard let level = uniformLevel(from: from, to: to, run: levelRun) else {
            return cachedSummaryAcrossLevels(
                from: from, to: to, whitespaceStart: whitespaceStart, followingFont: followingFont, tables: tables)
        }
        let key = ShapedPieceCache.Key(
            UnsafeBufferPointer(rebasing: bytes[from..<to]), whitespaceOffset: whitespaceStart - from,
            followingFont: followingFont, level: level)
        // Not retained: the tables hold the cache for as long as they are measured with.
        return Unmanaged.passUnretained(tables.shapedPieces)._withUnsafeGuaranteedRef { cache in
            cache.summary(for: key) { shapedSummary(from: from, to: to, whitespaceStart: whitespaceStart, tables: tables) }
        }
    }

    /// `cachedSummary` for a piece whose level changes inside, away from the common path (its
    /// key is built in a temporary buffer).
    @inline(never)
    private func cachedSummaryAcrossLevels(
        from: Int, to: Int, whitespaceStart: Int, followingFont: Int, tables: StyleTables
    ) -> ShapedPieceCache.Summary {
        let count = to - from
        guard let levels, count <= Int(UInt16.max) else {
            return shapedSummary(from: from, to: to, whitespaceStart: whitespaceStart, tables: tables)
        }
        guard count <= ShapedPieceCache.inlineKeyBytes / 2 else {
            // Longer: the bytes and then their level runs (`ShapedPieceCache.levelRunsKey`).
            return ShapedPieceCache.withLevelRunsKey(
                UnsafeBufferPointer(rebasing: bytes[from..<to]), levels: levels, offset: from
            ) { key, level in
                let key = ShapedPieceCache.Key(
                    key, whitespaceOffset: whitespaceStart - from, followingFont: followingFont, level: level)
                return Unmanaged.passUnretained(tables.shapedPieces)._withUnsafeGuaranteedRef { cache in
                    cache.summary(for: key) {
                        shapedSummary(from: from, to: to, whitespaceStart: whitespaceStart, tables: tables)
                    }
                }
            }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * count) { key in
            for k in 0..<count {
                key[k] = bytes[from + k]
                key[count + k] = levels[from + k]
            }
            let key = ShapedPieceCache.Key(
                UnsafeBufferPointer(key), whitespaceOffset: whitespaceStart - from, followingFont: followingFont,
                level: ShapedPieceCache.levelsKeyLevel)
            return Unmanaged.passUnretained(tables.shapedPieces)._withUnsafeGuaranteedRef { cache in
                cache.summary(for: key) {
                    shapedSummary(from: from, to: to, whitespaceStart: whitespaceStart, tables: tables)
                }
            }
        }
    }

    /// `cachedSummary` for a piece whose leading characters continue a script run of `script`
    /// from the text before it (`continuedScriptRun`), away from the common path: keyed by its
    /// bytes, then its level (`uniformLevel` + 1) or, when the level changes inside, the levels
    /// of its bytes, then the script's four bytes — marked by levels no text has
    /// (`ShapedPieceCache.continuedScriptKeyLevel`, `continuedScriptLevelsKeyLevel`).
    @inline(never)
    private func cachedSummaryContinuingScript(
        from: Int, to: Int, whitespaceStart: Int, script: hb_script_t, levelRun: BidiLevels.Run, tables: StyleTables
    ) -> ShapedPieceCache.Summary {
        let followingFont = followingFontKey(from: from, to: to, tables: tables)
        let count = to - from
        let level = uniformLevel(from: from, to: to, run: levelRun)
        let levelBytes = level == nil ? count : 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + levelBytes + 4) { key in
            for k in 0..<count { key[k] = bytes[from + k] }
            if let level {
                key[count] = UInt8(truncatingIfNeeded: level + 1)
            } else if let levels {
                for k in 0..<count { key[count + k] = levels[from + k] }
            }
            for k in 0..<4 { key[count + levelBytes + k] = UInt8(truncatingIfNeeded: script.rawValue >> (8 * k)) }
            let key = ShapedPieceCache.Key(
                UnsafeBufferPointer(key), whitespaceOffset: whitespaceStart - from, followingFont: followingFont,
                level: level == nil ? ShapedPieceCache.continuedScriptLevelsKeyLevel : ShapedPieceCache.continuedScriptKeyLevel)
            // Retained, unlike `cachedSummary`'s: a rare path (and its closure then differs from
            // that one's, which the compiler would otherwise merge with it, out of line).
            return tables.shapedPieces.summary(for: key) {
                shapedSummary(from: from, to: to, whitespaceStart: whitespaceStart, continuedScript: script, tables: tables)
            }
        }
    }

    /// Whether the scalar at `i` is at the embedding level of the scalar before it (`false` at the
    /// text's start and without levels).
    private func continuesLevelRun(at i: Int) -> Bool {
        guard i > 0 else { return false }
        return levels?.isUniform(from: i - 1, to: i + 1) ?? false
    }

    /// For a zero-width character at `i` (`length` bytes) that starts a level run (`Itemizer`:
    /// the text's first scalar, or one at another embedding level than the scalar before it):
    /// the font Pango gives it — −1 when the text after it in the run has a font (the item takes
    /// it), else the font of the chain's space. `nil` when it does not start a level run.
    private func levelRunFont(ofZeroWidthAt i: Int, length: Int) -> Int? {
        guard let levels, i == 0 || levels[i] != levels[i - 1] else { return nil }
        let next = i + length
        if next < bytes.count, levels[next] == levels[i] { return -1 }
        return Int(tables.lookup(0x20).font)
    }

    /// For a zero-width character at `i` alone in its level run inside a range whose level run
    /// began before it (the first cluster of a piece broken across lines, "دست |\u{202A}atk…"):
    /// the font of the run it continues, that of the last scalar before it at its level that
    /// chooses a font — Pango keeps it in that item, and a line it starts is as tall as that
    /// font. `nil` when none is in its paragraph.
    private func continuedRunFont(before i: Int) -> Int? {
        guard let levels, i > 0 else { return nil }
        var end = i
        while end > 0 {
            var start = end - 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let value = TextWalker.decode(bytes, at: start).value
            if levels[start] != levels[i] || TextWalker.isMandatoryBreak(value) || value == 0x09 { return nil }
            if !Itemizer.considerAsSpace(value) { return Int(tables.lookup(value).font) }
            end = start
        }
        return nil
    }

    /// The embedding level of every byte of `from..<to` (−1 when the text has no levels), or
    /// `nil` when the level changes inside the range (its runs then depend on more than its bytes).
    @inline(__always)
    private func uniformLevel(from: Int, to: Int) -> Int? {
        !hasLevels ? -1 : uniformLevelOfLevels(from: from, to: to)
    }

    /// `uniformLevel(from:to:)` for a text with levels, away from the paths without them.
    @inline(never)
    private func uniformLevelOfLevels(from: Int, to: Int) -> Int? {
        uniformLevel(from: from, to: to, run: levelRun(at: from))
    }

    /// The level run that holds `offset` (`BidiLevels.levelRun(containing:)`), for
    /// `uniformLevel(from:to:run:)`; a run of no use without levels.
    @inline(__always)
    private func levelRun(at offset: Int) -> BidiLevels.Run {
        // Read in place (`levels?.`): binding the levels would copy them.
        levels?.levelRun(containing: offset) ?? BidiLevels.Run(packed: 0)
    }

    /// `uniformLevel(from:to:)` of a range whose level run at `from` is `run` (`levelRun(at:
    /// from)`, or a run with `packed` 0 when not looked up yet): a piece looks its run up once
    /// and answers each range from `from` in O(1).
    @inline(__always)
    private func uniformLevel(from: Int, to: Int, run: BidiLevels.Run) -> Int? {
        guard hasLevels, from < to else { return -1 }
        // A run ends beyond offset 0, so `packed` 0 is no run.
        let run = run.packed != 0 ? run : levelRun(at: from)
        return run.uniformLevel(to: to).map { Int($0) }
    }

    /// The font of the text after `from..<to` as far as shaping the range depends on it — the
    /// shaped-piece cache's key — or −1 where it does not (`StyleTables.appendShapedWidths` with
    /// `following: to` and with `nil` shape the range the same). `Itemizer.forEachRun` uses the
    /// following text only for the range's trailing characters that choose no font
    /// (`isSpaceLike`), and only when the following scalar continues the range's last script
    /// run (the script of its last scalar that has one of its own): it moves them into the
    /// following font when that comes earlier in the chain than the font of the text before
    /// them, or when there is no such text. Most words (a letter or mark last, or white space
    /// before a word in the same font) and every dictionary-cut piece are answered without a
    /// script lookup, inline.
    @inline(__always)
    func followingFontKey(from: Int, to: Int, tables: StyleTables) -> Int {
        // `followingText` is nil at the end of the text.
        guard to > from, to < bytes.count else { return -1 }
        // The trailing scalars that choose no font, back to `end`, and `last`, the scalar before
        // them (each decoded once): ASCII spaces, which end most pieces, byte by byte first.
        var end = to
        while end > from && bytes[end &- 1] == 0x20 { end &-= 1 }
        var last: UInt32 = 0x20
        while end > from {
            let start = previousScalarStart(before: end, from: from)
            last = TextWalker.decode(bytes, at: start).value
            guard TextWalker.isSpaceLike(last) else { break }
            end = start
        }
        guard end < to else { return -1 }
        // The last scalar that chooses a font: in a text run (its emoji category is `.other`),
        // the font of the run the white space is in. A following scalar in that font or a later
        // one takes none of the white space (and where it starts an emoji run, none either).
        if end > from, self.tables.lookup(TextWalker.decode(bytes, at: to).value).font >= self.tables.lookup(last).font,
           EmojiCategory.isOther(last)
        {
            return -1
        }
        return followingTextFontKey(from: from, to: to, tables: tables)
    }

    /// The rest of `followingFontKey` once the range's trailing characters may take the
    /// following text's font: whether that text continues the range's last script run. Away from
    /// the words that `followingFontKey` answers by itself.
    @inline(never)
    private func followingTextFontKey(from: Int, to: Int, tables: StyleTables) -> Int {
        guard let (font, value) = tables.followingText(at: to, from: from, to: to, levels: levels, in: bytes)
        else { return -1 }
        var end = to
        while end > from {
            let start = previousScalarStart(before: end, from: from)
            // The script without HarfBuzz where `PangoScriptRuns` knows it (ASCII, Devanagari,
            // Thai), and HarfBuzz's functions fetched only where it does not.
            let script = PangoScriptRuns.scalarScript(TextWalker.decode(bytes, at: start).value)
            guard PangoScriptRuns.isReal(script) else {
                end = start
                continue
            }
            return Itemizer.continuesScriptRun(script: script, with: value) ? font : -1
        }
        return font  // only shared scripts: any following scalar continues the run
    }

    /// Where the scalar ending at `end` (> `from`) starts.
    @inline(__always)
    private func previousScalarStart(before end: Int, from: Int) -> Int {
        var start = end &- 1
        while start > from, bytes[start] & 0xC0 == 0x80 { start &-= 1 }
        return start
    }

    /// The scalar ending at `end` (> `from`).
    @inline(__always)
    private func lastScalar(before end: Int, from: Int) -> UInt32 {
        TextWalker.decode(bytes, at: previousScalarStart(before: end, from: from)).value
    }

    /// Whether `value` never chooses a font (`Itemizer.considerAsSpace`: white space, controls,
    /// format characters), answered without a property lookup for most scalars.
    @inline(__always)
    static func isSpaceLike(_ value: UInt32) -> Bool {
        if value == 0x20 { return true }
        guard mayBeSpaceLike(value) else { return false }
        return Itemizer.considerAsSpace(value, unicode: hb_unicode_funcs_get_default())
    }

    /// `false` for a scalar that `Itemizer.considerAsSpace` never takes, answered without a
    /// property lookup: ASCII but controls and the space, and the BMP outside the eleven
    /// 256-code-point blocks that hold controls, format characters, separators or variation
    /// selectors (U+00xx, U+08xx, U+18xx, U+20xx, U+3000, the surrogates, U+FExx, U+FFxx;
    /// `TextWalkerShapedPieceTests` checks every BMP scalar). Thai, Devanagari, Arabic, CJK
    /// punctuation and kana… are answered here.
    @inline(__always)
    static func mayBeSpaceLike(_ value: UInt32) -> Bool {
        if value < 0x80 { return value <= 0x20 || value == 0x7F }
        guard value < 0x1_0000 else { return true }
        if value &- 0x3001 < 0xFF { return false }  // U+3001–U+30FF (U+3000 is the only space of its block)
        let block = value >> 8
        let word: UInt64
        switch block >> 6 {
        case 0: word = 0x0001_0001_0100_0101  // blocks 0x00, 0x08, 0x18, 0x20, 0x30
        case 3: word = 0xC000_0000_FF00_0000  // blocks 0xD8–0xDF, 0xFE, 0xFF
        default: word = 0
        }
        return word & (1 &<< UInt64(block & 63)) != 0
    }

    /// Removes from `tally` what it counted in `from..<to` (BMP scalars stepped through, whose
    /// entries say whether a font has them), counting them again as the stepper did.
    private func takeBack(_ tally: inout MissingGlyphTally, from: Int, to: Int) {
        var again = MissingGlyphTally()
        again.countedUntil = from
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if value < 0x1_0000, tables.entries[Int(value)].isMissing { again.record(value, at: i, in: bytes) }
            i += length
        }
        tally.clusters -= again.clusters
        tally.countedUntil = from
        tally.lastCounted = -1
        if tally.clusters == 0 { tally.first = 0 }
    }

    /// Counts the missing clusters of a shaped range from the offsets of its glyph-0 HarfBuzz
    /// clusters (`StyleTables.appendShapedWidths`), into `tally`.
    private func recordShapedMissing(_ offsets: inout [Int], into tally: inout MissingGlyphTally) {
        guard !offsets.isEmpty else { return }
        offsets.sort()
        for offset in offsets {
            let value = TextWalker.decode(bytes, at: offset).value
            if let scalar = Unicode.Scalar(value), ClusterCoverage.needsGlyph(scalar) {
                tally.record(value, at: offset, in: bytes)
            }
        }
    }

    /// Shapes `from..<to` and sums its scalars' widths into content (before `whitespaceStart`)
    /// and trailing white space; its leading characters without a script of their own in a run
    /// of `continuedScript` when that is a real script (`continuedScriptRun`).
    @inline(never)  // a cache miss: the lookups that call it stay small enough to inline
    private func shapedSummary(
        from: Int, to: Int, whitespaceStart: Int, continuedScript: hb_script_t = HB_SCRIPT_COMMON, tables: StyleTables
    ) -> ShapedPieceCache.Summary {
        var widths: [Double] = []
        var fonts: [UInt8] = []
        var missingOffsets: [Int] = []
        tables.appendShapedWidths(
            bytes, from: from, to: to, following: to, levels: levels, continuedScript: continuedScript,
            widths: &widths, fonts: &fonts, missing: &missingOffsets)
        var missing = MissingGlyphTally()
        missing.countedUntil = from
        recordShapedMissing(&missingOffsets, into: &missing)
        var summary = ShapedPieceCache.Summary(
            content: 0, whitespace: 0, lastSpace: 0, fontMask: 0, scalars: 0, lastFont: -1, lastScalar: 0,
            missingClusters: missing.clusters, firstMissing: missing.first)
        var k = 0
        var i = from
        while i < to, k < widths.count {
            let width = widths[k]
            if i < whitespaceStart {
                summary.content += width
                summary.scalars += 1
            } else {
                summary.whitespace += width
                if width != 0 { summary.lastSpace = width }
            }
            let (value, length) = TextWalker.decode(bytes, at: i)
            if width != 0 || !TextWalker.isMandatoryBreak(value) {
                summary.fontMask |= StyleTables.maskBit(font: Int(fonts[k]))
                summary.lastFont = Int(fonts[k])
                summary.lastScalar = value
            }
            i += length
            k += 1
        }
        return summary
    }

    /// The longest shaped range (bytes) whose line ends `reshapedAtLineEnds` measures as Pango
    /// re-shapes them.
    static var reshapedRangeLimit: Int { 256 }

    /// `forEachClusterInGeneral` for a range holding a scalar that needs HarfBuzz: each grapheme
    /// cluster's width is the sum of its scalars' shaped widths (in `.pango` with the line-end
    /// correction of `reshapedAtLineEnds`), from the tables' `ShapedClusterCache` when the range
    /// was measured so before (`shapedClusters(from:to:continuedScript:)`).
    @inline(never)
    private func forEachShapedCluster(
        from: Int, to: Int, stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void
    ) {
        var continued = HB_SCRIPT_COMMON
        if startsWithoutScript(at: from), let run = continuedScriptRun(from: from, to: to) { continued = run.script }
        let shaped = tables.withTables { tables in
            let range = UnsafeBufferPointer(rebasing: bytes[from..<to])
            guard let levels else {
                return tables.shapedClusters.entry(for: range, levels: nil, continuedScript: continued.rawValue) {
                    shapedClusters(from: from, to: to, continuedScript: continued)
                }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: to - from) { key in
                for k in 0..<(to - from) { key[k] = levels[from + k] }
                return tables.shapedClusters.entry(
                    for: range, levels: UnsafeBufferPointer(key), continuedScript: continued.rawValue
                ) {
                    shapedClusters(from: from, to: to, continuedScript: continued)
                }
            }
        }
        stepper.restart()
        var missingOffsets = shaped.missingOffsets.map { $0 + from }
        recordShapedMissing(&missingOffsets, into: &stepper.missing)
        for var cluster in shaped.clusters {
            cluster.end += from
            body(cluster)
        }
        if shaped.lastFont >= 0 { stepper.continueRun(font: shaped.lastFont, scalar: shaped.lastScalar) }
    }

    /// The clusters of the shaped range `from..<to` (`forEachShapedCluster`), offsets from `from`;
    /// its leading characters without a script in a run of `continuedScript` when that is a
    /// real script (`continuedScriptRun`).
    private func shapedClusters(from: Int, to: Int, continuedScript: hb_script_t) -> ShapedClusterCache.Entry {
        var clusters: [LayoutCluster] = []
        var cuts: ShapedCuts? = tables.profile == .pango ? ShapedCuts() : nil
        var missingOffsets: [Int] = []
        let last = forEachLogicalShapedCluster(
            from: from, to: to, continuedScript: continuedScript, cuts: &cuts, missing: &missingOffsets
        ) {
            clusters.append($0)
        }
        if tables.profile == .pango { reshapedAtLineEnds(&clusters, from: from, to: to, cuts: cuts ?? ShapedCuts()) }
        for k in clusters.indices { clusters[k].end -= from }
        return ShapedClusterCache.Entry(
            clusters: clusters, missingOffsets: missingOffsets.map { $0 - from }, lastFont: last?.font ?? -1,
            lastScalar: last?.scalar ?? 0)
    }

    /// Makes the clusters of the shaped range `from..<to` measure as Pango 1.50 measures a line
    /// that ends or starts inside the range (`process_item`): shaped alone, not as the sum of
    /// the clusters' widths in the whole range. A cluster may take another form there: a virama
    /// left without its conjunct's consonant is drawn visible, a reph without its base becomes a
    /// letter, a subscript consonant that starts a line is drawn full, a vowel sign no longer
    /// kerns with what follows.
    ///
    /// With L(k) the sum of the widths of clusters 0...k and E(k) the range up to cluster k's
    /// end shaped alone (with the range as HarfBuzz's context; E = L at the range's end), the
    /// line that starts with the range ends after the last cluster k where the text before it
    /// plus E(k) fits, as Pango takes the last break that fits. Cluster k gets
    /// a(k) = P(k) − L(k), with P(k) the least E(m) for m ≥ k, added to its width and the next
    /// cluster −a(k) in its leading kern (dropped at a line start): the line then reaches P(k)
    /// after cluster k — within the width exactly when some break at or after k fits — and
    /// E(k) where it ends. A line that starts at cluster j > 0 measures the rest of the range
    /// shaped alone, R(j) = its width − (L(last) − L(j − 1)) more: added to cluster j's width,
    /// taken off its leading kern (so the line before sees no change).
    ///
    /// Pango re-shapes only the item a line ends or starts in, and only its part on that line:
    /// E(k) is the widths of the runs before cluster k's end plus the part of its run before it
    /// shaped alone, and the rest of a range starting at cluster j measures its run's part from
    /// there shaped alone plus the runs after. Where a run starts, or HarfBuzz says the run may
    /// be cut without re-shaping (`ShapedCuts.safe`), both parts measure as their scalars'
    /// widths, with no shaping.
    ///
    /// A range longer than `reshapedRangeLimit` bytes keeps the widths its clusters have in the
    /// whole range: the correction shapes a run twice per cluster boundary HarfBuzz marks unsafe,
    /// O(n²) in a run's length, which a word of 60 KB would turn into a minute (README, Limits).
    ///
    /// - Complexity: two shapings of a part of a run of at most `reshapedRangeLimit` bytes per
    ///   cluster boundary HarfBuzz marks unsafe to break: only char wrapping and overlong words
    ///   get here.
    private func reshapedAtLineEnds(_ clusters: inout [LayoutCluster], from: Int, to: Int, cuts: ShapedCuts) {
        let n = clusters.count
        guard n > 1, to - from <= TextWalker.reshapedRangeLimit, let last = cuts.runs.last else { return }
        let total = last.widthBefore + last.width
        // The run the cut before cluster k + 1 falls in, or -1 where the cut is safe.
        var cutRun = [Int](repeating: -1, count: n)
        var scalar = 0
        var i = from
        var k = 0
        var r = 0
        while i < to, k < n - 1 {
            if i == clusters[k].end {
                if !(scalar < cuts.safe.count && cuts.safe[scalar]) {
                    r = cuts.runIndex(containing: i, from: r)
                    cutRun[k] = r
                }
                k += 1
                continue
            }
            i += TextWalker.decode(bytes, at: i).length
            scalar += 1
        }
        func partWidth(_ run: Itemizer.Run, _ part: Range<Int>) -> Double {
            tables.withTables { $0.pangoShapedWidth(of: run, part: part, in: bytes, context: from..<to) }
        }
        var logical = [Double](repeating: 0, count: n)
        var sum = 0.0
        for k in 0..<n {
            sum += clusters[k].width
            logical[k] = sum
        }
        // P(k), from the last cluster back.
        var least = logical[n - 1]
        var adjustments = [Double](repeating: 0, count: n)
        for k in stride(from: n - 2, through: 0, by: -1) {
            if cutRun[k] < 0 {
                least = min(least, logical[k])
            } else {
                let shaped = cuts.runs[cutRun[k]]
                least = min(least, shaped.widthBefore + partWidth(shaped.run, shaped.run.range.lowerBound..<clusters[k].end))
            }
            adjustments[k] = least - logical[k]
        }
        for k in 1..<n {
            let restStart = clusters[k - 1].end
            var startAdjustment = 0.0
            if cutRun[k - 1] >= 0 {
                let shaped = cuts.runs[cutRun[k - 1]]
                let after = total - shaped.widthBefore - shaped.width
                startAdjustment = partWidth(shaped.run, restStart..<shaped.run.range.upperBound) + after
                    - (logical[n - 1] - logical[k - 1])
            }
            clusters[k].width += adjustments[k] + startAdjustment
            clusters[k].leadingKern -= adjustments[k - 1] + startAdjustment
        }
        clusters[0].width += adjustments[0]
    }

    /// `forEachShapedCluster` with each cluster's width the sum of its scalars' widths in the
    /// whole range; the offsets of its glyph-0 clusters appended to `missing`. Returns the font
    /// and scalar the range ends with (`nil` for none).
    private func forEachLogicalShapedCluster(
        from: Int, to: Int, continuedScript: hb_script_t, cuts: inout ShapedCuts?, missing missingOffsets: inout [Int],
        _ body: (LayoutCluster) -> Void
    ) -> (font: Int, scalar: UInt32)? {
        var widths: [Double] = []
        var fonts: [UInt8] = []
        tables.withTables {
            $0.appendShapedWidths(
                bytes, from: from, to: to, following: nil, levels: levels, context: nil,
                continuedScript: continuedScript, widths: &widths, fonts: &fonts, missing: &missingOffsets, cuts: &cuts)
        }
        var k = 0
        var i = from
        var last: (font: Int, scalar: UInt32)? = nil
        GraphemeBoundaries.forEach(
            in: bytes, from: from, to: to, pango: tables.profile == .pango
        ) { end in
            var cluster = LayoutCluster(end: end, leadingKern: 0, width: 0, fontMask: 0)
            while i < end {
                let (value, length) = TextWalker.decode(bytes, at: i)
                if k < widths.count {
                    cluster.width += widths[k]
                    cluster.fontMask |= StyleTables.maskBit(font: Int(fonts[k]))
                    last = (Int(fonts[k]), value)
                }
                i += length
                k += 1
            }
            body(cluster)
        }
        return last
    }

    /// Calls `body` with the clusters of an overlong piece's content (kerning context: none
    /// before its start, since the piece starts a line) and, in `.pango`, of its white space
    /// (`forEachSpace`). Out of line: only an overlong piece gets here, and the segment loops
    /// keep their registers.
    @inline(never)
    func forEachCluster(of piece: LayoutPiece, _ body: (LayoutCluster) -> Void) {
        var stepper = GlyphStepper()
        var lastMask: UInt32 = 0
        forEachCluster(from: piece.start, to: piece.contentEnd, stepper: &stepper) {
            lastMask = $0.fontMask
            body($0)
        }
        if tables.profile == .pango {
            forEachSpace(
                from: piece.contentEnd, to: piece.end, of: piece, uniformWidth: uniformSpaceWidth(of: piece),
                contentMask: lastMask, spaceMask: whitespaceMask(of: piece, after: stepper),
                stepper: &stepper, body)
        }
    }

    /// The fonts of `piece`'s white space as the piece measures it (`whitespaceFont`: a
    /// paragraph's leading spaces take the font of the text after them, spaces after text the
    /// font of its run or of the earlier font after them), `stepper` the state after its content;
    /// 0 for a piece without white space. Pango's run of that white space adds its font's extent
    /// to every line holding some of it, also where the piece's content is broken across lines.
    func whitespaceMask(of piece: LayoutPiece, after stepper: GlyphStepper) -> UInt32 {
        guard piece.contentEnd < piece.end else { return 0 }
        var stepper = stepper
        let segment = LineSegment(
            start: piece.start, end: piece.end, whitespaceStart: piece.contentEnd, isMandatoryBreak: piece.isMandatoryBreak)
        return measure(from: piece.contentEnd, to: piece.end, segment: segment, stepper: &stepper).fontMask
    }

    /// The width of each white-space scalar of `piece` when they are all one character (a run
    /// of spaces): its `whitespace` shared out evenly, so that they sum to it as measured with
    /// the content (shaped text gives a space the font of its run); `nil` otherwise.
    func uniformSpaceWidth(of piece: LayoutPiece) -> Double? {
        var count = 0
        var scalar: UInt32? = nil
        var i = piece.contentEnd
        while i < piece.end {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if !TextWalker.isMandatoryBreak(value) {
                if scalar != nil && scalar != value { return nil }
                scalar = value
                count += 1
            }
            i += length
        }
        guard count > 0 else { return nil }
        let width = piece.whitespace / Double(count)
        return Double(count) * width == piece.whitespace ? width : nil
    }

    /// Calls `body` with the white-space scalars of `from..<to` (a part of `piece`'s white space)
    /// as clusters that a `.pango` line may end between (`LayoutCluster.Role`), each measured as
    /// a white-space piece of its own (as `.pango` char mode measures them) or, given, all
    /// `uniformWidth` wide; the mandatory break ending a paragraph is none. `contentMask`: the
    /// fonts of the content cluster before `from` (0: none), whose run a first white-space scalar
    /// in another font does not continue (`LayoutCluster.Role.spaceStartingRun`). `spaceMask`:
    /// the fonts of the white space as the piece measures it (`whitespaceMask(of:after:)`), which
    /// every line holding some of it has (0: none).
    func forEachSpace(
        from: Int, to: Int, of piece: LayoutPiece, uniformWidth: Double?, contentMask: UInt32, spaceMask: UInt32,
        stepper: inout GlyphStepper, _ body: (LayoutCluster) -> Void
    ) {
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let next = i + length
            if TextWalker.isMandatoryBreak(value) {
                i = next
                continue
            }
            let space = LineSegment(start: i, end: next, whitespaceStart: i, isMandatoryBreak: false)
            let measured = measure(from: i, to: next, segment: space, stepper: &stepper)
            // The last white space of a paragraph counts (Pango's "we don't collapse space at the
            // very end"): before the mandatory break that ends the piece.
            let endsParagraph = piece.isMandatoryBreak
                && (next == piece.end || TextWalker.isMandatoryBreak(TextWalker.decode(bytes, at: next).value))
            let startsRun = i == from && contentMask != 0 && measured.fontMask != contentMask
            // Pango's run of the white space: a line of spaces alone is as tall as their font,
            // not the primary font's (`ExactPieceSums.plan` gives the last content cluster of a
            // long piece the same fonts: its white space stays on that cluster's line).
            body(LayoutCluster(
                end: next, leadingKern: 0, width: uniformWidth ?? measured.whitespace, fontMask: spaceMask,
                role: endsParagraph ? .countedSpace : startsRun ? .spaceStartingRun : .hangingSpace))
            i = next
        }
    }

    /// Appends the grapheme clusters of `from..<to` with their widths.
    func appendClusters(from: Int, to: Int, into clusters: inout [LayoutCluster], stepper: inout GlyphStepper) {
        forEachCluster(from: from, to: to, stepper: &stepper) { clusters.append($0) }
    }

    /// The clusters of an overlong piece's content (kerning context: none before its start,
    /// since the piece starts a line).
    func clusters(of piece: LayoutPiece) -> [LayoutCluster] {
        var clusters: [LayoutCluster] = []
        forEachCluster(of: piece) { clusters.append($0) }
        return clusters
    }
}
