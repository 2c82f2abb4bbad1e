/// Pair kerning from a font's legacy `kern` table (format-0 subtables, horizontal, not
/// cross-stream, not minimum values), in font units — what FreeType's `FT_Get_Kerning` with
/// `FT_KERNING_UNSCALED` returns, precomputed for lock-free lookups.
///
/// Layout: for each left glyph, a range in flat arrays of (right glyph, value) sorted by right
/// glyph; most glyphs have no pairs and return at once.
struct KerningTable: Sendable {
    /// For left glyph g, its pairs are at `starts[g]..<starts[g + 1]`.
    private let starts: [UInt32]
    private let rights: [UInt16]
    private let values: [Int16]

    /// Whether the table holds any pair.
    var isEmpty: Bool { rights.isEmpty }

    /// A table with no pairs.
    static let empty = KerningTable(starts: [], rights: [], values: [])

    private init(starts: [UInt32], rights: [UInt16], values: [Int16]) {
        self.starts = starts
        self.rights = rights
        self.values = values
    }

    /// Parses the raw bytes of a `kern` table (Microsoft version 0 or Apple version 1).
    /// Malformed data yields the pairs read up to the damage, never a crash.
    init(kernTable bytes: [UInt8], glyphCount: Int) {
        var pairs: [UInt32: Int32] = [:]
        func u16(_ o: Int) -> Int? { o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(o), let lo = u16(o + 2) else { return nil }
            return hi << 16 | lo
        }
        func addFormat0(at start: Int, override: Bool) {
            guard let count = u16(start) else { return }
            var o = start + 8
            for _ in 0..<count {
                guard let left = u16(o), let right = u16(o + 2), let raw = u16(o + 4) else { return }
                let key = UInt32(left) << 16 | UInt32(right)
                let value = Int32(Int16(truncatingIfNeeded: raw))
                pairs[key] = override ? value : (pairs[key] ?? 0) + value
                o += 6
            }
        }
        if let version = u16(0), version == 0, let tableCount = u16(2) {
            var o = 4
            for _ in 0..<tableCount {
                guard let length = u16(o + 2), let coverage = u16(o + 4) else { break }
                let format = coverage >> 8
                let horizontal = coverage & 1 != 0, minimum = coverage & 2 != 0, cross = coverage & 4 != 0
                if format == 0 && horizontal && !minimum && !cross {
                    addFormat0(at: o + 6, override: coverage & 8 != 0)
                    // The 16-bit length overflows for big subtables; the pair count is authoritative.
                    let count = u16(o + 6) ?? 0
                    o += 6 + 8 + 6 * count
                } else {
                    o += max(length, 6)
                }
            }
        } else if let version = u32(0), version == 0x0001_0000, let tableCount = u32(4) {
            var o = 8
            for _ in 0..<tableCount {
                guard let length = u32(o), let coverage = u16(o + 4) else { break }
                let vertical = coverage & 0x8000 != 0, cross = coverage & 0x4000 != 0
                if coverage & 0xFF == 0 && !vertical && !cross { addFormat0(at: o + 8, override: false) }
                o += max(length, 8)
            }
        }
        guard !pairs.isEmpty else { self = .empty; return }
        let sorted = pairs.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        var starts = [UInt32](repeating: 0, count: glyphCount + 2)
        var rights: [UInt16] = []
        var values: [Int16] = []
        rights.reserveCapacity(sorted.count)
        values.reserveCapacity(sorted.count)
        for (key, value) in sorted {
            let left = Int(key >> 16)
            guard left < glyphCount else { continue }
            starts[left + 1] += 1
            rights.append(UInt16(key & 0xFFFF))
            values.append(Int16(clamping: value))
        }
        for g in 0...glyphCount { starts[g + 1] += starts[g] }
        self.init(starts: starts, rights: rights, values: values)
    }

    /// The kerning of the pair, font units; 0 if none.
    ///
    /// - Complexity: O(log k) in the number of pairs of `left`; O(1) for a glyph without pairs.
    @inline(__always)
    func value(_ left: GlyphID, _ right: GlyphID) -> Int32 {
        let l = Int(left)
        guard l + 1 < starts.count else { return 0 }
        var lo = Int(starts[l])
        var hi = Int(starts[l + 1])
        guard lo < hi, right <= 0xFFFF else { return 0 }
        let r = UInt16(right)
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = rights[mid]
            if v == r { return Int32(values[mid]) }
            if v < r { lo = mid + 1 } else { hi = mid }
        }
        return 0
    }
}
