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

extension FontChain {
    /// The most fonts a chain with system fallback holds (line heights track fonts in 32 bits).
    static let maximumFallbackChainLength = 31

    /// This chain with the system fonts fontconfig prefers for `scalars`
    /// (`systemFallbackFont(for:)`) appended after its own fonts, each a family of its own,
    /// ordered by file path and face index (so the result depends only on the set of fonts, not
    /// on the order the characters came in); `nil` when fontconfig has no font for any of them
    /// that the chain lacks. Chains are cached per (chain, fonts appended).
    ///
    /// - Complexity: A fontconfig sort per scalar not asked for before, a `Font.init` per new
    ///   file, and a chain's resolve table (about a millisecond) per new combination.
    func withSystemFallback(for scalars: some Sequence<Unicode.Scalar>) -> FontChain? {
        let own = Set(fonts.map { Fontconfig.FaceFile(path: $0.path, index: $0.faceIndex) })
        var added: [Fontconfig.FaceFile: Font] = [:]
        for scalar in scalars {
            guard let font = FontChain.systemFallbackFont(for: scalar) else { continue }
            let face = Fontconfig.FaceFile(path: font.path, index: font.faceIndex)
            if !own.contains(face) { added[face] = font }
        }
        guard !added.isEmpty else { return nil }
        let faces = added.keys.sorted { ($0.path, $0.index) < ($1.path, $1.index) }
            .prefix(max(0, FontChain.maximumFallbackChainLength - fonts.count))
        guard !faces.isEmpty else { return nil }
        let key = FallbackKey(chain: self, faces: Array(faces))
        if let known = FontChain.fallbackChains.withLock({ $0[key] }) { return known }
        let families = self.families + faces.compactMap { face in
            added[face].map { FontFamily(name: $0.familyName, nonEmptyFaces: [$0]) }
        }
        guard let chain = try? FontChain(fontFamilies: families) else { return nil }
        return FontChain.fallbackChains.withLock { chains in
            if let known = chains[key] { return known }
            if chains.count >= 64 { chains.removeAll() }
            chains[key] = chain
            return chain
        }
    }

    /// A chain and the system fonts appended to it.
    private struct FallbackKey: Hashable, Sendable {
        var chain: FontChain
        var faces: [Fontconfig.FaceFile]
    }

    /// The chains made by `withSystemFallback(for:)`.
    private static let fallbackChains = Mutex<[FallbackKey: FontChain]>([:])
}
