extension OutputBuffer {
    /// Appends `field` as one CSV/TSV field: as it is, or, when it holds the separator, a quote,
    /// a line feed or a carriage return, between quotes with its quotes doubled (RFC 4180).
    ///
    /// - Complexity: O(n).
    mutating func appendCSVField(_ field: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        let mustQuote = field.contains { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard mustQuote else {
            append(bytes: field)
            return
        }
        appendByte(0x22)
        for byte in field {
            appendByte(byte)
            if byte == 0x22 { appendByte(0x22) }
        }
        appendByte(0x22)
    }

    /// Appends `field` as one CSV/TSV field (see the byte version).
    mutating func appendCSVField(_ field: String, separator: UInt8) {
        var copy = field
        copy.withUTF8 { appendCSVField($0, separator: separator) }
    }
}
