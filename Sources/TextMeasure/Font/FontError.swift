/// Why a font could not be loaded or a font chain built. Every case about a file names it.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (a directory, no permission, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file is readable but is not a font: FreeType recognises no format in it.
    case notAFont(path: String)
    /// The file starts like a font (an sfnt or collection header) but is broken, e.g. a
    /// truncated copy; `reason` names the fault.
    case damaged(path: String, reason: String)
    /// The file is a font collection (or a single font, which has one face) without a face
    /// at that index.
    case faceIndexOutOfRange(path: String, index: Int, count: Int)
    /// A bitmap font without the sfnt tables that scale it (`hhea`, `hmtx`, units per em):
    /// BDF, PCF, Windows FON. Colour bitmap fonts (CBDT/CBLC, sbix) have them and load.
    case noScalableMetrics(path: String)
    /// fontconfig knows no font of the family (it would substitute another family, which
    /// RowHeight never does silently).
    case familyNotFound(family: String)
    /// fontconfig could not be initialised (no configuration), so a family name cannot be
    /// looked up.
    case fontconfigUnavailable(family: String)
    /// A font specification is malformed: an empty name, or a `#` face index that is not a
    /// non-negative integer.
    case invalidSpecification(String, reason: String)
    /// FreeType reported another error: its code and its own description.
    case freeType(path: String, code: Int32, message: String)
    /// A font chain needs at least one font.
    case emptyChain
    /// The bundled fonts could not be found (see `BundledFonts`).
    case bundledFontsNotFound

    /// A one-line description naming the file.
    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file not found: \(path)"
        case .unreadable(let path, let reason): "cannot read font file \(path): \(reason)"
        case .notAFont(let path): "not a font file (FreeType does not recognise its format): \(path)"
        case .damaged(let path, let reason): "damaged font file \(path): \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            "font file \(path) has \(count) face\(count == 1 ? "" : "s"); face index \(index) is out of range"
        case .noScalableMetrics(let path):
            "bitmap font without scalable metrics (no hhea/hmtx tables, e.g. BDF or PCF) is not supported: \(path)"
        case .familyNotFound(let family): "font family '\(family)' not found"
        case .fontconfigUnavailable(let family):
            "cannot look up font family '\(family)': fontconfig could not load its configuration"
        case .invalidSpecification(let spec, let reason): "invalid font '\(spec)': \(reason)"
        case .freeType(let path, let code, let message): "FreeType error \(code) (\(message)) loading \(path)"
        case .emptyChain: "a font chain needs at least one font"
        case .bundledFontsNotFound:
            "the bundled fonts (fonts/DejaVuSans.ttf, fonts/ipaexg.ttf, fonts/NotoColorEmoji.ttf) were not found; "
                + "set ROWHEIGHT_FONTS_DIR to the folder holding them"
        }
    }
}
