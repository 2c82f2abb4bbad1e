/// The parts shared by `GSUB` and `GPOS`: choosing the lookups of some features for a script,
/// and finding their subtables (through extension lookups).
///
/// Hostile tables: every read is bounds-checked, and every loop over a count read from the
/// table spends from a `WorkBudget`, so no count or offset can make parsing take more than a
/// bounded number of steps (or allocate more than a bounded number of array elements).
struct OpenTypeLayoutTable {
    let reader: BigEndianReader

    init(bytes: [UInt8]) { reader = BigEndianReader(bytes: bytes) }

    /// Length of the table in bytes.
    var length: Int { reader.bytes.count }

    /// How many steps parsing one layout table may take: a step is one record read, one array
    /// element filled or allocated. Parsing a table never needs more than a few steps per byte
    /// plus a few dense per-glyph arrays per subtable; the limit is far above what real fonts
    /// spend (`GPOSKerningTests` checks) and keeps a hostile table to a bounded time and memory
    /// (tens of millions of steps and array elements for the largest fonts). A table that would
    /// exceed it is ignored.
    struct WorkBudget {
        /// Steps left.
        private(set) var remaining: Int
        /// Steps spent so far.
        private(set) var spent = 0

        /// The budget for a table of `length` bytes in a font of `glyphCount` glyphs: 4 steps
        /// per byte (a record is at least 2 bytes and costs a step or two), 256 per glyph (a
        /// subtable costs 3 dense arrays: room for 85 subtables), and 2^16. Real fonts spend
        /// 1–2 % of it (DejaVu Sans's GPOS: 55,000 steps).
        init(tableLength length: Int, glyphCount: Int) {
            limit = 4 * length + 256 * glyphCount + (1 << 16)
            remaining = limit
        }

        /// The steps a budget allows.
    let limit: Int

    /// Whether the budget ran out.
        var isExhausted: Bool { remaining < 0 }

        /// Spends `steps`; returns `false` (now and ever after) once the budget is exhausted.
        @discardableResult
        mutating func spend(_ steps: Int) -> Bool {
            remaining -= steps
            spent += steps
            return remaining >= 0
        }
    }

    /// Indices of the lookups of `features` in the default language system of `script` (else
    /// `DFLT`), in lookup-list order — the order HarfBuzz applies them in. Empty if the budget
    /// runs out.
    func lookupIndices(features: Set<String>, script preferred: String = "latn", budget: inout WorkBudget) -> [Int] {
        guard let scriptList = reader.u16(4), let featureList = reader.u16(6), let count = reader.u16(scriptList)
        else { return [] }
        var scripts: [String: Int] = [:]
        for i in 0..<count {
            let record = scriptList + 2 + 6 * i
            guard budget.spend(1), let tag = reader.tag(record), let offset = reader.u16(record + 4) else { break }
            scripts[tag] = scriptList + offset
        }
        guard let script = scripts[preferred] ?? scripts["DFLT"], let langSysOffset = reader.u16(script),
            langSysOffset != 0
        else { return [] }
        let langSys = script + langSysOffset
        var featureIndices = Set<Int>()
        if let required = reader.u16(langSys + 2), required != 0xFFFF { featureIndices.insert(required) }
        for i in 0..<(reader.u16(langSys + 4) ?? 0) {
            guard budget.spend(1), let index = reader.u16(langSys + 6 + 2 * i) else { break }
            featureIndices.insert(index)
        }
        var lookups = Set<Int>()
        var featureTables = Set<Int>()
        let featureCount = reader.u16(featureList) ?? 0
        for index in featureIndices.sorted() where index < featureCount {
            let record = featureList + 2 + 6 * index
            guard let tag = reader.tag(record), features.contains(tag), let offset = reader.u16(record + 4),
                featureTables.insert(featureList + offset).inserted
            else { continue }
            let feature = featureList + offset
            for i in 0..<(reader.u16(feature + 2) ?? 0) {
                guard budget.spend(1), let lookup = reader.u16(feature + 4 + 2 * i) else { break }
                lookups.insert(lookup)
            }
        }
        return budget.isExhausted ? [] : lookups.sorted()
    }

    /// The subtables (absolute offsets) of lookup `index` whose type is `type`, looking through
    /// extension lookups of type `extensionType` (7 in GSUB, 9 in GPOS).
    func subtables(ofLookup index: Int, type wanted: Int, extensionType: Int, budget: inout WorkBudget) -> [Int] {
        guard let lookupList = reader.u16(8), let count = reader.u16(lookupList), index < count,
            let offset = reader.u16(lookupList + 2 + 2 * index)
        else { return [] }
        let lookup = lookupList + offset
        guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return [] }
        var result: [Int] = []
        for s in 0..<subtableCount {
            guard budget.spend(1), let subOffset = reader.u16(lookup + 6 + 2 * s) else { break }
            var subtable = lookup + subOffset
            var subType = type
            if type == extensionType {
                guard let extType = reader.u16(subtable + 2), let extOffset = reader.u32(subtable + 4) else { continue }
                subType = extType
                subtable += extOffset
            }
            if subType == wanted, subtable < length { result.append(subtable) }
        }
        return result
    }

    /// A Coverage table as a dense array: glyph → coverage index, or −1; `nil` if malformed or
    /// the budget runs out.
    func coverage(at offset: Int, glyphCount: Int, budget: inout WorkBudget) -> [Int32]? {
        guard let format = reader.u16(offset), budget.spend(glyphCount) else { return nil }
        var result = [Int32](repeating: -1, count: glyphCount)
        if format == 1, let count = reader.u16(offset + 2) {
            guard budget.spend(count) else { return nil }
            for i in 0..<count {
                guard let glyph = reader.u16(offset + 4 + 2 * i) else { return nil }
                if glyph < glyphCount { result[glyph] = Int32(i) }
            }
            return result
        }
        if format == 2, let count = reader.u16(offset + 2) {
            for i in 0..<count {
                let record = offset + 4 + 6 * i
                guard let start = reader.u16(record), let end = reader.u16(record + 2), let first = reader.u16(record + 4),
                    start <= end, budget.spend(1)
                else { return nil }
                guard start < glyphCount else { continue }
                let last = min(end, glyphCount - 1)
                guard budget.spend(last - start + 1) else { return nil }
                for glyph in start...last { result[glyph] = Int32(first + glyph - start) }
            }
            return result
        }
        return nil
    }
}
