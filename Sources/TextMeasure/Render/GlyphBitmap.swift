/// A rasterized glyph: 8-bit coverage (0 = empty, 255 = fully covered), row by row from the top,
/// and where it sits relative to the glyph's origin on the baseline.
///
/// All values are in device pixels (points × scale). A glyph without ink (a space) is an empty
/// bitmap (`width == 0` or `height == 0`).
public struct GlyphBitmap: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Horizontal distance from the origin to the bitmap's left edge, pixels (FreeType's
    /// `bitmap_left`).
    public var left: Int
    /// Vertical distance from the baseline up to the bitmap's top edge, pixels (FreeType's
    /// `bitmap_top`; positive above the baseline).
    public var top: Int
    /// Coverage, `width × height` bytes, row-major from the top row.
    public var coverage: [UInt8]

    /// Creates a bitmap; `coverage` must hold `width × height` bytes.
    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "coverage must hold width × height bytes")
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    /// The coverage at column `x`, row `y` (0 outside the bitmap).
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }
}
