/// The parts shared by `GSUB` and `GPOS`: choosing the lookups of some features for a script,
/// and finding their subtables (through extension lookups).
struct OpenTypeLayoutTable {
    let reader: BigEndianReader

    init(bytes: [UInt8]) { reader = BigEndianReader(bytes: bytes) }

    /// Indices of the lookups of `features` in the default language system of `script` (else
    /// `DFLT`), in lookup-list order — the order HarfBuzz applies them in.
    func lookupIndices(features: Set<String>, script preferred: String = "latn") -> [Int] {
        guard let scriptList = reader.u16(4), let featureList = reader.u16(6), let count = reader.u16(scriptList)
        else { return [] }
        var scripts: [String: Int] = [:]
        for i in 0..<count {
            let record = scriptList + 2 + 6 * i
            guard let tag = reader.tag(record), let offset = reader.u16(record + 4) else { break }
            scripts[tag] = scriptList + offset
        }
        guard let script = scripts[preferred] ?? scripts["DFLT"], let langSysOffset = reader.u16(script),
            langSysOffset != 0
        else { return [] }
        let langSys = script + langSysOffset
        var featureIndices: [Int] = []
        if let required = reader.u16(langSys + 2), required != 0xFFFF { featureIndices.append(required) }
        for i in 0..<(reader.u16(langSys + 4) ?? 0) {
            if let index = reader.u16(langSys + 6 + 2 * i) { featureIndices.append(index) }
        }
        var lookups = Set<Int>()
        let featureCount = reader.u16(featureList) ?? 0
        for index in featureIndices where index < featureCount {
            let record = featureList + 2 + 6 * index
            guard let tag = reader.tag(record), features.contains(tag), let offset = reader.u16(record + 4) else { continue }
            let feature = featureList + offset
            for i in 0..<(reader.u16(feature + 2) ?? 0) {
                if let lookup = reader.u16(feature + 4 + 2 * i) { lookups.insert(lookup) }
            }
        }
        return lookups.sorted()
    }

    /// The subtables (absolute offsets) of lookup `index` whose type is `type`, looking through
    /// extension lookups of type `extensionType` (7 in GSUB, 9 in GPOS).
    func subtables(ofLookup index: Int, type wanted: Int, extensionType: Int) -> [Int] {
        guard let lookupList = reader.u16(8), let count = reader.u16(lookupList), index < count,
            let offset = reader.u16(lookupList + 2 + 2 * index)
        else { return [] }
        let lookup = lookupList + offset
        guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return [] }
        var result: [Int] = []
        for s in 0..<subtableCount {
            guard let subOffset = reader.u16(lookup + 6 + 2 * s) else { continue }
            var subtable = lookup + subOffset
            var subType = type
            if type == extensionType {
                guard let extType = reader.u16(subtable + 2), let extOffset = reader.u32(subtable + 4) else { continue }
                subType = extType
                subtable += extOffset
            }
            if subType == wanted { result.append(subtable) }
        }
        return result
    }

    /// A Coverage table as a dense array: glyph → coverage index, or −1.
    func coverage(at offset: Int, glyphCount: Int) -> [Int32]? {
        guard let format = reader.u16(offset) else { return nil }
        var result = [Int32](repeating: -1, count: glyphCount)
        if format == 1, let count = reader.u16(offset + 2) {
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
                    start <= end
                else { return nil }
                for glyph in start...end where glyph < glyphCount { result[glyph] = Int32(first + glyph - start) }
            }
            return result
        }
        return nil
    }
}
