/// Pair kerning from a font's legacy `kern` table, in font units, precomputed at load time for
/// lock-free lookups.
///
/// Read like FreeType's `FT_Get_Kerning(…, FT_KERNING_UNSCALED, …)`: the Microsoft (version 0)
/// table's format-0 subtables that are horizontal, not cross-stream and not minimum values;
/// within a subtable the first entry for a pair counts; across subtables values add up, or
/// replace the sum when the subtable's override bit is set. Two differences, both where fonts
/// are broken: the last subtable's pairs may run to the end of the table (its 16-bit length
/// overflows in big tables; HarfBuzz reads them too), and Apple's version-1 `kern` format-0
/// subtables are read as well (FreeType ignores them; HarfBuzz does not).
///
/// Layout: a bit per left glyph says whether it has any pair, so most lookups end after one
/// load; a left glyph with pairs owns the range `starts[g]..<starts[g + 1]` of `entries`,
/// each entry `right << 16 | UInt16(bitPattern: value)`, sorted by right glyph.
struct KerningTable: Sendable {
    /// Bit g set: left glyph g has pairs.
    private let hasPairs: [UInt64]
    /// For left glyph g, its entries are `starts[g]..<starts[g + 1]`.
    private let starts: [UInt32]
    /// Right glyph in the high 16 bits, the value (two's complement) in the low 16 bits.
    private let entries: [UInt32]

    /// Whether the table holds any pair.
    var isEmpty: Bool { entries.isEmpty }

    /// Number of kerning pairs.
    var pairCount: Int { entries.count }

    /// A table with no pairs.
    static let empty = KerningTable(hasPairs: [], starts: [], entries: [])

    private init(hasPairs: [UInt64], starts: [UInt32], entries: [UInt32]) {
        self.hasPairs = hasPairs
        self.starts = starts
        self.entries = entries
    }

    /// One kerning pair: `left << 16 | right`, and its value in font units.
    private struct Pair {
        var key: UInt32
        var value: Int32
    }

    /// Parses the raw bytes of a `kern` table for a font of `glyphCount` glyphs. Malformed
    /// data yields the pairs that can be read, never a crash; pairs whose left glyph is not
    /// below `glyphCount` are dropped.
    ///
    /// - Complexity: O(p log p) for p pairs (at most a pair per 6 bytes of the table, whatever
    ///   its subtable count says).
    init(kernTable bytes: [UInt8], glyphCount: Int) {
        var merged = KerningTable.combine(KerningTable.formatZeroSubtables(bytes).map {
            (pairs: KerningTable.pairs(bytes, $0), override: $0.override)
        })
        merged.removeAll { $0.value == 0 || Int($0.key >> 16) >= glyphCount }
        guard !merged.isEmpty, glyphCount > 0 else {
            self = .empty
            return
        }
        var hasPairs = [UInt64](repeating: 0, count: (glyphCount + 63) / 64)
        var starts = [UInt32](repeating: 0, count: glyphCount + 1)
        var entries: [UInt32] = []
        entries.reserveCapacity(merged.count)
        for pair in merged {
            let left = Int(pair.key >> 16)
            hasPairs[left >> 6] |= 1 << UInt64(left & 63)
            starts[left + 1] += 1
            entries.append(pair.key << 16 | UInt32(UInt16(bitPattern: Int16(clamping: pair.value))))
        }
        for glyph in 0..<glyphCount { starts[glyph + 1] += starts[glyph] }
        self.init(hasPairs: hasPairs, starts: starts, entries: entries)
    }

    /// The kerning of the pair, font units; 0 if none.
    ///
    /// - Complexity: O(1) for a left glyph without pairs (one load); O(log k) for one with k.
    @inline(__always)
    func value(_ left: GlyphID, _ right: GlyphID) -> Int32 {
        let l = Int(left)
        let word = l >> 6
        guard word < hasPairs.count, hasPairs[word] & (1 << UInt64(l & 63)) != 0, right <= 0xFFFF else { return 0 }
        var lo = Int(starts[l])
        var hi = Int(starts[l + 1])
        while lo < hi {
            let mid = (lo + hi) >> 1
            let entry = entries[mid]
            let r = entry >> 16
            if r == right { return Int32(Int16(bitPattern: UInt16(truncatingIfNeeded: entry))) }
            if r < right { lo = mid + 1 } else { hi = mid }
        }
        return 0
    }

    // MARK: Parsing

    /// Where a format-0 subtable's pairs are, and how they combine with earlier subtables.
    private struct Subtable {
        /// Byte offset of the first pair.
        var pairsStart: Int
        /// Number of pairs that can be read.
        var pairCount: Int
        /// Whether the values replace (rather than add to) those of earlier subtables.
        var override: Bool
    }

    /// The format-0 horizontal subtables to read, in order.
    private static func formatZeroSubtables(_ bytes: [UInt8]) -> [Subtable] {
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(o), let lo = u16(o + 2) else { return nil }
            return hi << 16 | lo
        }
        /// The pairs of a format-0 body at `body` that fit before `end`.
        func subtable(body: Int, end: Int, override: Bool) -> Subtable? {
            guard let count = u16(body) else { return nil }
            let start = body + 8
            return Subtable(pairsStart: start, pairCount: max(0, min(count, (end - start) / 6)), override: override)
        }
        var result: [Subtable] = []
        if let version = u16(0), version == 0, let tableCount = u16(2) {
            // Microsoft: u16 version, u16 nTables; subtable header u16 version, u16 length, u16 coverage.
            var o = 4
            for index in 0..<tableCount {
                guard let length = u16(o + 2), let coverage = u16(o + 4), length > 6 else { break }
                let isLast = index == tableCount - 1
                let end = isLast ? bytes.count : min(o + length, bytes.count)
                let format = coverage >> 8
                let horizontal = coverage & 1 != 0, minimum = coverage & 2 != 0, crossStream = coverage & 4 != 0
                if format == 0, horizontal, !minimum, !crossStream,
                    let table = subtable(body: o + 6, end: end, override: coverage & 8 != 0)
                {
                    result.append(table)
                }
                o += length
            }
        } else if let version = u32(0), version == 0x0001_0000, let tableCount = u32(4) {
            // Apple: u32 version, u32 nTables; subtable header u32 length, u16 coverage, u16 tupleIndex.
            var o = 8
            for _ in 0..<min(tableCount, 0xFFFF) {
                guard let length = u32(o), let coverage = u16(o + 4), length > 8 else { break }
                let end = min(o + length, bytes.count)
                let vertical = coverage & 0x8000 != 0, crossStream = coverage & 0x4000 != 0
                let variation = coverage & 0x2000 != 0
                if coverage & 0xFF == 0, !vertical, !crossStream, !variation,
                    let table = subtable(body: o + 8, end: end, override: false)
                {
                    result.append(table)
                }
                o += length
            }
        }
        return result
    }

    /// The pairs of one subtable sorted by key, the first entry of a repeated pair kept.
    private static func pairs(_ bytes: [UInt8], _ subtable: Subtable) -> [Pair] {
        var pairs: [Pair] = []
        pairs.reserveCapacity(subtable.pairCount)
        var o = subtable.pairsStart
        for _ in 0..<subtable.pairCount {
            let key = UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
            let value = Int16(bitPattern: UInt16(bytes[o + 4]) << 8 | UInt16(bytes[o + 5]))
            pairs.append(Pair(key: key, value: Int32(value)))
            o += 6
        }
        // Sort by key, keeping file order among equal keys; then keep each key's first entry.
        let order = pairs.indices.sorted { (pairs[$0].key, $0) < (pairs[$1].key, $1) }
        var unique: [Pair] = []
        unique.reserveCapacity(pairs.count)
        for index in order where unique.last?.key != pairs[index].key { unique.append(pairs[index]) }
        return unique
    }

    /// The subtables' pair lists (each sorted, one entry per pair) combined in subtable order:
    /// values of the same pair add up, or a subtable with `override` replaces the sum so far.
    ///
    /// - Complexity: O(p log p) for p pairs in all — one sort, not a merge per subtable (which
    ///   would be quadratic for a table of many small subtables).
    private static func combine(_ subtables: [(pairs: [Pair], override: Bool)]) -> [Pair] {
        var all: [(pair: Pair, subtable: Int)] = []
        all.reserveCapacity(subtables.reduce(0) { $0 + $1.pairs.count })
        for (index, subtable) in subtables.enumerated() {
            for pair in subtable.pairs { all.append((pair, index)) }
        }
        all.sort { ($0.pair.key, $0.subtable) < ($1.pair.key, $1.subtable) }
        var result: [Pair] = []
        result.reserveCapacity(all.count)
        for (pair, subtable) in all {
            if let last = result.last, last.key == pair.key {
                result[result.count - 1].value = subtables[subtable].override ? pair.value : last.value + pair.value
            } else {
                result.append(pair)
            }
        }
        return result
    }
}
