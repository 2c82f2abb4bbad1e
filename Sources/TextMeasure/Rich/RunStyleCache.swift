import Synchronization

/// The run styles derived from one base style's tables, one per distinct `TextAttributes`
/// (and the font chains they need, one per distinct choice of faces), built on first use and
/// shared by every thread measuring in that style.
///
/// A `StyleTables` owns one (`StyleTables.runStyles`), so its key is the attributes alone.
final class RunStyleCache: Sendable {
    private let styles = Mutex<[TextAttributes: RunStyle]>([:])
    private let chains = Mutex<[[ObjectIdentifier]: FontChain]>([:])

    /// Bound on the entries kept (then the cache starts again; run styles in use stay alive).
    private static let limit = 256

    /// The run style of `attributes` over `base` (whose tables own this cache).
    ///
    /// - Throws: `TextMeasureError` for invalid attributes or a family `base`'s chain lacks.
    /// - Complexity: a lock and a hash of the attributes once built; building a new one costs
    ///   a font chain (about a millisecond) and its tables (a few hundred microseconds).
    func style(for attributes: TextAttributes, base: TextStyle, baseTables: StyleTableView)
        throws(TextMeasureError) -> RunStyle
    {
        if attributes.drawsAsBase { return RunStyle(base: baseTables) }
        if let style = styles.withLock({ $0[attributes] }) { return style }
        let style = try makeStyle(for: attributes, base: base, baseTables: baseTables)
        styles.withLock { styles in
            if styles.count >= RunStyleCache.limit { styles.removeAll() }
            styles[attributes] = style
        }
        return style
    }

    private func makeStyle(for attributes: TextAttributes, base: TextStyle, baseTables: StyleTableView)
        throws(TextMeasureError) -> RunStyle
    {
        try attributes.validate()
        let size = RunStyle.fontSize(of: attributes, baseSize: base.fontSize, profile: base.profile)
        guard size.isFinite, size > 0, size <= TextStyle.maximumFontSize else { throw .invalidFontSize(size) }
        let chain = try self.chain(for: attributes, base: base.fontChain)
        let letterSpacing = RunStyle.letterSpacing(of: attributes, profile: base.profile)
        // Letter-spaced text forms no ligatures (Pango turns `liga`, `clig`, `dlig` and `hlig`
        // off where letter spacing is set, `pango_analysis_collect_features`).
        let ligatures = letterSpacing == 0
        if chain == base.fontChain, size == base.fontSize, ligatures {
            return RunStyle(owner: nil, tables: baseTables, letterSpacing: letterSpacing)
        }
        var style = base
        style.fontChain = chain
        style.fontSize = size
        let tables = StyleTables.shared(for: style, ligatures: ligatures)
        return RunStyle(owner: tables, tables: tables.view, letterSpacing: letterSpacing)
    }

    /// The chain a run of `attributes` draws with: its family's face for the weight and style
    /// first, then the chain's other families in order, each with its face for them.
    private func chain(for attributes: TextAttributes, base: FontChain) throws(TextMeasureError) -> FontChain {
        var families = base.families
        if let family = attributes.family {
            let key = Fontconfig.normalized(family)
            guard let index = families.firstIndex(where: { Fontconfig.normalized($0.name) == key }) else {
                throw .unknownFontFamily(family)
            }
            families.insert(families.remove(at: index), at: 0)
        }
        let faces = families.map { $0.face(weight: attributes.weight, italic: attributes.italic) }
        if faces.indices.allSatisfy({ families[$0].name == base.families[$0].name && faces[$0] === base.fonts[$0] }) {
            return base
        }
        let key = faces.map(ObjectIdentifier.init)
        if let chain = chains.withLock({ $0[key] }) { return chain }
        // Each family reduced to the chosen face: the chain's fonts are exactly these faces.
        let chosen = families.indices.map { FontFamily(name: families[$0].name, nonEmptyFaces: [faces[$0]]) }
        guard let chain = try? FontChain(fontFamilies: chosen) else { return base }  // never empty
        return chains.withLock { chains in
            if let existing = chains[key] { return existing }
            if chains.count >= RunStyleCache.limit { chains.removeAll() }
            chains[key] = chain
            return chain
        }
    }
}
