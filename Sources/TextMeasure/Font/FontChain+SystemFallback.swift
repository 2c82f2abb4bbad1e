import Synchronization

extension FontChain {
    /// The system font fontconfig prefers for `scalar` (as Pango falls back for characters no
    /// font of the chain has), or `nil` when no installed font has it or fontconfig has no
    /// configuration. Opt-in system fallback asks this for the scalars a chain misses.
    ///
    /// Fonts are loaded once per process and shared; answers are cached per scalar.
    ///
    /// - Complexity: The first call loads fontconfig's configuration; each new scalar costs a
    ///   fontconfig sort (about a millisecond), each new font file a `Font.init`.
    public static func systemFallbackFont(for scalar: Unicode.Scalar) -> Font? {
        guard let face = Fontconfig.face(covering: scalar) else { return nil }
        return systemFonts.withLock { fonts -> Font? in
            if let known = fonts[face] { return known }
            let font = try? Font(path: face.path, faceIndex: face.index)
            fonts[face] = font
            return font
        }
    }

    /// The system fonts loaded for fallback, by face (`nil`: the file failed to load).
    private static let systemFonts = Mutex<[Fontconfig.FaceFile: Font?]>([:])
}
