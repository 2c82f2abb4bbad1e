/// A rectangle of whole pixels: columns `x..<x + width`, rows `y..<y + height`.
struct PixelRect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels covering a rectangle given in points at `scale` pixels per point: each edge
    /// rounded to the nearest pixel boundary (so adjacent rectangles share no pixel and leave
    /// no gap).
    init(x: Double, y: Double, width: Double, height: Double, scale: Double) {
        let left = Int((x * scale).rounded())
        let top = Int((y * scale).rounded())
        let right = Int(((x + width) * scale).rounded())
        let bottom = Int(((y + height) * scale).rounded())
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Whether the rectangle holds no pixel.
    var isEmpty: Bool { width <= 0 || height <= 0 }
}
