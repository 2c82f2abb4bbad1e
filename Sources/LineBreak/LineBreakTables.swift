/// The decoded two-stage tables of `Generated/LineBreakData.swift`: for every code point its
/// *input code*, the class the line breaker works with (the Line_Break class after rule LB1) or
/// one of four refinements of it that the rules or the segmenter tell apart. Kept in memory that
/// is never freed, so the hot path reads them through raw pointers without reference counting
/// or lazy-initialisation checks after the first use.
@usableFromInline
struct LineBreakTables: @unchecked Sendable {  // immutable after creation
    /// OP that is East Asian Width F, W or H (LB30 does not apply to it).
    @inlinable static var opWide: UInt8 { 43 }
    /// CP that is East Asian Width F, W or H.
    @inlinable static var cpWide: UInt8 { 44 }
    /// ID that is Extended_Pictographic and unassigned (General_Category Cn): LB30b.
    @inlinable static var idPictographicUnassigned: UInt8 { 45 }
    /// BA that is White_Space (tab, U+1680, the en/em/thin/hair spaces, U+205F, U+3000): may hang.
    @inlinable static var baWhitespace: UInt8 { 46 }
    /// Input codes are below this.
    @inlinable static var codeCount: Int { 64 }

    /// Input codes of U+0000–U+007F, indexed by byte; bytes 0x80–0xFF (which never stand for
    /// themselves in UTF-8) map to `nonASCII`, so one load both classifies and tests for ASCII.
    @usableFromInline let ascii: UnsafePointer<UInt8>
    /// The `ascii` entry of bytes 0x80–0xFF: not an input code.
    @inlinable static var nonASCII: UInt8 { 0xFF }
    /// Code point >> 7 → block number.
    @usableFromInline let stage1: UnsafePointer<UInt16>
    /// Blocks of 128 input codes.
    @usableFromInline let stage2: UnsafePointer<UInt8>

    /// The shared tables.
    @usableFromInline static let shared = LineBreakTables()
    /// The shared tables with Hangul resolved to AL (`LineBreakTailoring.keepHangulWords`).
    @usableFromInline static let keepingHangulWords = LineBreakTables(
        tailoring: LineBreakTables.shared,
        remapping: [LineBreakClass.h2, .h3, .jl, .jv, .jt].map(\.rawValue), to: LineBreakClass.al.rawValue)

    /// The tables for a tailoring (built on first use, then kept).
    @inlinable
    static func tables(for tailoring: LineBreakTailoring) -> LineBreakTables {
        tailoring.contains(.keepHangulWords) ? keepingHangulWords : shared
    }

    /// A copy of `base` in which every input code of `codes` reads as `replacement` (none of
    /// them may be an ASCII code).
    private init(tailoring base: LineBreakTables, remapping codes: [UInt8], to replacement: UInt8) {
        let blockCount = LineBreakData.blockCount
        let stage2 = UnsafeMutablePointer<UInt8>.allocate(capacity: blockCount * 128)
        for i in 0..<blockCount * 128 {
            let code = base.stage2[i]
            stage2[i] = codes.contains(code) ? replacement : code
        }
        self.ascii = base.ascii
        self.stage1 = base.stage1
        self.stage2 = UnsafePointer(stage2)
    }

    private init() {
        let ascii = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        ascii.initialize(repeating: LineBreakTables.nonASCII, count: 256)
        for (i, value) in LineBreakData.ascii.enumerated() { ascii[i] = value }
        let stage1Bytes = LineBreakTables.decodeBase64(LineBreakData.stage1Base64)
        precondition(stage1Bytes.count == LineBreakData.stage1Count * 2, "corrupt line-break stage 1")
        precondition(LineBreakData.stage1Count == 0x11_0000 >> 7, "stage 1 must cover all code points")
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

    /// The input code of a code point below U+110000.
    @inlinable @inline(__always)
    func code(_ value: UInt32) -> UInt8 {
        value < 0x80 ? ascii[Int(value)] : stagedCode(value)
    }

    /// The input code of a code point below U+110000 from the two-stage table alone (which covers
    /// ASCII too): for scalars decoded from multi-byte sequences, skipping the ASCII test.
    @inlinable @inline(__always)
    func stagedCode(_ value: UInt32) -> UInt8 {
        stage2[Int(stage1[Int(value &>> 7)]) &<< 7 | Int(value & 0x7F)]
    }

    /// The input code of a code point.
    @inlinable @inline(__always)
    static func code(_ value: UInt32) -> UInt8 { shared.code(value) }

    /// The line-breaking class an input code stands for.
    @inlinable
    static func resolvedClass(ofCode code: UInt8) -> LineBreakClass {
        switch code {
        case opWide: return .op
        case cpWide: return .cp
        case idPictographicUnassigned: return .id
        case baWhitespace: return .ba
        default: return LineBreakClass(rawValue: code) ?? .al
        }
    }

    /// Decodes standard base64, ignoring line breaks.
    static func decodeBase64(_ text: StaticString) -> [UInt8] {
        text.withUTF8Buffer { decodeBase64(utf8: $0) }
    }

    /// Decodes base64 text given as UTF-8 bytes (characters outside the alphabet are skipped).
    ///
    /// Four characters of the alphabet in a row, the common case, make three bytes at once; any
    /// other character is skipped one at a time (`=`, line breaks). Run once per table at
    /// start-up (about 85,000 characters in all), which made the per-character loop a measured
    /// part of a one-row run.
    ///
    /// - Complexity: O(n).
    static func decodeBase64(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var lookup = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            lookup[Int(c)] = UInt8(i)
        }
        let capacity = bytes.count / 4 * 3 + 3
        return lookup.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
                var n = 0
                var buffer: UInt32 = 0
                var bits = 0
                var i = 0
                let count = bytes.count
                while i < count {
                    if bits == 0, i &+ 4 <= count {
                        let a = table[Int(bytes[i])], b = table[Int(bytes[i &+ 1])]
                        let c = table[Int(bytes[i &+ 2])], d = table[Int(bytes[i &+ 3])]
                        if (a | b | c | d) & 0x80 == 0 {
                            let v = UInt32(a) &<< 18 | UInt32(b) &<< 12 | UInt32(c) &<< 6 | UInt32(d)
                            out[n] = UInt8(truncatingIfNeeded: v &>> 16)
                            out[n &+ 1] = UInt8(truncatingIfNeeded: v &>> 8)
                            out[n &+ 2] = UInt8(truncatingIfNeeded: v)
                            n &+= 3
                            i &+= 4
                            continue
                        }
                    }
                    // One character: outside the alphabet, or the bits of a group broken by one.
                    let v = table[Int(bytes[i])]
                    i &+= 1
                    if v == 0xFF { continue }
                    buffer = buffer &<< 6 | UInt32(v)
                    bits &+= 6
                    if bits >= 8 {
                        bits &-= 8
                        out[n] = UInt8(truncatingIfNeeded: buffer &>> UInt32(bits))
                        n &+= 1
                    }
                }
                written = n
            }
        }
    }
}
