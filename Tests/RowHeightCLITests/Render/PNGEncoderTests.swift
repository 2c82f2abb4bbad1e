import Foundation
import Testing
@testable import RowHeightCLI

@Suite("PNG encoder")
struct PNGEncoderTests {
    /// A 5 × 3 image whose every pixel differs: (x × 50, y × 100, x + y).
    private static let pixels: [UInt8] = {
        var bytes: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<5 { bytes += [UInt8(x * 50), UInt8(y * 100), UInt8(x + y)] }
        }
        return bytes
    }()

    @Test("libpng decodes what the encoder writes, pixel for pixel")
    func roundTripRGB() throws {
        let png = try PNGEncoder.encode(width: 5, height: 3, pixels: Self.pixels)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 5 && decoded.height == 3)
        #expect(decoded.fileFormat & 1 == 0)  // no alpha
        #expect(decoded.fileFormat & 2 != 0)  // color
        #expect(decoded.rgb == Self.pixels)
    }

    @Test("RGBA: an opaque image decodes to the same colors; the file declares alpha")
    func roundTripRGBA() throws {
        var rgba: [UInt8] = []
        for i in stride(from: 0, to: Self.pixels.count, by: 3) {
            rgba += Self.pixels[i..<i + 3]
            rgba.append(255)
        }
        let png = try PNGEncoder.encode(width: 5, height: 3, colorType: .rgba, pixels: rgba)
        let decoded = try DecodedPNG(png)
        #expect(decoded.fileFormat & 1 != 0)
        #expect(decoded.rgb == Self.pixels)
    }

    @Test("Signature, then IHDR (13 bytes: size, depth 8, color type 2), IDAT, IEND last")
    func layout() throws {
        let png = try PNGEncoder.encode(width: 5, height: 3, pixels: Self.pixels)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
        #expect(Array(png[16..<29]) == [0, 0, 0, 5, 0, 0, 0, 3, 8, 2, 0, 0, 0])
        #expect(Array(png[37..<41]) == Array("IDAT".utf8))
        // IEND: zero length, its type, and the CRC-32 of "IEND" (AE 42 60 82 in every PNG file).
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    @Test("A flipped CRC bit makes libpng reject the file (so the round trip really checks the CRCs)")
    func corruptedCRC() throws {
        var png = try PNGEncoder.encode(width: 5, height: 3, pixels: Self.pixels)
        png[29] ^= 1  // first byte of IHDR's CRC
        #expect(throws: (any Error).self) { try DecodedPNG(png) }
    }

    @Test("A large image compresses: a white 1000 × 1000 picture is far smaller than its 3 MB of pixels")
    func compresses() throws {
        let png = try PNGEncoder.encode(width: 1000, height: 1000, pixels: [UInt8](repeating: 255, count: 3_000_000))
        #expect(png.count < 20_000)
        let decoded = try DecodedPNG(png)
        #expect(decoded.rgb.allSatisfy { $0 == 255 })
    }

    @Test("Bad sizes and pixel buffers are typed errors")
    func errors() {
        #expect(throws: PNGEncoderError.invalidSize(width: 0, height: 3)) {
            try PNGEncoder.encode(width: 0, height: 3, pixels: [])
        }
        #expect(throws: PNGEncoderError.pixelCountMismatch(expected: 45, actual: 44)) {
            try PNGEncoder.encode(width: 5, height: 3, pixels: [UInt8](repeating: 0, count: 44))
        }
    }
}
