import CFontconfig
import Synchronization

/// RowHeight's only use of fontconfig: a family name to the font files of its faces, and a
/// Unicode scalar to the system font that covers it best. Both answers are cached for the
/// process; the configuration is loaded on the first question (a few milliseconds), never when
/// only font files are used.
///
/// fontconfig's configuration is shared process state, so every call holds one lock.
enum Fontconfig {
    /// One face of a font file, as fontconfig lists it.
    struct FaceFile: Sendable, Hashable {
        /// The font file.
        var path: String
        /// The face's index in the file.
        var index: Int
    }

    /// The loaded configuration, or `nil` when fontconfig could not load one.
    private struct Configuration: @unchecked Sendable {
        // `FcConfig *`, used only under `state`'s lock.
        var config: OpaquePointer?
    }

    private struct State: Sendable {
        var configuration: Configuration?
        var families: [String: Result<[FaceFile], FontError>] = [:]
        var coverage: [UInt32: FaceFile?] = [:]
    }

    private static let state = Mutex(State())

    /// Generic family names fontconfig resolves to a configured family (as Pango accepts them).
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "emoji", "system-ui"]

    /// The faces of `family` fontconfig lists, of the width (stretch) its best match has,
    /// sorted by path and index; never empty.
    ///
    /// - Throws: `FontError.familyNotFound` when fontconfig's best match for the name belongs
    ///   to another family (fontconfig substitutes silently; RowHeight does not), or
    ///   `.fontconfigUnavailable`.
    /// - Complexity: The first call loads fontconfig's configuration and cache; later calls
    ///   for the same name are a dictionary lookup.
    static func faces(ofFamily family: String) throws(FontError) -> [FaceFile] {
        let key = normalized(family)
        let result = state.withLock { state -> Result<[FaceFile], FontError> in
            if let known = state.families[key] { return known }
            let result = lookUp(family, config: config(&state))
            state.families[key] = result
            return result
        }
        return try result.get()
    }

    /// The face of the system font fontconfig prefers for `scalar` (its sort order for the
    /// default sans-serif pattern, first font whose character set has the scalar), `nil` if no
    /// installed font has it or fontconfig is unavailable. Cached per scalar.
    static func face(covering scalar: Unicode.Scalar) -> FaceFile? {
        state.withLock { state -> FaceFile? in
            if let known = state.coverage[scalar.value] { return known }
            let found = config(&state).flatMap { coveringFace(scalar.value, config: $0) }
            state.coverage[scalar.value] = found
            return found
        }
    }

    /// The configuration, loaded on first use.
    private static func config(_ state: inout State) -> OpaquePointer? {
        if let configuration = state.configuration { return configuration.config }
        let config = FcInitLoadConfigAndFonts()
        state.configuration = Configuration(config: config)
        return config
    }

    /// A family name as fontconfig compares them: case and blanks ignored.
    static func normalized(_ family: String) -> String {
        String(family.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }

    private static func lookUp(_ family: String, config: OpaquePointer?) -> Result<[FaceFile], FontError> {
        guard let config else { return .failure(.fontconfigUnavailable(family: family)) }
        guard let pattern = FcPatternCreate() else { return .failure(.fontconfigUnavailable(family: family)) }
        defer { FcPatternDestroy(pattern) }
        addString(pattern, FC_FAMILY, family)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return .failure(.familyNotFound(family: family)) }
        defer { FcPatternDestroy(match) }
        let matchedFamilies = strings(match, FC_FAMILY)
        let wanted = normalized(family)
        let listedName: String
        if matchedFamilies.contains(where: { normalized($0) == wanted }) {
            listedName = family
        } else if genericFamilies.contains(wanted), let first = matchedFamilies.first {
            listedName = first
        } else {
            return .failure(.familyNotFound(family: family))
        }
        var width: Int32 = 100
        _ = FcPatternGetInteger(match, FC_WIDTH, 0, &width)
        // Every face of the family at the matched width.
        guard let query = FcPatternCreate() else { return .failure(.fontconfigUnavailable(family: family)) }
        defer { FcPatternDestroy(query) }
        addString(query, FC_FAMILY, listedName)
        _ = FcPatternAddInteger(query, FC_WIDTH, width)
        guard let objects = FcObjectSetCreate() else { return .failure(.fontconfigUnavailable(family: family)) }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FILE, FC_INDEX] { _ = FcObjectSetAdd(objects, object) }
        var faces: [FaceFile] = []
        if let list = FcFontList(config, query, objects) {
            defer { FcFontSetDestroy(list) }
            faces = faceFiles(list.pointee)
        }
        if faces.isEmpty, let face = faceFile(match) { faces = [face] }
        guard !faces.isEmpty else { return .failure(.familyNotFound(family: family)) }
        return .success(Array(Set(faces)).sorted { ($0.path, $0.index) < ($1.path, $1.index) })
    }

    /// The faces of a font set; named instances of variable fonts (index ≥ 2¹⁶) are left out:
    /// the font's default instance stands for them.
    private static func faceFiles(_ set: FcFontSet) -> [FaceFile] {
        guard let fonts = set.fonts else { return [] }
        return (0..<Int(set.nfont)).compactMap { fonts[$0].flatMap(faceFile) }
    }

    private static func faceFile(_ pattern: OpaquePointer) -> FaceFile? {
        guard let path = strings(pattern, FC_FILE).first else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        guard index >= 0, index < 0x1_0000 else { return nil }
        return FaceFile(path: path, index: Int(index))
    }

    private static func coveringFace(_ scalar: UInt32, config: OpaquePointer) -> FaceFile? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        _ = FcCharSetAddChar(charset, scalar)
        _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        guard let fonts = sorted.pointee.fonts else { return nil }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
                FcCharSetHasChar(fontCharset, scalar) != 0
            else { continue }
            if let face = faceFile(font) { return face }
        }
        return nil
    }

    private static func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { chars in
            chars.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                _ = FcPatternAddString(pattern, object, $0)
            }
        }
    }

    /// Every value of a string property (`family` may have several).
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}
