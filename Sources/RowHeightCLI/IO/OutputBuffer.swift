import Foundation

/// A growable byte buffer for building output records without `String` work per record:
/// ASCII text, integers, decimal numbers and JSON-escaped strings.
struct OutputBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func truncate(to count: Int) { bytes.removeSubrange(count...) }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ other: OutputBuffer) { bytes.append(contentsOf: other.bytes) }

    mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(UInt(value.magnitude))
        } else {
            append(UInt(value))
        }
    }

    private mutating func append(_ value: UInt) {
        if value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 {
                d[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            }
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[k]) }
        }
    }

    /// Appends a number: integral values without a fraction (`20`), others with up to
    /// `decimals` digits after the point, trailing zeros removed (`19.7891`).
    mutating func append(_ value: Double, decimals: Int = 4) {
        guard value.isFinite else { append("null"); return }
        if value == value.rounded(), abs(value) < 1e15 {
            append(Int(value))
            return
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        if value < 0 && scaled != 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = (scaled / scale).rounded(.down)
        append(Int(whole))
        var fraction = Int(scaled - whole * scale)
        guard fraction > 0 else { return }
        var width = decimals
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        bytes.append(UInt8(ascii: "."))
        var digits = String(fraction)
        while digits.utf8.count < width { digits = "0" + digits }
        bytes.append(contentsOf: digits.utf8)
    }

    /// Appends `text` as a JSON string literal (quotes included).
    mutating func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for b in text {
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func appendJSONString(_ text: String) {
        var copy = text
        copy.withUTF8 { appendJSONString($0) }
    }

    /// Writes the bytes to a file descriptor and empties the buffer.
    mutating func flush(to fd: Int32 = 1) throws(InputError) {
        var offset = 0
        let total = bytes.count
        while offset < total {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, total - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw InputError("output closed") }
                throw InputError("write error: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
