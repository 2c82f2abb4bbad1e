import CHarfBuzz
import LineBreak

/// Places the glyphs of measured lines: the drawing half of layout, for renderers and for
/// pictures of a layout (`rowheight render`).
///
/// Each line is itemized as the measurer itemizes (`Itemizer`: script runs, font per character,
/// white space kept in a run's font; a line's leading characters without a script continue the
/// script run before the line) and each run shaped by HarfBuzz as the measurer shapes it:
/// the same glyphs, advances, kerning, ligatures, contextual forms and mark offsets, at the
/// profile's scale (whole Pango units in `.pango`). A glyph no font has is drawn as `.notdef` at
/// the measurer's width for it. So a line's `width` equals its `LineFragment.width` up to the
/// order floating-point sums are taken in, for every script.
///
/// Runs are split at bidirectional embedding levels (`BidiLevels`, as the measurer) and placed in
/// visual order: right to left inside a right-to-left run (HarfBuzz's order), and the runs of each
/// line reordered by UAX #9 rule L2 (from the highest level to the lowest odd one, every sequence
/// of runs at that level or higher reversed).
struct GlyphPositioner {
    let style: TextStyle
    /// The measurer's tables (fonts, HarfBuzz fonts, scales, widths of missing glyphs).
    private let tables: StyleTables
    private let pango: Bool
    /// Per font: ascender at the style's size, points.
    private let ascenders: [Double]

    init(style: TextStyle, tables: StyleTables) {
        self.style = style
        self.tables = tables
        self.pango = style.profile == .pango
        ascenders = style.fontChain.fonts.map { $0.metrics(size: style.fontSize).ascender }
    }

    /// The glyph lines of `lines` (from measuring `bytes`).
    func lines(_ lines: [LineFragment], in bytes: UnsafeBufferPointer<UInt8>) -> [GlyphLine] {
        tables.view.fillEntries(coveringScalarsOf: bytes)
        let contentEnds = contentEnds(of: lines, in: bytes)
        let levels = BidiLevels(bytes)
        return zip(lines, contentEnds).map { line(of: $0, contentEnd: $1, levels: levels, in: bytes) }
    }

    /// The order to draw `levels.count` runs of one line in, from their embedding levels (UAX #9
    /// rule L2): indices into the logical order, left to right.
    ///
    /// - Complexity: O(n × l) for n runs and l levels.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// Where each line's hanging white space begins: the white space of the segment that ends
    /// the line (`LineSegment.whitespaceStart`), or the line's end when the line ends inside a
    /// segment (a broken word).
    ///
    /// `.pango` in char mode breaks between white-space scalars too, and there only the last
    /// white-space scalar of a line hangs (the measurer places every white-space scalar after a
    /// segment's first one as a piece of its own); a space inside a segment hangs there too.
    func contentEnds(of lines: [LineFragment], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let splitsWhitespace = pango && style.lineBreakMode == .byCharWrapping
        var ends: [Int] = []
        ends.reserveCapacity(lines.count)
        var segments = LineSegmentIterator(utf8: bytes, rules: tables.view.lineBreakRules)
        var segment = segments.next()
        var previous: LineSegment? = nil
        for line in lines {
            var end = line.utf8Range.upperBound
            while let s = segment, s.end < end {
                previous = s
                segment = segments.next()
            }
            var current = segment
            if pango, let s = current { current?.whitespaceStart = TextWalker.pangoWhitespaceStart(of: s, in: bytes) }
            // White space alone (a tab after spaces: UAX #14 breaks between them) continues the
            // white space ending the segment before: the content ends there.
            if let s = current, s.whitespaceStart == s.start, let p = previous, p.end == s.start,
               p.whitespaceStart < p.end, p.end > line.utf8Range.lowerBound
            {
                current = p
                end = p.end
            }
            guard let s = current, s.whitespaceStart < end else {
                // `.pango` char mode also hangs a space that ends a line inside a segment
                // (`TextWalker.forEachCharPiece`).
                let hangs = splitsWhitespace && end > line.utf8Range.lowerBound && bytes[end - 1] == 0x20
                ends.append(hangs ? end - 1 : end)
                continue
            }
            let firstSpaceEnd = s.whitespaceStart + TextWalker.decode(bytes, at: s.whitespaceStart).length
            if splitsWhitespace && end > firstSpaceEnd {
                // The content ends where the last white-space piece on the line starts: every
                // white-space scalar after the first is one, but a tab never adds content.
                // (A mandatory break right after a tab is part of the tab's piece.)
                var last = s.whitespaceStart
                var afterTab = bytes[s.whitespaceStart] == 0x09
                var i = firstSpaceEnd
                while i < end {
                    let (value, length) = TextWalker.decode(bytes, at: i)
                    if value == 0x09 {
                        afterTab = true
                    } else if !(afterTab && TextWalker.isMandatoryBreak(value)) {
                        last = i
                        afterTab = false
                    }
                    i += length
                }
                ends.append(max(line.utf8Range.lowerBound, last))
            } else {
                ends.append(max(line.utf8Range.lowerBound, s.whitespaceStart))
            }
        }
        return ends
    }

    private func line(
        of fragment: LineFragment, contentEnd: Int, levels: BidiLevels?, in bytes: UnsafeBufferPointer<UInt8>
    ) -> GlyphLine {
        let start = fragment.utf8Range.lowerBound
        // The mandatory break ending the line (and anything else that takes no width at its end)
        // is not drawn: Pango leaves paragraph separators out of its items.
        var end = fragment.utf8Range.upperBound
        while end > start {
            var k = end - 1
            while k > start && bytes[k] & 0xC0 == 0x80 { k -= 1 }
            guard StyleTables.isZeroWidth(Unicode.Scalar(TextWalker.decode(bytes, at: k).value) ?? " ") else { break }
            end = k
        }
        let view = tables.view
        let unitsPerPoint = view.unitsPerPoint
        let tabStops = TabStops(tables: view)
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        var contentWidth = 0.0
        var fontsUsed: UInt32 = 0
        let context = RunShaper.Context(bytes: bytes, range: start..<end)
        // The leading characters without a script of the line's first word continue the run of
        // the text before the line, in its paragraph, as the measurer measures that word
        // (`TextWalker.continuedScriptRun` over the word's content: up to its first space).
        var firstWordEnd = start
        while firstWordEnd < end, bytes[firstWordEnd] != 0x20, bytes[firstWordEnd] != 0x09 { firstWordEnd += 1 }
        let continued = TextWalker(tables: view, bytes: bytes, levels: levels)
            .continuedScriptRun(from: start, to: firstWordEnd)?.script ?? HB_SCRIPT_COMMON
        var runs: [Itemizer.Run] = []
        tables.forEachRun(in: bytes, from: start, to: end, levels: levels, continuedScript: continued) { runs.append($0) }
        for index in GlyphPositioner.visualOrder(levels: runs.map { $0.level ?? 0 }) {
            let run = runs[index]
            let scale = pango ? 1 : tables.unitScales[run.font]
            let font = tables.harfBuzzFonts[run.font]
            for shaped in RunShaper.glyphs(
                of: run.range, context: context, font: font, script: run.script, direction: run.direction
            ) {
                let scalar = TextWalker.decode(bytes, at: shaped.cluster).value
                if scalar == 0x09 {
                    // A tab draws nothing and moves the pen to the next stop, as the fitter.
                    let advance = tabStops.stop(after: pen, maxWidth: .infinity) - pen
                    pen += advance
                    if shaped.cluster < contentEnd { contentWidth += advance }
                    continue
                }
                let advance = shaped.glyph == 0 && shaped.xAdvance != 0
                    ? view.lookup(scalar).advance : Double(shaped.xAdvance) * scale
                if let visible = Unicode.Scalar(scalar), StyleTables.isZeroWidth(visible), advance == 0 { continue }
                glyphs.append(PositionedGlyph(
                    fontIndex: run.font, glyph: shaped.glyph, x: (pen + Double(shaped.xOffset) * scale) / unitsPerPoint,
                    utf8Offset: shaped.cluster))
                pen += advance
                if shaped.cluster < contentEnd { contentWidth += advance }
                fontsUsed |= StyleTables.maskBit(font: run.font)
            }
        }
        var ascender = ascenders[0]
        if fontsUsed != 0 {
            ascender = ascenders.indices.filter { fontsUsed & StyleTables.maskBit(font: $0) != 0 }.map { ascenders[$0] }.max()
                ?? ascenders[0]
        }
        return GlyphLine(
            utf8Range: fragment.utf8Range, glyphs: glyphs, width: contentWidth / unitsPerPoint,
            lineHeight: fragment.lineHeight, ascender: ascender)
    }
}
