/// Pair kerning from a font's `GPOS` table: the PairPos lookups (type 2, also inside type-9
/// extensions) of its `kern` feature for the Latin script (else the default script), applied the
/// way HarfBuzz applies them — lookups in order, each adding its first matching subtable's
/// horizontal advance adjustments. This is the kerning Pango (through HarfBuzz) uses when a font
/// has GPOS kerning; the legacy `kern` table is then ignored.
///
/// Values are in font units. Per-glyph dense arrays make a lookup a few array loads.
///
/// Malformed tables are never trusted: a subtable whose records do not fit in the table is
/// skipped (as HarfBuzz's sanitizer drops it), a pair set that does not fit is empty, a subtable
/// or pair set shared by several lookups or glyphs is read once, and the whole parse spends from
/// one `OpenTypeLayoutTable.WorkBudget` — a table that would exceed it gives no kerning.
struct GPOSKerning: Sendable {
    /// One PairPos subtable, format 1 (pairs) or 2 (classes).
    private struct Subtable: Sendable {
        /// Glyph → coverage index, or −1.
        var coverage: [Int32]
        /// Format 2 (class pairs) rather than format 1 (glyph pairs).
        var isClassBased: Bool
        /// Format 1: the pairs of coverage index i are `pairStarts[i]..<pairEnds[i]` of
        /// `seconds` and `values`, sorted by second glyph.
        var pairStarts: [Int32] = [], pairEnds: [Int32] = []
        var seconds: [UInt16] = []
        var values: [Int32] = []
        /// Format 2: glyph → class, and the adjustments `matrix[class1 × class2Count + class2]`
        /// (empty when the value records hold no horizontal advance: every adjustment is 0).
        var class1: [UInt16] = [], class2: [UInt16] = []
        var class1Count = 0, class2Count = 0
        var matrix: [Int32] = []
    }

    /// Every subtable read, once each.
    private let subtables: [Subtable]
    /// Lookups in application order, each a list of indices into `subtables`.
    private let lookups: [[Int]]
    /// Glyphs that are the first of some pair.
    private let isFirst: [Bool]
    /// Parsing steps spent (see `OpenTypeLayoutTable.WorkBudget`), for tests.
    let workSpent: Int

    /// A font without GPOS kerning.
    static let empty = GPOSKerning(subtables: [], lookups: [], isFirst: [], workSpent: 0)

    /// Whether any pair adjustment exists.
    var isEmpty: Bool { lookups.isEmpty }

    private init(subtables: [Subtable], lookups: [[Int]], isFirst: [Bool], workSpent: Int) {
        self.subtables = subtables
        self.lookups = lookups
        self.isFirst = isFirst
        self.workSpent = workSpent
    }

    /// Parses the raw bytes of a `GPOS` table. Anything malformed is skipped, never trusted.
    ///
    /// - Complexity: O(table length + glyphs × subtables), within the table's work budget.
    init(gposTable data: [UInt8], glyphCount: Int) {
        guard glyphCount > 0, !data.isEmpty else { self = .empty; return }
        let table = OpenTypeLayoutTable(bytes: data)
        var budget = OpenTypeLayoutTable.WorkBudget(tableLength: data.count, glyphCount: glyphCount)
        var subtables: [Subtable] = []
        var subtableAt: [Int: Int?] = [:]
        var lookups: [[Int]] = []
        var isFirst = [Bool](repeating: false, count: glyphCount)
        for index in table.lookupIndices(features: ["kern"], budget: &budget) {
            var lookup: [Int] = []
            for offset in table.subtables(ofLookup: index, type: 2, extensionType: 9, budget: &budget) {
                if subtableAt[offset] == nil {
                    let parsed = GPOSKerning.parsePairPos(table, at: offset, glyphCount: glyphCount, budget: &budget)
                    if let parsed {
                        budget.spend(glyphCount)
                        for glyph in 0..<glyphCount where parsed.coverage[glyph] >= 0 { isFirst[glyph] = true }
                        subtables.append(parsed)
                    }
                    subtableAt[offset] = parsed == nil ? .some(nil) : subtables.count - 1
                }
                if let parsed = subtableAt[offset], let parsed { lookup.append(parsed) }
                if budget.isExhausted { break }
            }
            if budget.isExhausted { break }
            if !lookup.isEmpty { lookups.append(lookup) }
        }
        guard !budget.isExhausted else {
            self.init(subtables: [], lookups: [], isFirst: [], workSpent: budget.spent)
            return
        }
        self.init(subtables: subtables, lookups: lookups, isFirst: isFirst, workSpent: budget.spent)
    }

    /// A ClassDef table as a dense array (glyph → class); entries that do not fit are class 0.
    private static func classDef(
        _ reader: BigEndianReader, at offset: Int, glyphCount: Int, budget: inout OpenTypeLayoutTable.WorkBudget
    ) -> [UInt16] {
        budget.spend(glyphCount)
        var result = [UInt16](repeating: 0, count: glyphCount)
        guard let format = reader.u16(offset) else { return result }
        if format == 1, let start = reader.u16(offset + 2), let count = reader.u16(offset + 4) {
            for i in 0..<min(count, max(0, glyphCount - start)) {
                guard budget.spend(1), let value = reader.u16(offset + 6 + 2 * i) else { break }
                result[start + i] = UInt16(value)
            }
        } else if format == 2, let count = reader.u16(offset + 2) {
            for i in 0..<count {
                let record = offset + 4 + 6 * i
                guard budget.spend(1), let start = reader.u16(record), let end = reader.u16(record + 2),
                    let value = reader.u16(record + 4), start <= end
                else { break }
                guard start < glyphCount else { continue }
                let last = min(end, glyphCount - 1)
                guard budget.spend(last - start + 1) else { break }
                for glyph in start...last { result[glyph] = UInt16(value) }
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
        _ table: OpenTypeLayoutTable, at offset: Int, glyphCount: Int, budget: inout OpenTypeLayoutTable.WorkBudget
    ) -> Subtable? {
        let reader = table.reader
        guard let format = reader.u16(offset), format == 1 || format == 2, let coverageOffset = reader.u16(offset + 2),
            let format1 = reader.u16(offset + 4), let format2 = reader.u16(offset + 6),
            let coverage = table.coverage(at: offset + coverageOffset, glyphCount: glyphCount, budget: &budget)
        else { return nil }
        let (size1, x1) = valueLayout(format1)
        let (size2, x2) = valueLayout(format2)
        func adjustment(_ record: Int) -> Int32 {
            var value: Int32 = 0
            if let x1, let v = reader.s16(record + x1) { value += Int32(v) }
            if let x2, let v = reader.s16(record + size1 + x2) { value += Int32(v) }
            return value
        }
        var subtable = Subtable(coverage: coverage, isClassBased: format == 2)
        if format == 1 {
            // Every pair set offset must be in the table; only sets of covered glyphs are read.
            guard let pairSetCount = reader.u16(offset + 8), offset + 10 + 2 * pairSetCount <= table.length else {
                return nil
            }
            let recordSize = 2 + size1 + size2
            subtable.pairStarts = [Int32](repeating: 0, count: pairSetCount)
            subtable.pairEnds = [Int32](repeating: 0, count: pairSetCount)
            var setAt: [Int: (Int32, Int32)] = [:]
            for glyph in 0..<glyphCount where coverage[glyph] >= 0 && Int(coverage[glyph]) < pairSetCount {
                let index = Int(coverage[glyph])
                guard let setOffset = reader.u16(offset + 10 + 2 * index) else { return nil }
                let set = offset + setOffset
                if let range = setAt[set] {
                    (subtable.pairStarts[index], subtable.pairEnds[index]) = range
                    continue
                }
                let start = Int32(subtable.seconds.count)
                if let count = reader.u16(set), set + 2 + count * recordSize <= table.length {
                    guard budget.spend(count) else { return nil }
                    var pairs: [(second: UInt16, value: Int32)] = []
                    pairs.reserveCapacity(count)
                    for k in 0..<count {
                        let record = set + 2 + k * recordSize
                        guard let second = reader.u16(record) else { break }
                        if second < glyphCount { pairs.append((UInt16(second), adjustment(record + 2))) }
                    }
                    // Sorted by second glyph (fonts sort them; a hostile one pays for the sort); of a
                    // repeated second glyph the first record counts.
                    var order = Array(pairs.indices)
                    if zip(pairs, pairs.dropFirst()).contains(where: { $0.second > $1.second }) {
                        guard budget.spend(count * (Int.bitWidth - count.leadingZeroBitCount)) else { return nil }
                        order.sort { (pairs[$0].second, $0) < (pairs[$1].second, $1) }
                    }
                    for i in order where subtable.seconds.count == Int(start) || subtable.seconds.last != pairs[i].second {
                        subtable.seconds.append(pairs[i].second)
                        subtable.values.append(pairs[i].value)
                    }
                }
                let range = (start, Int32(subtable.seconds.count))
                setAt[set] = range
                (subtable.pairStarts[index], subtable.pairEnds[index]) = range
            }
            return subtable
        }
        // Format 2: the class matrix must be in the table.
        guard let class1Offset = reader.u16(offset + 8), let class2Offset = reader.u16(offset + 10),
            let class1Count = reader.u16(offset + 12), let class2Count = reader.u16(offset + 14)
        else { return nil }
        let recordSize = size1 + size2
        guard offset + 16 + class1Count * class2Count * recordSize <= table.length else { return nil }
        subtable.class1 = classDef(reader, at: offset + class1Offset, glyphCount: glyphCount, budget: &budget)
        subtable.class2 = classDef(reader, at: offset + class2Offset, glyphCount: glyphCount, budget: &budget)
        subtable.class1Count = class1Count
        subtable.class2Count = class2Count
        if x1 != nil || x2 != nil {
            guard budget.spend(class1Count * class2Count) else { return nil }
            subtable.matrix = (0..<class1Count * class2Count).map { adjustment(offset + 16 + $0 * recordSize) }
        }
        return subtable
    }

    /// The total horizontal advance adjustment of the pair, font units.
    func value(_ first: GlyphID, _ second: GlyphID) -> Int32 {
        let f = Int(first)
        let s = Int(second)
        guard f < isFirst.count, isFirst[f], s < isFirst.count else { return 0 }
        var total: Int32 = 0
        for lookup in lookups {
            subtableLoop: for index in lookup {
                let subtable = subtables[index]
                let coverage = Int(subtable.coverage[f])
                guard coverage >= 0 else { continue }
                if subtable.isClassBased {
                    let c1 = Int(subtable.class1[f])
                    let c2 = Int(subtable.class2[s])
                    guard c1 < subtable.class1Count, c2 < subtable.class2Count else { continue }
                    if !subtable.matrix.isEmpty { total += subtable.matrix[c1 * subtable.class2Count + c2] }
                    break subtableLoop
                }
                guard coverage < subtable.pairStarts.count else { continue }
                var lo = Int(subtable.pairStarts[coverage])
                var hi = Int(subtable.pairEnds[coverage])
                while lo < hi {
                    let mid = (lo + hi) >> 1
                    let v = Int(subtable.seconds[mid])
                    if v == s { total += subtable.values[mid]; break subtableLoop }
                    if v < s { lo = mid + 1 } else { hi = mid }
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
