import Foundation
import Testing

/// The bytes of an sfnt font file with a tiny big-endian reader, so tests derive expected
/// values straight from the font's tables — independently of TextMeasure and FreeType.
struct SFNTFile {
    /// The whole file.
    var bytes: [UInt8]
    /// Byte offset of the table directory of the face read (0 for a single font).
    let directoryOffset: Int

    /// Reads the font file at `path` (a single font, not a collection).
    init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        directoryOffset = 0
    }

    init(bytes: [UInt8], directoryOffset: Int = 0) {
        self.bytes = bytes
        self.directoryOffset = directoryOffset
    }

    func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    func i16(_ offset: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(offset)))) }
    func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }

    /// Number of tables in the directory.
    var tableCount: Int { u16(directoryOffset + 4) }

    /// The directory record of table `index`: tag, offset and length.
    func record(_ index: Int) -> (tag: String, offset: Int, length: Int) {
        let r = directoryOffset + 12 + 16 * index
        return (String(decoding: bytes[r..<r + 4], as: UTF8.self), u32(r + 8), u32(r + 12))
    }

    /// Byte offset of the table `tag`, or `nil` if the font has none.
    func offset(of tag: String) -> Int? {
        (0..<tableCount).lazy.map(record).first { $0.tag == tag }?.offset
    }

    /// Byte offset of the table `tag`; records an issue and throws if it is missing.
    func table(_ tag: String) throws -> Int { try #require(offset(of: tag), "no '\(tag)' table") }

    // MARK: Values tests need

    /// `head.unitsPerEm`.
    func unitsPerEm() throws -> Int { u16(try table("head") + 18) }

    /// `maxp.numGlyphs`.
    func glyphCount() throws -> Int { u16(try table("maxp") + 4) }

    /// Advance width of every glyph from `hmtx` (glyphs past `numberOfHMetrics` repeat the last).
    func advances() throws -> [Int] {
        let hhea = try table("hhea")
        let hmtx = try table("hmtx")
        let metricCount = u16(hhea + 34)
        return (0..<(try glyphCount())).map { u16(hmtx + 4 * min($0, metricCount - 1)) }
    }

    /// Ascender, descender and line gap in font units by DESIGN.md's rule: `OS/2` typo metrics
    /// when USE_TYPO_METRICS (fsSelection bit 7) is set; else `hhea`; if `hhea` has neither
    /// ascender nor descender, typo metrics, else `usWin` metrics.
    func verticalMetrics() throws -> (ascender: Int, descender: Int, lineGap: Int) {
        let hhea = try table("hhea")
        let os2 = try table("OS/2")
        let typo = (i16(os2 + 68), i16(os2 + 70), i16(os2 + 72))
        if u16(os2 + 62) & 0x80 != 0 { return typo }
        let (ascender, descender, lineGap) = (i16(hhea + 4), i16(hhea + 6), i16(hhea + 8))
        if ascender != 0 || descender != 0 { return (ascender, descender, lineGap) }
        if typo.0 != 0 || typo.1 != 0 { return typo }
        return (u16(os2 + 74), -u16(os2 + 76), 0)
    }

    /// The pairs of the `kern` table's format-0 subtables: (left, right, value).
    func kerningPairs() -> [(left: Int, right: Int, value: Int)] {
        guard let kern = offset(of: "kern"), u16(kern) == 0 else { return [] }
        var pairs: [(left: Int, right: Int, value: Int)] = []
        var subtable = kern + 4
        for _ in 0..<u16(kern + 2) {
            let coverage = u16(subtable + 4)
            if coverage >> 8 == 0 {
                let count = u16(subtable + 6)
                for i in 0..<count {
                    let p = subtable + 14 + 6 * i
                    pairs.append((u16(p), u16(p + 2), i16(p + 4)))
                }
            }
            subtable += u16(subtable + 2)
        }
        return pairs
    }

    // MARK: Building files

    /// A font collection ('ttcf' version 1) holding `fonts` in order. Tables are copied once
    /// per font, 4-byte aligned; their offsets, absolute in a collection, are rewritten.
    static func collection(of fonts: [SFNTFile]) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let headerSize = 12 + 4 * fonts.count
        var directoryOffsets: [Int] = []
        var next = headerSize
        for font in fonts {
            directoryOffsets.append(next)
            next += 12 + 16 * font.tableCount
        }
        var out = Array("ttcf".utf8) + be32(0x0001_0000) + be32(fonts.count)
        for offset in directoryOffsets { out += be32(offset) }
        var data: [UInt8] = []
        var dataOffset = next
        for font in fonts {
            let d = font.directoryOffset
            out += font.bytes[d..<d + 12]
            for index in 0..<font.tableCount {
                let r = d + 12 + 16 * index
                let (_, offset, length) = font.record(index)
                out += font.bytes[r..<r + 8] + be32(dataOffset) + be32(length)
                data += font.bytes[offset..<offset + length]
                let padding = (4 - length % 4) % 4
                data += [UInt8](repeating: 0, count: padding)
                dataOffset += length + padding
            }
        }
        return out + data
    }
}
