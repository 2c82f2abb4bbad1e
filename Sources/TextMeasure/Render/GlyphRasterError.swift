/// Why a glyph could not be rasterized.
public enum GlyphRasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pixel size (points × scale) is not finite and positive, or too large for FreeType.
    case invalidSize(size: Double, scale: Double)
    /// The glyph index is not in the font.
    case glyphOutOfRange(path: String, glyph: GlyphID, glyphCount: Int)
    /// FreeType failed: its error code and description.
    case freeType(path: String, glyph: GlyphID, code: Int32, message: String)
    /// FreeType produced a bitmap in a pixel mode RowHeight does not draw (e.g. color).
    case unsupportedPixelMode(path: String, glyph: GlyphID, mode: Int)

    /// A one-line description naming the font file.
    public var description: String {
        switch self {
        case .invalidSize(let size, let scale):
            "cannot rasterize at \(size) pt × scale \(scale): the pixel size must be finite, positive and below 16384"
        case .glyphOutOfRange(let path, let glyph, let count):
            "glyph \(glyph) is out of range in \(path) (\(count) glyphs)"
        case .freeType(let path, let glyph, let code, let message):
            "FreeType error \(code) (\(message)) rasterizing glyph \(glyph) of \(path)"
        case .unsupportedPixelMode(let path, let glyph, let mode):
            "glyph \(glyph) of \(path) rasterized in unsupported pixel mode \(mode)"
        }
    }
}
