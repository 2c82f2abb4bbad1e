/// The decoded two-stage tables of `Generated/LineBreakData.swift`, kept in memory that is never
/// freed, so the hot path reads them through raw pointers without reference counting or
/// lazy-initialisation checks after the first use.
@usableFromInline
struct LineBreakTables: @unchecked Sendable {  // immutable after creation
    @usableFromInline let ascii: UnsafePointer<UInt8>
    @usableFromInline let stage1: UnsafePointer<UInt16>
    @usableFromInline let stage2: UnsafePointer<UInt8>

    /// The shared tables.
    @usableFromInline static let shared = LineBreakTables()

    private init() {
        let ascii = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
        for (i, value) in LineBreakData.ascii.enumerated() { ascii[i] = value }
        let stage1Bytes = LineBreakTables.decodeBase64(LineBreakData.stage1Base64)
        precondition(stage1Bytes.count == LineBreakData.stage1Count * 2, "corrupt line-break stage 1")
        let stage1 = UnsafeMutablePointer<UInt16>.allocate(capacity: LineBreakData.stage1Count)
        for i in 0..<LineBreakData.stage1Count {
            stage1[i] = UInt16(stage1Bytes[2 * i]) | UInt16(stage1Bytes[2 * i + 1]) << 8
        }
        let stage2Bytes = LineBreakTables.decodeBase64(LineBreakData.stage2Base64)
        precondition(stage2Bytes.count == LineBreakData.blockCount * 128, "corrupt line-break stage 2")
        let stage2 = UnsafeMutablePointer<UInt8>.allocate(capacity: stage2Bytes.count)
        stage2.initialize(from: stage2Bytes, count: stage2Bytes.count)
        self.ascii = UnsafePointer(ascii)
        self.stage1 = UnsafePointer(stage1)
        self.stage2 = UnsafePointer(stage2)
    }

    /// The table byte of a code point (class in bits 0–5, flags in bits 6 and 7).
    @inlinable @inline(__always)
    func entry(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return ascii[Int(value)] }
        if value >= 0x11_0000 { return LineBreakClass.al.rawValue }
        let block = Int(stage1[Int(value >> 7)])
        return stage2[block << 7 | Int(value & 0x7F)]
    }

    /// The table byte of a code point.
    @inlinable @inline(__always)
    static func entry(_ value: UInt32) -> UInt8 { shared.entry(value) }

    /// Decodes standard base64, ignoring line breaks.
    private static func decodeBase64(_ text: StaticString) -> [UInt8] {
        var lookup = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            lookup[Int(c)] = UInt8(i)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8CodeUnitCount * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        text.withUTF8Buffer { bytes in
            for c in bytes {
                let v = lookup[Int(c)]
                if v == 0xFF { continue }  // '=', newlines
                buffer = buffer << 6 | UInt32(v)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                }
            }
        }
        return out
    }
}
