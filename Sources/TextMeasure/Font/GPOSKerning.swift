/// Pair kerning from a font's `GPOS` table: the PairPos lookups (type 2, also inside type-9
/// extensions) of its `kern` feature for the Latin script (else the default script), applied the
/// way HarfBuzz applies them — lookups in order, each adding its first matching subtable's
/// horizontal advance adjustments. This is the kerning Pango (through HarfBuzz) uses when a font
/// has GPOS kerning; the legacy `kern` table is then ignored.
///
/// Values are in font units. Per-glyph dense arrays make a lookup a few array loads.
struct GPOSKerning: Sendable {
    private enum Subtable: Sendable {
        /// Format 1: for each covered first glyph, sorted (second glyph, adjustment) pairs.
        case pairs(coverage: [Int32], starts: [Int32], seconds: [UInt16], values: [Int32])
        /// Format 2: class-based; `matrix[class1 × class2Count + class2]`.
        case classes(coverage: [Int32], class1: [UInt16], class2: [UInt16], class1Count: Int, class2Count: Int,
                     matrix: [Int32])
    }

    /// Lookups in application order, each a list of subtables.
    private let lookups: [[Subtable]]
    /// Glyphs that are the first of some pair.
    private let isFirst: [Bool]

    /// A font without GPOS kerning.
    static let empty = GPOSKerning(lookups: [], isFirst: [])

    /// Whether any pair adjustment exists.
    var isEmpty: Bool { lookups.isEmpty }

    private init(lookups: [[Subtable]], isFirst: [Bool]) {
        self.lookups = lookups
        self.isFirst = isFirst
    }

    /// Parses the raw bytes of a `GPOS` table. Anything malformed is skipped, never trusted.
    init(gposTable data: [UInt8], glyphCount: Int) {
        guard glyphCount > 0, !data.isEmpty else { self = .empty; return }
        let table = OpenTypeLayoutTable(bytes: data)
        var lookups: [[Subtable]] = []
        var isFirst = [Bool](repeating: false, count: glyphCount)
        for index in table.lookupIndices(features: ["kern"]) {
            let subtables = table.subtables(ofLookup: index, type: 2, extensionType: 9).compactMap {
                GPOSKerning.parsePairPos(table, at: $0, glyphCount: glyphCount, isFirst: &isFirst)
            }
            if !subtables.isEmpty { lookups.append(subtables) }
        }
        self.init(lookups: lookups, isFirst: isFirst)
    }

    private static func classDef(_ reader: BigEndianReader, at offset: Int, glyphCount: Int) -> [UInt16] {
        var result = [UInt16](repeating: 0, count: glyphCount)
        guard let format = reader.u16(offset) else { return result }
        if format == 1, let start = reader.u16(offset + 2), let count = reader.u16(offset + 4) {
            for i in 0..<count where start + i < glyphCount {
                result[start + i] = UInt16(reader.u16(offset + 6 + 2 * i) ?? 0)
            }
        } else if format == 2, let count = reader.u16(offset + 2) {
            for i in 0..<count {
                let record = offset + 4 + 6 * i
                guard let start = reader.u16(record), let end = reader.u16(record + 2), let value = reader.u16(record + 4),
                    start <= end
                else { break }
                for glyph in start...end where glyph < glyphCount { result[glyph] = UInt16(value) }
            }
        }
        return result
    }

    /// Size in bytes of a ValueRecord of `format`, and the offset of its XAdvance (if present).
    private static func valueLayout(_ format: Int) -> (size: Int, xAdvance: Int?) {
        let size = 2 * (format & 0xFF).nonzeroBitCount
        let xAdvance = format & 0x4 != 0 ? 2 * (format & 0x3).nonzeroBitCount : nil
        return (size, xAdvance)
    }

    private static func parsePairPos(
        _ table: OpenTypeLayoutTable, at offset: Int, glyphCount: Int, isFirst: inout [Bool]
    ) -> Subtable? {
        let reader = table.reader
        guard let format = reader.u16(offset), let coverageOffset = reader.u16(offset + 2),
            let format1 = reader.u16(offset + 4), let format2 = reader.u16(offset + 6),
            let coverage = table.coverage(at: offset + coverageOffset, glyphCount: glyphCount)
        else { return nil }
        let (size1, x1) = valueLayout(format1)
        let (size2, x2) = valueLayout(format2)
        func adjustment(_ record: Int) -> Int32 {
            var value: Int32 = 0
            if let x1, let v = reader.s16(record + x1) { value += Int32(v) }
            if let x2, let v = reader.s16(record + size1 + x2) { value += Int32(v) }
            return value
        }
        for glyph in 0..<glyphCount where coverage[glyph] >= 0 { isFirst[glyph] = true }
        if format == 1, let pairSetCount = reader.u16(offset + 8) {
            var starts: [Int32] = [0]
            var seconds: [UInt16] = []
            var values: [Int32] = []
            for i in 0..<pairSetCount {
                if let setOffset = reader.u16(offset + 10 + 2 * i), let count = reader.u16(offset + setOffset) {
                    let set = offset + setOffset
                    var pairs: [(UInt16, Int32)] = []
                    for k in 0..<count {
                        let record = set + 2 + k * (2 + size1 + size2)
                        guard let second = reader.u16(record) else { break }
                        pairs.append((UInt16(second), adjustment(record + 2)))
                    }
                    pairs.sort { $0.0 < $1.0 }
                    seconds.append(contentsOf: pairs.map(\.0))
                    values.append(contentsOf: pairs.map(\.1))
                }
                starts.append(Int32(seconds.count))
            }
            return .pairs(coverage: coverage, starts: starts, seconds: seconds, values: values)
        }
        if format == 2, let class1Offset = reader.u16(offset + 8), let class2Offset = reader.u16(offset + 10),
            let class1Count = reader.u16(offset + 12), let class2Count = reader.u16(offset + 14)
        {
            let class1 = classDef(reader, at: offset + class1Offset, glyphCount: glyphCount)
            let class2 = classDef(reader, at: offset + class2Offset, glyphCount: glyphCount)
            var matrix = [Int32](repeating: 0, count: class1Count * class2Count)
            let recordSize = size1 + size2
            for c1 in 0..<class1Count {
                for c2 in 0..<class2Count {
                    matrix[c1 * class2Count + c2] = adjustment(offset + 16 + (c1 * class2Count + c2) * recordSize)
                }
            }
            return .classes(coverage: coverage, class1: class1, class2: class2, class1Count: class1Count,
                            class2Count: class2Count, matrix: matrix)
        }
        return nil
    }

    /// The total horizontal advance adjustment of the pair, font units.
    func value(_ first: GlyphID, _ second: GlyphID) -> Int32 {
        let f = Int(first)
        let s = Int(second)
        guard f < isFirst.count, isFirst[f], s < isFirst.count else { return 0 }
        var total: Int32 = 0
        for subtables in lookups {
            subtableLoop: for subtable in subtables {
                switch subtable {
                case .pairs(let coverage, let starts, let seconds, let values):
                    let index = Int(coverage[f])
                    guard index >= 0, index + 1 < starts.count else { continue }
                    var lo = Int(starts[index])
                    var hi = Int(starts[index + 1])
                    while lo < hi {
                        let mid = (lo + hi) >> 1
                        let v = Int(seconds[mid])
                        if v == s { total += values[mid]; break subtableLoop }
                        if v < s { lo = mid + 1 } else { hi = mid }
                    }
                case .classes(let coverage, let class1, let class2, let class1Count, let class2Count, let matrix):
                    guard coverage[f] >= 0 else { continue }
                    let c1 = Int(class1[f])
                    let c2 = Int(class2[s])
                    guard c1 < class1Count, c2 < class2Count else { continue }
                    total += matrix[c1 * class2Count + c2]
                    break subtableLoop
                }
            }
        }
        return total
    }
}

/// Bounds-checked big-endian reads from a font table.
struct BigEndianReader {
    let bytes: [UInt8]

    func u16(_ offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func s16(_ offset: Int) -> Int16? { u16(offset).map { Int16(truncatingIfNeeded: $0) } }

    func u32(_ offset: Int) -> Int? {
        guard let hi = u16(offset), let lo = u16(offset + 2) else { return nil }
        return hi << 16 | lo
    }

    func tag(_ offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
