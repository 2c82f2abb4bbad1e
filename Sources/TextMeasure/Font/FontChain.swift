/// Fonts in fallback order: each Unicode scalar is drawn by the first font that has a glyph
/// for it; when none has, by the primary (first) font's `.notdef` (glyph 0).
///
/// A chain resolves every Basic Multilingual Plane code point once, when it is created, into a
/// flat table, so `resolve` is one array load for BMP text. Copies share that table.
///
/// Equal (and hashable) by the identity of its fonts, in order.
public struct FontChain: Sendable, Hashable {
    /// The fonts, primary first. Never empty. (Read-only: the resolve table is built from it.)
    public let fonts: [Font]

    /// For each BMP code point, its `ResolvedGlyph` packed into 64 bits: font index in bits
    /// 48–63, glyph in bits 32–47, advance (font units, two's complement) in bits 0–31; or
    /// `unpacked` when the glyph or font index does not fit, which sends `resolve` to the search.
    /// 65,536 entries (512 KiB).
    @usableFromInline let bmpTable: [UInt64]

    /// The `bmpTable` entry that means "not packed: search the fonts".
    @inlinable static var unpacked: UInt64 { .max }

    /// Creates a chain and builds its resolve table.
    ///
    /// - Throws: `FontError.emptyChain` for an empty list.
    /// - Complexity: O(65,536 × fonts) glyph lookups — about a millisecond and a 512 KiB
    ///   table per chain, so create a chain once and share it.
    public init(_ fonts: [Font]) throws(FontError) {
        guard !fonts.isEmpty else { throw .emptyChain }
        self.fonts = fonts
        self.bmpTable = FontChain.makeBMPTable(fonts)
    }

    /// Loads a chain from font file paths (face 0 of each).
    ///
    /// - Throws: `FontError` for the first file that fails, or `.emptyChain`.
    public init(paths: [String]) throws(FontError) {
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path)) }
        try self.init(fonts)
    }

    /// The bundled chain: DejaVu Sans, then IPAexGothic. Loaded on first use and shared.
    ///
    /// - Throws: `FontError.bundledFontsNotFound` if `BundledFonts` cannot find the font files,
    ///   or the `FontError` of a file that fails to load.
    public static func bundled() throws(FontError) -> FontChain {
        try bundledChain.get()
    }

    private static let bundledChain: Result<FontChain, FontError> = {
        guard let dejaVu = BundledFonts.dejaVuSansPath, let ipa = BundledFonts.ipaexGothicPath else {
            return .failure(.bundledFontsNotFound)
        }
        do throws(FontError) {
            return .success(try FontChain(paths: [dejaVu, ipa]))
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

    /// Whether two chains hold the same font objects in the same order.
    public static func == (lhs: FontChain, rhs: FontChain) -> Bool {
        lhs.fonts.count == rhs.fonts.count && zip(lhs.fonts, rhs.fonts).allSatisfy { $0 === $1 }
    }

    /// Hashes the identities of the fonts.
    public func hash(into hasher: inout Hasher) {
        for font in fonts { hasher.combine(ObjectIdentifier(font)) }
    }
}

