import Synchronization

/// Fonts in fallback order: each Unicode scalar is drawn by the first font that has a glyph
/// for it; when none has, by the primary (first) font's `.notdef`.
///
/// Equal (and hashable) by the identity of its fonts.
public struct FontChain: Sendable, Hashable {
    /// The fonts, primary first. Never empty.
    public let fonts: [Font]

    /// Creates a chain.
    ///
    /// - Throws: `FontError.emptyChain` for an empty list.
    public init(_ fonts: [Font]) throws(FontError) {
        guard !fonts.isEmpty else { throw .emptyChain }
        self.fonts = fonts
    }

    /// Loads a chain from font file paths.
    ///
    /// - Throws: `FontError` for the first file that fails, or `.emptyChain`.
    public init(paths: [String]) throws(FontError) {
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path)) }
        try self.init(fonts)
    }

    /// The bundled chain: DejaVu Sans, then IPAexGothic. Loaded once and shared.
    ///
    /// - Throws: `FontError` if the bundled fonts cannot be found or loaded.
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

    /// The font, glyph and advance for `scalar`.
    ///
    /// - Complexity: O(fonts) array loads (plus a binary search for supplementary planes).
    @inlinable
    public func resolve(_ scalar: Unicode.Scalar) -> ResolvedGlyph {
        for index in fonts.indices {
            let glyph = fonts[index].glyph(for: scalar)
            if glyph != 0 { return ResolvedGlyph(fontIndex: index, glyph: glyph, advance: fonts[index].advance(of: glyph)) }
        }
        return ResolvedGlyph(fontIndex: 0, glyph: 0, advance: fonts[0].advance(of: 0))
    }

    public static func == (lhs: FontChain, rhs: FontChain) -> Bool {
        lhs.fonts.count == rhs.fonts.count && zip(lhs.fonts, rhs.fonts).allSatisfy { $0 === $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for font in fonts { hasher.combine(ObjectIdentifier(font)) }
    }
}
