import CFreeType

/// A font file loaded for measuring: its metrics, character map, unhinted advances and pair
/// kerning, all read once at load time into immutable arrays.
///
/// After `init`, looking up a glyph, an advance or a kerning pair never calls FreeType, so a
/// `Font` is safe to use from any number of threads at once. The FreeType face stays open
/// (behind a lock) for rasterizing.
public final class Font: Sendable, CustomStringConvertible {
    /// The file the font was loaded from.
    public let path: String
    /// Index of the face in the file (non-zero only in collections).
    public let faceIndex: Int
    /// Number of faces in the file.
    public let faceCount: Int
    /// Family name, e.g. "DejaVu Sans".
    public let familyName: String
    /// Style name, e.g. "Book".
    public let styleName: String
    /// Font units per em.
    public let unitsPerEm: Int
    /// Ascender, font units (positive): `hhea`, or `OS/2` typo metrics when the font sets
    /// USE_TYPO_METRICS — what HarfBuzz and Core Text use.
    public let ascender: Int
    /// Descender, font units (negative).
    public let descender: Int
    /// Line gap, font units.
    public let lineGap: Int
    /// Number of glyphs.
    public let glyphCount: Int
    /// Weight class, 1–1000 (`OS/2` `usWeightClass`: 400 regular, 700 bold); 400 when the font
    /// has no `OS/2` table.
    public let weight: Int
    /// Whether the face is italic or oblique (`OS/2` `fsSelection` ITALIC or OBLIQUE, else
    /// FreeType's italic style flag).
    public let isItalic: Bool
    /// Whether the font has scalable outlines (`glyf` or `CFF`). A colour bitmap font (CBDT/CBLC
    /// or sbix without outlines) has none; it still measures from its `hmtx` advances and `hhea`
    /// metrics scaled by size / unitsPerEm.
    public let hasOutlines: Bool
    /// The colour glyph tables the font has, among `CBDT`, `sbix`, `COLR` and `SVG ` (in that
    /// order); empty for a monochrome font.
    public let colorTables: [String]

    let face: FreeTypeFace
    /// Glyph of each BMP code point.
    private let bmpGlyphs: [GlyphID]
    /// Supplementary-plane code points with a glyph, sorted, and their glyphs.
    private let supplementaryScalars: [UInt32]
    private let supplementaryGlyphs: [GlyphID]
    /// Unhinted advance of each glyph, font units.
    private let advances: [Int32]
    private let kerningTable: KerningTable
    private let gposKerningTable: GPOSKerning
    let ligatureTable: LigatureTable
    /// The face as HarfBuzz shapes with it.
    let harfBuzzFace: HarfBuzzFace

    /// Loads face `faceIndex` of the font file at `path` (TrueType, OpenType/CFF, or a
    /// `.ttc`/`.otc` collection).
    ///
    /// - Throws: `FontError` — file missing, unreadable, not a font, face index out of range;
    ///   `.damaged` for vertical metrics that give a negative line height.
    /// - Complexity: O(glyphs + mapped characters); a few milliseconds for a CJK font.
    public init(path: String, faceIndex: Int = 0) throws(FontError) {
        let face = try FreeTypeFace(path: path, index: faceIndex)
        self.face = face
        self.path = path
        self.faceIndex = faceIndex
        self.faceCount = face.faceCount
        let loaded = face.withFace { face -> Loaded in Font.load(face) }
        if let problem = FontMetrics.problem(ascender: loaded.ascender, descender: loaded.descender, lineGap: loaded.lineGap) {
            throw .damaged(path: path, reason: problem)
        }
        familyName = loaded.family
        styleName = loaded.style
        unitsPerEm = loaded.unitsPerEm
        ascender = loaded.ascender
        descender = loaded.descender
        lineGap = loaded.lineGap
        glyphCount = loaded.advances.count
        weight = loaded.weight
        isItalic = loaded.isItalic
        hasOutlines = loaded.hasOutlines
        colorTables = loaded.colorTables
        bmpGlyphs = loaded.bmp
        supplementaryScalars = loaded.supplementaryScalars
        supplementaryGlyphs = loaded.supplementaryGlyphs
        advances = loaded.advances
        kerningTable = KerningTable(kernTable: loaded.kern, glyphCount: loaded.advances.count)
        gposKerningTable = GPOSKerning(gposTable: loaded.gpos, glyphCount: loaded.advances.count)
        ligatureTable = LigatureTable(gsubTable: loaded.gsub, glyphCount: loaded.advances.count)
        harfBuzzFace = try HarfBuzzFace(path: path, index: faceIndex)
    }

    private struct Loaded {
        var family = "", style = ""
        var unitsPerEm = 1000, ascender = 0, descender = 0, lineGap = 0
        var weight = 400, isItalic = false, hasOutlines = true
        var colorTables: [String] = []
        var bmp: [GlyphID] = []
        var supplementaryScalars: [UInt32] = [], supplementaryGlyphs: [GlyphID] = []
        var advances: [Int32] = []
        var kern: [UInt8] = []
        var gpos: [UInt8] = []
        var gsub: [UInt8] = []
    }

    private static func load(_ face: FT_Face) -> Loaded {
        var result = Loaded()
        let rec = face.pointee
        result.family = rec.family_name.map { String(cString: $0) } ?? ""
        result.style = rec.style_name.map { String(cString: $0) } ?? ""
        // FreeType leaves `units_per_EM` 0 for a face without outlines; `head` has it.
        result.unitsPerEm = max(1, rec.units_per_EM > 0 ? Int(rec.units_per_EM) : headUnitsPerEm(face))
        // Vertical metrics as HarfBuzz reads them: OS/2 typo when USE_TYPO_METRICS, else hhea,
        // else typo, else win.
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        if let os2, os2.version != 0xFFFF {
            if os2.usWeightClass >= 1, os2.usWeightClass <= 1000 { result.weight = Int(os2.usWeightClass) }
            result.isItalic = os2.fsSelection & (1 << 0 | 1 << 9) != 0
        } else {
            result.isItalic = rec.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        }
        result.hasOutlines = rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        result.colorTables = ["CBDT", "sbix", "COLR", "SVG "].filter { hasTable(face, tag: $0) }
        if let os2, os2.version != 0xFFFF, os2.fsSelection & (1 << 7) != 0,
            os2.sTypoAscender != 0 || os2.sTypoDescender != 0
        {
            (result.ascender, result.descender, result.lineGap) =
                (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap))
        } else if let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            (result.ascender, result.descender, result.lineGap) =
                (Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap))
        } else if let os2, os2.version != 0xFFFF, os2.sTypoAscender != 0 || os2.sTypoDescender != 0 {
            (result.ascender, result.descender, result.lineGap) =
                (Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap))
        } else if let os2, os2.version != 0xFFFF {
            (result.ascender, result.descender, result.lineGap) =
                (Int(os2.usWinAscent), -Int(os2.usWinDescent), 0)
        } else {
            (result.ascender, result.descender, result.lineGap) =
                (Int(rec.ascender), Int(rec.descender), Int(rec.height) - Int(rec.ascender) + Int(rec.descender))
        }
        // Character map.
        var bmp = [GlyphID](repeating: 0, count: 0x1_0000)
        if rec.charmap != nil {
            var glyph: FT_UInt = 0
            var code = FT_Get_First_Char(face, &glyph)
            while glyph != 0 {
                if code < 0x1_0000 {
                    bmp[Int(code)] = GlyphID(glyph)
                } else if code <= 0x10_FFFF {
                    result.supplementaryScalars.append(UInt32(code))
                    result.supplementaryGlyphs.append(GlyphID(glyph))
                } else {
                    break  // codes only grow: the rest (up to 2^32 in a hostile cmap) are not Unicode
                }
                code = FT_Get_Next_Char(face, code, &glyph)
            }
        }
        result.bmp = bmp
        // Unhinted advances in font units, all glyphs at once: read from a well-formed `hmtx`
        // directly (FreeType's per-glyph calls took a quarter of loading a font), else FreeType's.
        let count = Int(rec.num_glyphs)
        if count > 0, rec.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) == 0,  // variable fonts: FreeType applies HVAR
            let advances = Font.hmtxAdvances(
                hhea: rawTable(face, tag: 0x6868_6561), hmtx: rawTable(face, tag: 0x686D_7478), glyphCount: count)
        {
            result.advances = advances
        } else if count > 0, let advances = freeTypeAdvances(face, count: count) {
            result.advances = advances
        } else {
            result.advances = [Int32](repeating: 0, count: max(count, 1))
        }
        // The raw `kern` and `GPOS` tables, if any.
        result.kern = rawTable(face, tag: 0x6B65_726E)  // 'kern'
        result.gpos = rawTable(face, tag: 0x4750_4F53)  // 'GPOS'
        result.gsub = rawTable(face, tag: 0x4753_5542)  // 'GSUB'
        return result
    }

    /// FreeType's unhinted advances of the first `count` glyphs of `face` in font units (`nil`
    /// when FreeType fails): what `hmtxAdvances` must equal for a well-formed font.
    static func freeTypeAdvances(_ face: FT_Face, count: Int) -> [Int32]? {
        var fixed = [FT_Fixed](repeating: 0, count: max(count, 1))
        guard FT_Get_Advances(face, 0, FT_UInt(count), FT_Int32(FT_LOAD_NO_SCALE), &fixed) == 0 else { return nil }
        return fixed.prefix(count).map { Int32(clamping: $0) }
    }

    /// The advance of each of `glyphCount` glyphs from raw `hhea` and `hmtx` tables: the
    /// `numberOfHMetrics` long metrics, the last advance repeated for the glyphs after them (what
    /// FreeType returns for them without scaling); `nil` when the tables are missing, short or
    /// inconsistent, so that FreeType's own recovery decides.
    ///
    /// - Complexity: O(glyphCount).
    static func hmtxAdvances(hhea: [UInt8], hmtx: [UInt8], glyphCount: Int) -> [Int32]? {
        guard hhea.count >= 36, glyphCount > 0 else { return nil }
        let metrics = Int(hhea[34]) << 8 | Int(hhea[35])
        guard metrics >= 1, metrics <= glyphCount, hmtx.count >= 4 * metrics else { return nil }
        var advances = [Int32](repeating: 0, count: glyphCount)
        hmtx.withUnsafeBufferPointer { table in
            for g in 0..<metrics {
                advances[g] = Int32(table[4 * g]) << 8 | Int32(table[4 * g + 1])
            }
        }
        let last = advances[metrics - 1]
        for g in metrics..<glyphCount { advances[g] = last }
        return advances
    }

    /// Units per em from the `head` table, 0 without one.
    static func headUnitsPerEm(_ face: FT_Face) -> Int {
        guard let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return 0 }
        return Int(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
    }

    /// Whether `face` has a table tagged `tag` (four ASCII characters), without reading it.
    static func hasTable(_ face: FT_Face, tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4 else { return false }
        let value = bytes.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, value, 0, nil, &length) == 0 && length > 0
    }

    private static func rawTable(_ face: FT_Face, tag: FT_ULong) -> [UInt8] {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0, length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard FT_Load_Sfnt_Table(face, tag, 0, &bytes, &length) == 0 else { return [] }
        return bytes
    }

    /// Whether the font has pair kerning (a legacy `kern` table with pairs).
    public var hasKerning: Bool { !kerningTable.isEmpty }

    /// The glyph for `scalar`, 0 if the font has none.
    @inline(__always)
    public func glyph(for scalar: Unicode.Scalar) -> GlyphID {
        let v = scalar.value
        if v < 0x1_0000 { return bmpGlyphs[Int(v)] }
        var lo = 0
        var hi = supplementaryScalars.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let m = supplementaryScalars[mid]
            if m == v { return supplementaryGlyphs[mid] }
            if m < v { lo = mid + 1 } else { hi = mid }
        }
        return 0
    }

    /// Calls `body` with the glyph of every BMP code point (65,536, indexed by code point; 0 where
    /// the font has none).
    func withBMPGlyphs<R>(_ body: (UnsafeBufferPointer<GlyphID>) throws -> R) rethrows -> R {
        try bmpGlyphs.withUnsafeBufferPointer(body)
    }

    /// Unhinted advance width of `glyph` in font units (0 for a glyph out of range).
    @inline(__always)
    public func advance(of glyph: GlyphID) -> Int32 {
        Int(glyph) < advances.count ? advances[Int(glyph)] : 0
    }

    /// Pair kerning between two glyphs in font units (negative tightens), 0 if none.
    @inline(__always)
    public func kerning(_ left: GlyphID, _ right: GlyphID) -> Int32 {
        kerningTable.value(left, right)
    }

    /// Whether the font has GPOS pair kerning (the `kern` feature's PairPos lookups).
    public var hasGPOSKerning: Bool { !gposKerningTable.isEmpty }

    /// Pair kerning from the font's `GPOS` table as HarfBuzz applies it (Latin script's `kern`
    /// feature), font units; 0 if none. Pango uses this, not the legacy `kern` table, when a
    /// font has GPOS kerning.
    @inline(__always)
    public func gposKerning(_ left: GlyphID, _ right: GlyphID) -> Int32 {
        gposKerningTable.value(left, right)
    }

    /// The font's vertical metrics at `size` points, scaled in floating point.
    public func metrics(size: Double) -> FontMetrics {
        let k = size / Double(unitsPerEm)
        return FontMetrics(ascender: Double(ascender) * k, descender: Double(descender) * k, lineGap: Double(lineGap) * k)
    }

    /// FreeType's own unscaled kerning for a pair (through the locked face), for checking the
    /// precomputed table.
    func freeTypeKerning(_ left: GlyphID, _ right: GlyphID) -> Int32 {
        face.withFace { face in
            var vector = FT_Vector()
            guard FT_Get_Kerning(face, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector) == 0
            else { return 0 }
            return Int32(clamping: vector.x)
        }
    }

    /// Whether the font has a table with the given tag (e.g. "GPOS").
    public func hasTable(_ tag: String) -> Bool {
        face.withFace { Font.hasTable($0, tag: tag) }
    }

    /// "Family Style (path)", e.g. "DejaVu Sans Book (/…/fonts/DejaVuSans.ttf)".
    public var description: String { "\(familyName) \(styleName) (\(path))" }
}
