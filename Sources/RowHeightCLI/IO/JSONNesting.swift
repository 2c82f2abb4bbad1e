/// How deeply JSON text nests arrays and objects, for messages about JSON that is valid but
/// deeper than a decoder reads (Foundation's `JSONDecoder` stops at 512 levels).
enum JSONNesting {
    /// The most levels Foundation's `JSONDecoder` reads.
    static let decoderLimit = 512

    /// The deepest nesting of `[` and `{` in `bytes`, brackets inside strings ignored.
    ///
    /// - Complexity: O(n).
    static func depth(of bytes: some Sequence<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
