/// Why pixels could not be encoded as PNG.
enum PNGEncoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// PNG needs 1 to 2³¹ − 1 pixels in each direction.
    case invalidSize(width: Int, height: Int)
    /// The pixel buffer does not hold width × height × channels bytes.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// zlib's `compress2` failed with this status.
    case zlib(code: Int32)

    var description: String {
        switch self {
        case .invalidSize(let width, let height): "cannot encode a \(width)×\(height) image as PNG"
        case .pixelCountMismatch(let expected, let actual): "PNG pixel buffer holds \(actual) bytes, expected \(expected)"
        case .zlib(let code): "zlib compress2 failed with status \(code)"
        }
    }
}
