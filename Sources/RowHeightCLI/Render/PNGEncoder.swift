import CZlib

/// Encodes 8-bit RGB or RGBA pixels as a PNG file (ISO/IEC 15948): the signature, `IHDR`, one
/// `IDAT` compressed with zlib's `compress2`, and `IEND`; every chunk's CRC from zlib's `crc32`.
/// Rows use filter type 0 (none); no interlacing.
enum PNGEncoder {
    /// How many 8-bit channels a pixel has.
    enum ColorType: UInt8, Sendable {
        /// Red, green, blue: 3 bytes per pixel (PNG color type 2).
        case rgb = 2
        /// Red, green, blue, alpha (not premultiplied): 4 bytes per pixel (PNG color type 6).
        case rgba = 6

        /// Bytes per pixel.
        var channels: Int { self == .rgb ? 3 : 4 }
    }

    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file for `width × height` pixels stored row by row from the top, `channels`
    /// bytes each.
    ///
    /// - Throws: `PNGEncoderError` for a size PNG cannot hold, a pixel buffer of the wrong
    ///   length, or a zlib failure.
    /// - Complexity: O(pixels); zlib's compression dominates.
    static func encode(width: Int, height: Int, colorType: ColorType = .rgb, pixels: [UInt8])
        throws(PNGEncoderError) -> [UInt8]
    {
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .invalidSize(width: width, height: height)
        }
        let rowBytes = width * colorType.channels
        guard pixels.count == rowBytes * height else {
            throw .pixelCountMismatch(expected: rowBytes * height, actual: pixels.count)
        }
        // Each scanline is a filter byte (0, none) and the row.
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        pixels.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let from = source.baseAddress! + y * rowBytes
                    (target.baseAddress! + y * (rowBytes + 1) + 1).update(from: from, count: rowBytes)
                }
            }
        }
        var header: [UInt8] = []
        append(UInt32(width), to: &header)
        append(UInt32(height), to: &header)
        header += [8, colorType.rawValue, 0, 0, 0]  // bit depth, color type, deflate, filter set 0, no interlace
        var file = signature
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", try compress(raw), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// `bytes` compressed into a zlib stream (`compress2`, level 9).
    static func compress(_ bytes: [UInt8]) throws(PNGEncoderError) -> [UInt8] {
        var bound = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(bound))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &bound, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw .zlib(code: status) }
        output.removeSubrange(Int(bound)...)
        return output
    }

    /// Appends a chunk: length, type, data, and the CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        append(UInt32(data.count), to: &file)
        let crcStart = file.count
        file += typeBytes
        file += data
        let crc = file[crcStart...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append(UInt32(crc), to: &file)
    }

    /// Appends `value` big-endian.
    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
