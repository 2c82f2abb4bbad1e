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
        case .freeType(let path, let code, let message): "FreeType error \(code) (\(message)) loading \(path)"
        case .emptyChain: "a font chain needs at least one font"
        case .bundledFontsNotFound:
            "the bundled fonts (fonts/DejaVuSans.ttf, fonts/ipaexg.ttf) were not found; "
                + "set ROWHEIGHT_FONTS_DIR to the folder holding them"
        }
    }
}
