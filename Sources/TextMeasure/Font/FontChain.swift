/// Font families in fallback order, each with its faces: each Unicode scalar is drawn by the
/// first family's font that has a glyph for it; when none has, by the primary (first) font's
/// `.notdef` (glyph 0). A default style measures each family's regular face (`fonts`); a style
/// asking for a weight or italic picks its faces with `face(family:weight:italic:)`.
///
/// A chain resolves every Basic Multilingual Plane code point once, when it is created, into a
/// flat table, so `resolve` is one array load for BMP text. Copies share that table.
///
/// Equal (and hashable) by its families: their names and the identity of their faces, in order.
public struct FontChain: Sendable, Hashable {
    /// The families in fallback order, primary first. Never empty.
    public let families: [FontFamily]
    /// Each family's regular face (`FontFamily.regular`), in fallback order: the fonts a
    /// default style measures and `resolve` answers with. Never empty.
    public let fonts: [Font]

    /// For each BMP code point, its `ResolvedGlyph` packed into 64 bits: font index in bits
    /// 48–63, glyph in bits 32–47, advance (font units, two's complement) in bits 0–31; or
    /// `unpacked` when the glyph or font index does not fit, which sends `resolve` to the search.
    /// 65,536 entries (512 KiB).
    @usableFromInline let bmpTable: [UInt64]

    /// The `bmpTable` entry that means "not packed: search the fonts".
    @inlinable static var unpacked: UInt64 { .max }

    /// Creates a chain of families and builds its resolve table.
    ///
    /// - Throws: `FontError.emptyChain` for an empty list.
    /// - Complexity: O(65,536 × families) glyph lookups — about a millisecond and a 512 KiB
    ///   table per chain, so create a chain once and share it.
    public init(fontFamilies: [FontFamily]) throws(FontError) {
        guard !fontFamilies.isEmpty else { throw .emptyChain }
        self.families = fontFamilies
        self.fonts = fontFamilies.map(\.regular)
        self.bmpTable = FontChain.makeBMPTable(fonts)
    }

    /// Creates a chain from loaded fonts: a font whose family name equals an earlier font's is
    /// a face of that family, not a fallback (`DejaVuSans.ttf`, `DejaVuSans-Bold.ttf` is one
    /// family with two faces); the families keep the order of their first fonts.
    ///
    /// - Throws: `FontError.emptyChain` for an empty list.
    /// - Complexity: as `init(fontFamilies:)`.
    public init(_ fonts: [Font]) throws(FontError) {
        var families: [FontFamily] = []
        for font in fonts { families.append(try FontFamily(name: font.familyName, faces: [font])) }
        try self.init(fontFamilies: FontChain.merged(families))
    }

    /// Loads a chain from font file paths (face 0 of each; faces of one family group as in
    /// `init(_:)`).
    ///
    /// - Throws: `FontError` for the first file that fails, or `.emptyChain`.
    public init(paths: [String]) throws(FontError) {
        var loader = FontLoader()
        self = try loader.chain(paths.map { .file(path: $0, faceIndex: 0) })
    }

    /// Loads a chain of families by name through fontconfig, each with every face fontconfig
    /// lists for it, e.g. `FontChain(families: ["Noto Sans", "Noto Sans CJK JP"])`.
    ///
    /// - Throws: `FontError.familyNotFound` for a name fontconfig does not know (it never
    ///   substitutes another family), the `FontError` of a face file that fails to load, or
    ///   `.emptyChain`.
    /// - Complexity: The first lookup in a process loads fontconfig's configuration (a few
    ///   milliseconds); then each face file loads as `Font.init`.
    public init(families: [String]) throws(FontError) {
        var loader = FontLoader()
        self = try loader.chain(families.map { .family($0) })
    }

    /// Loads a chain of files and family names in fallback order, grouping faces of one family
    /// as `init(_:)` does.
    ///
    /// - Throws: `FontError` for the first source that fails, or `.emptyChain`.
    public init(sources: [FontSource]) throws(FontError) {
        var loader = FontLoader()
        self = try loader.chain(sources)
    }

    /// Families with equal names (case and blanks ignored) merged into the first one, faces in
    /// order, each face object once.
    static func merged(_ families: [FontFamily]) -> [FontFamily] {
        var merged: [(key: String, name: String, faces: [Font])] = []
        for family in families {
            let key = Fontconfig.normalized(family.name)
            if let index = merged.firstIndex(where: { $0.key == key }) {
                for face in family.faces where !merged[index].faces.contains(where: { $0 === face }) {
                    merged[index].faces.append(face)
                }
            } else {
                merged.append((key, family.name, family.faces))
            }
        }
        return merged.map { FontFamily(name: $0.name, nonEmptyFaces: $0.faces) }
    }

    /// The face of the chain's family named `family` (case and blanks ignored) that CSS font
    /// matching picks for `weight` and `italic` (`FontFamily.face(weight:italic:)`); `nil` when
    /// the chain has no such family.
    ///
    /// - Complexity: O(families + faces).
    public func face(family: String, weight: Int = 400, italic: Bool = false) -> Font? {
        let key = Fontconfig.normalized(family)
        return families.first { Fontconfig.normalized($0.name) == key }?.face(weight: weight, italic: italic)
    }

    /// The bundled chain: DejaVu Sans, IPAexGothic, then Noto Color Emoji. Loaded on first use
    /// and shared.
    ///
    /// - Throws: `FontError.bundledFontsNotFound` if `BundledFonts` cannot find the font files,
    ///   or the `FontError` of a file that fails to load.
    public static func bundled() throws(FontError) -> FontChain {
        try bundledChain.get()
    }

    private static let bundledChain: Result<FontChain, FontError> = {
        guard let directory = BundledFonts.directory else { return .failure(.bundledFontsNotFound) }
        do throws(FontError) {
            return .success(try FontChain(paths: BundledFonts.chainFileNames.map { directory + "/" + $0 }))
        } catch {
            return .failure(error)
        }
    }()

    /// The font, glyph and advance (font units of that font) that draw `scalar`: the first
    /// font with a glyph for it, else glyph 0 of font 0.
    ///
    /// - Complexity: O(1), one array load, for BMP scalars; O(fonts × log n) binary searches
    ///   for the supplementary planes.
    @inlinable
    public func resolve(_ scalar: Unicode.Scalar) -> ResolvedGlyph {
        let value = scalar.value
        if value < 0x1_0000 {
            let packed = bmpTable[Int(value)]
            if packed != FontChain.unpacked {
                return ResolvedGlyph(
                    fontIndex: Int(packed >> 48), glyph: GlyphID(truncatingIfNeeded: packed >> 32) & 0xFFFF,
                    advance: Int32(truncatingIfNeeded: packed))
            }
        }
        return resolveBySearch(scalar)
    }

    /// `resolve` without the table: asks each font in turn.
    ///
    /// - Complexity: O(fonts) lookups.
    @usableFromInline
    func resolveBySearch(_ scalar: Unicode.Scalar) -> ResolvedGlyph {
        FontChain.search(fonts, for: scalar)
    }

    /// The fallback rule itself, without a table: the first of `fonts` with a glyph for
    /// `scalar`, else glyph 0 of font 0.
    static func search(_ fonts: [Font], for scalar: Unicode.Scalar) -> ResolvedGlyph {
        for (index, font) in fonts.enumerated() {
            let glyph = font.glyph(for: scalar)
            if glyph != 0 { return ResolvedGlyph(fontIndex: index, glyph: glyph, advance: font.advance(of: glyph)) }
        }
        return ResolvedGlyph(fontIndex: 0, glyph: 0, advance: fonts[0].advance(of: 0))
    }

    /// `resolved` packed for `bmpTable`, or `unpacked` if it does not fit.
    static func pack(_ resolved: ResolvedGlyph) -> UInt64 {
        guard resolved.fontIndex < 0xFFFF, resolved.glyph <= 0xFFFF else { return unpacked }
        return UInt64(resolved.fontIndex) << 48 | UInt64(resolved.glyph) << 32
            | UInt64(UInt32(bitPattern: resolved.advance))
    }

    /// The resolve table: `pack(search(fonts, for: scalar))` for every BMP scalar, `unpacked` for
    /// the surrogate code points. Built font by font over each font's glyph table (a tight loop
    /// per font) rather than by searching the fonts for each code point.
    static func makeBMPTable(_ fonts: [Font]) -> [UInt64] {
        // Code points no font has keep this; a code point a font has never packs to it, since
        // its glyph is not 0.
        let none = pack(ResolvedGlyph(fontIndex: 0, glyph: 0, advance: fonts[0].advance(of: 0)))
        var table = [UInt64](repeating: none, count: 0x1_0000)
        table.withUnsafeMutableBufferPointer { table in
            for (index, font) in fonts.enumerated() {
                font.withBMPGlyphs { glyphs in
                    for codePoint in 0..<0x1_0000 where glyphs[codePoint] != 0 && table[codePoint] == none {
                        let glyph = glyphs[codePoint]
                        table[codePoint] = pack(ResolvedGlyph(fontIndex: index, glyph: glyph, advance: font.advance(of: glyph)))
                    }
                }
            }
            // Surrogate code points are not scalars; `resolve` never reads their entries.
            for codePoint in 0xD800..<0xE000 { table[codePoint] = unpacked }
        }
        return table
    }

    /// Whether two chains hold the same families (names and face objects) in the same order.
    public static func == (lhs: FontChain, rhs: FontChain) -> Bool {
        lhs.families == rhs.families
    }

    /// Hashes the families.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(families)
    }
}

