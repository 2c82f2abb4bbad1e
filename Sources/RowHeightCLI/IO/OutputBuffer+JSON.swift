extension OutputBuffer {
    /// Appends `text` (valid UTF-8) as a JSON string literal, quotes included: `"` and `\`
    /// escaped, control characters as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`; everything else
    /// (non-ASCII included) as it is.
    ///
    /// - Complexity: O(n); runs without anything to escape are copied in one go.
    mutating func appendJSONString(_ text: UnsafeBufferPointer<UInt8>) {
        appendByte(0x22)
        var runStart = 0
        for (i, b) in text.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
            if i > runStart { append(bytes: UnsafeBufferPointer(rebasing: text[runStart..<i])) }
            runStart = i + 1
            switch b {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            default:
                let hex: StaticString = "0123456789abcdef"
                append("\\u00")
                appendByte(hex.utf8Start[Int(b >> 4)])
                appendByte(hex.utf8Start[Int(b & 0x0F)])
            }
        }
        if text.count > runStart { append(bytes: UnsafeBufferPointer(rebasing: text[runStart...])) }
        appendByte(0x22)
    }

    /// Appends `text` as a JSON string literal, quotes included.
    mutating func appendJSONString(_ text: String) {
        var copy = text
        copy.withUTF8 { appendJSONString($0) }
    }
}
