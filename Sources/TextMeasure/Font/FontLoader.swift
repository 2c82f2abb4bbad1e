/// Loads the fonts that `FontSource`s name, each face of a file once: a template's text nodes,
/// or a command line naming a file twice, share one `Font` per face.
public struct FontLoader: Sendable {
    private var loaded: [FontSource: Font] = [:]

    /// An empty loader.
    public init() {}

    /// Face `faceIndex` of the file at `path`, loaded on first use.
    ///
    /// - Throws: `FontError` for a file that cannot be loaded.
    public mutating func font(path: String, faceIndex: Int = 0) throws(FontError) -> Font {
        let key = FontSource.file(path: path, faceIndex: faceIndex)
        if let font = loaded[key] { return font }
        let font = try Font(path: path, faceIndex: faceIndex)
        loaded[key] = font
        return font
    }

    /// The family a source names: for a file, its face as a family of one, named by the font;
    /// for a family name, every face fontconfig lists for it.
    ///
    /// - Throws: `FontError` — `.familyNotFound` for a name fontconfig does not know, or the
    ///   error of a file that cannot be loaded.
    public mutating func family(for source: FontSource) throws(FontError) -> FontFamily {
        switch source {
        case .file(let path, let faceIndex):
            let font = try font(path: path, faceIndex: faceIndex)
            return try FontFamily(name: font.familyName, faces: [font])
        case .family(let name):
            var faces: [Font] = []
            for face in try Fontconfig.faces(ofFamily: name) {
                faces.append(try font(path: face.path, faceIndex: face.index))
            }
            let isGeneric = Fontconfig.genericFamilies.contains(Fontconfig.normalized(name))
            return try FontFamily(name: isGeneric ? faces[0].familyName : name, faces: faces)
        }
    }

    /// The chain of `sources` in fallback order: a source whose family name equals an earlier
    /// one's (case and blanks ignored) adds its faces to that family instead of falling back.
    ///
    /// - Throws: `FontError` for the first source that fails, `.emptyChain` for no sources.
    public mutating func chain(_ sources: [FontSource]) throws(FontError) -> FontChain {
        var families: [FontFamily] = []
        for source in sources { families.append(try family(for: source)) }
        return try FontChain(fontFamilies: FontChain.merged(families))
    }
}
