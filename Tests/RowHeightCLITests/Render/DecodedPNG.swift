import CLibPNG
import Foundation

/// A PNG file decoded by libpng (its simplified `png_image` API) — an independent decoder for
/// checking the files `rowheight render` writes. libpng checks the signature, every chunk's
/// CRC and the zlib stream, and fails on any error.
struct DecodedPNG {
    /// Size in pixels, from `IHDR`.
    var width: Int
    var height: Int
    /// The format libpng found in the file (`PNG_FORMAT_FLAG_*` bits: 1 alpha, 2 color).
    var fileFormat: UInt32
    /// 3 bytes (R, G, B) per pixel, row by row from the top (alpha, if any, composed over black).
    var rgb: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes PNG `bytes`.
    init(_ bytes: [UInt8]) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw Failure(description: Self.message(image)) }
        fileFormat = image.format
        width = Int(image.width)
        height = Int(image.height)
        image.format = UInt32(PNG_FORMAT_RGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw Failure(description: Self.message(image)) }
        rgb = pixels
    }

    /// Decodes the PNG file at `path`.
    init(contentsOf path: String) throws {
        try self.init(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    private static func message(_ image: png_image) -> String {
        var text = image.message
        return withUnsafeBytes(of: &text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The pixel at column `x`, row `y`.
    func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = 3 * (y * width + x)
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    /// Whether the pixel is glyph ink: dark in every channel (no outline or tint color is).
    func isDark(x: Int, y: Int) -> Bool {
        let p = pixel(x: x, y: y)
        return max(p.red, p.green, p.blue) < 110
    }

    /// The number of dark pixels in columns `columns`, rows `rows` (clipped to the image).
    func darkPixels(columns: Range<Int>, rows: Range<Int>) -> Int {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        var count = 0
        for y in rows { for x in columns where isDark(x: x, y: y) { count += 1 } }
        return count
    }
}
