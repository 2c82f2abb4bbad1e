import LineBreak

/// Places the glyphs of measured lines: the drawing half of layout, for renderers and for
/// pictures of a layout (`rowheight render`).
///
/// It walks each line's scalars with the rules the measurer sums widths by — fallback through
/// the font chain per scalar, unhinted advances scaled in floating point (`.uikit`) or rounded
/// to whole Pango units (`.pango`), pair kerning between neighbours drawn by the same font
/// (GPOS when the font has it, else legacy `kern`), none at the start of a line, and the standard
/// ligatures — so a line's `width` equals its `LineFragment.width` for text measured from the
/// tables. Not yet for text that HarfBuzz shapes, nor white space kept in a fallback font's run
/// (README, Limits).
///
/// Known difference: in `.pango`, a character that no font has is drawn as the primary font's
/// `.notdef` at that glyph's advance, where the measurer uses Pango's box width.
struct GlyphPositioner {
    let style: TextStyle
    private let fonts: [Font]
    private let pango: Bool
    /// Per font: points per font unit (`.uikit`).
    private let unitScales: [Double]
    /// Per font: HarfBuzz's 16.16 multiplier from font units to Pango units (`.pango`).
    private let pangoMultipliers: [Int64]
    /// Per font: whether kerning comes from GPOS.
    private let usesGPOS: [Bool]
    /// Per font: whether standard ligatures are formed.
    private let formsLigatures: [Bool]
    /// Per font: ascender at the style's size, points.
    private let ascenders: [Double]

    init(style: TextStyle) {
        self.style = style
        let fonts = style.fontChain.fonts
        let size = style.fontSize
        self.fonts = fonts
        self.pango = style.profile == .pango
        unitScales = fonts.map { size / Double($0.unitsPerEm) }
        let xScale = Int64((size * 1024).rounded())
        pangoMultipliers = fonts.map { (xScale << 16) / Int64($0.unitsPerEm) }
        usesGPOS = fonts.map { $0.hasGPOSKerning }
        formsLigatures = fonts.map { !$0.ligatureTable.isEmpty }
        ascenders = fonts.map { $0.metrics(size: size).ascender }
    }

    /// A font-unit value (advance or kerning) of font `font`, in width units (points for
    /// `.uikit`, Pango units for `.pango`). `bmpAdvance` selects the measurer's rounding order
    /// for advances of BMP scalars (`units × size / upem` rather than `units × (size / upem)`).
    private func scaled(_ units: Int32, font: Int, bmpAdvance: Bool = false) -> Double {
        if pango { return Double((Int64(units) * pangoMultipliers[font] + 32768) >> 16) }
        if bmpAdvance { return Double(units) * style.fontSize / Double(fonts[font].unitsPerEm) }
        return Double(units) * unitScales[font]
    }

    private func kerning(_ left: GlyphID, _ right: GlyphID, font: Int) -> Double {
        let units = usesGPOS[font] ? fonts[font].gposKerning(left, right) : fonts[font].kerning(left, right)
        return units == 0 ? 0 : scaled(units, font: font)
    }

    /// The glyph lines of `lines` (from measuring `bytes`).
    func lines(_ lines: [LineFragment], in bytes: UnsafeBufferPointer<UInt8>) -> [GlyphLine] {
        let contentEnds = contentEnds(of: lines, in: bytes)
        return zip(lines, contentEnds).map { line(of: $0, contentEnd: $1, in: bytes) }
    }

    /// Where each line's hanging white space begins: the white space of the segment that ends
    /// the line (`LineSegment.whitespaceStart`), or the line's end when the line ends inside a
    /// segment (a broken word).
    ///
    /// `.pango` in char mode breaks between white-space scalars too, and there only the last
    /// white-space scalar of a line hangs (the measurer places every white-space scalar after a
    /// segment's first one as a piece of its own).
    func contentEnds(of lines: [LineFragment], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let splitsWhitespace = pango && style.lineBreakMode == .byCharWrapping
        var ends: [Int] = []
        ends.reserveCapacity(lines.count)
        var segments = LineSegmentIterator(utf8: bytes)
        var segment = segments.next()
        for line in lines {
            let end = line.utf8Range.upperBound
            while let s = segment, s.end < end { segment = segments.next() }
            guard let s = segment, s.whitespaceStart < end else {
                ends.append(end)
                continue
            }
            let firstSpaceEnd = s.whitespaceStart + GlyphPositioner.decode(bytes, at: s.whitespaceStart).length
            if splitsWhitespace && end > firstSpaceEnd {
                var last = firstSpaceEnd
                while last + GlyphPositioner.decode(bytes, at: last).length < end {
                    last += GlyphPositioner.decode(bytes, at: last).length
                }
                ends.append(max(line.utf8Range.lowerBound, last))
            } else {
                ends.append(max(line.utf8Range.lowerBound, s.whitespaceStart))
            }
        }
        return ends
    }

    private func line(of fragment: LineFragment, contentEnd: Int, in bytes: UnsafeBufferPointer<UInt8>) -> GlyphLine {
        var glyphs: [PositionedGlyph] = []
        var pen = 0.0
        var contentWidth = 0.0
        var previous: (font: Int, glyph: GlyphID)? = nil
        var fontsUsed = Set<Int>()
        var i = fragment.utf8Range.lowerBound
        let end = fragment.utf8Range.upperBound
        while i < end {
            let (value, length) = GlyphPositioner.decode(bytes, at: i)
            let start = i
            i += length
            guard let scalar = Unicode.Scalar(value), !StyleTables.isZeroWidth(scalar) else { continue }
            let resolved = style.fontChain.resolve(scalar)
            let font = resolved.fontIndex
            var glyph = resolved.glyph
            var advance = scaled(resolved.advance, font: font, bmpAdvance: value < 0x1_0000)
            if formsLigatures[font], let ligature = ligature(startingWith: glyph, font: font, at: i, limit: contentEnd, in: bytes) {
                glyph = ligature.glyph
                advance = scaled(fonts[font].advance(of: ligature.glyph), font: font)
                i = ligature.end
            }
            if let previous, previous.font == font { pen += kerning(previous.glyph, glyph, font: font) }
            glyphs.append(PositionedGlyph(fontIndex: font, glyph: glyph, x: pen / unitsPerPoint, utf8Offset: start))
            pen += advance
            if start < contentEnd { contentWidth = pen }
            previous = (font, glyph)
            fontsUsed.insert(font)
        }
        let ascender = fontsUsed.isEmpty ? ascenders[0] : fontsUsed.map { ascenders[$0] }.max() ?? ascenders[0]
        return GlyphLine(
            utf8Range: fragment.utf8Range, glyphs: glyphs, width: contentWidth / unitsPerPoint,
            lineHeight: fragment.lineHeight, ascender: ascender)
    }

    private var unitsPerPoint: Double { pango ? 1024 : 1 }

    /// The standard ligature of font `font` starting with `glyph` whose other components are
    /// the scalars from byte `i` on (before `limit`, drawn by the same font): its glyph and the
    /// offset just past its last component.
    private func ligature(startingWith glyph: GlyphID, font: Int, at i: Int, limit: Int,
                          in bytes: UnsafeBufferPointer<UInt8>) -> (glyph: GlyphID, end: Int)?
    {
        let candidates = fonts[font].ligatureTable.ligatures(startingWith: glyph)
        guard !candidates.isEmpty else { return nil }
        let longest = candidates.map(\.components.count).max() ?? 0
        var following: [(glyph: GlyphID, end: Int)] = []
        var j = i
        while following.count < longest, j < limit {
            let (value, length) = GlyphPositioner.decode(bytes, at: j)
            guard let scalar = Unicode.Scalar(value), !StyleTables.isZeroWidth(scalar) else { break }
            let resolved = style.fontChain.resolve(scalar)
            guard resolved.fontIndex == font, resolved.advance != 0 else { break }
            j += length
            following.append((resolved.glyph, j))
        }
        for candidate in candidates where candidate.components.count <= following.count {
            if zip(candidate.components, following).allSatisfy({ $0 == $1.glyph }) {
                return (candidate.glyph, following[candidate.components.count - 1].end)
            }
        }
        return nil
    }

    /// Decodes the scalar at `i` of valid UTF-8.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        var iterator = UTF8.ForwardParser()
        var bytesIterator = UnsafeBufferPointer(rebasing: bytes[i...]).makeIterator()
        guard case .valid(let encoded) = iterator.parseScalar(from: &bytesIterator) else { return (0xFFFD, 1) }
        return (UTF8.decode(encoded).value, encoded.count)
    }
}
