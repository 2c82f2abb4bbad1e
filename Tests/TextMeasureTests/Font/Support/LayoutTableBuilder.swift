/// Builds small `GPOS`/`GSUB` tables for tests: one script (`latn`) whose default language system
/// has one feature, whose one lookup holds the given subtables — the shape real fonts have,
/// with whatever (hostile) subtable bytes a test needs.
enum LayoutTableBuilder {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value) }

    /// A layout table with feature `feature` → lookup 0 of `lookupType`, holding `subtables`.
    static func table(feature: String, lookupType: Int, subtables: [[UInt8]]) -> [UInt8] {
        // Header (10 bytes), ScriptList at 10, FeatureList after it, LookupList after that.
        let scriptList = u16(1) + Array("latn".utf8) + u16(8)  // one record; Script at +8
            + u16(4) + u16(0)  // Script: default LangSys at +4, no other language systems
            + u16(0) + u16(0xFFFF) + u16(1) + u16(0)  // LangSys: no required feature, feature 0
        let featureList = u16(1) + Array(feature.utf8) + u16(8)  // Feature at +8
            + u16(0) + u16(1) + u16(0)  // Feature: no params, lookup 0
        let lookupHeader = 6 + 2 * subtables.count
        var lookup = u16(lookupType) + u16(0) + u16(subtables.count)
        var offset = lookupHeader
        for subtable in subtables {
            lookup += u16(offset)
            offset += subtable.count
        }
        lookup += subtables.flatMap { $0 }
        let lookupList = u16(1) + u16(4) + lookup
        let scriptStart = 10
        let featureStart = scriptStart + scriptList.count
        let lookupStart = featureStart + featureList.count
        return u32(0x0001_0000) + u16(scriptStart) + u16(featureStart) + u16(lookupStart)
            + scriptList + featureList + lookupList
    }

    /// A Coverage table, format 2, of the glyph range `glyphs`.
    static func coverage(_ glyphs: ClosedRange<Int>) -> [UInt8] {
        u16(2) + u16(1) + u16(glyphs.lowerBound) + u16(glyphs.upperBound) + u16(0)
    }

    /// A Coverage table, format 1, of `glyphs` (sorted).
    static func coverage(_ glyphs: [Int]) -> [UInt8] { u16(1) + u16(glyphs.count) + glyphs.flatMap(u16) }

    /// A ClassDef table, format 2: each (glyph range, class) of `ranges`.
    static func classDef(_ ranges: [(ClosedRange<Int>, Int)]) -> [UInt8] {
        u16(2) + u16(ranges.count) + ranges.flatMap { u16($0.0.lowerBound) + u16($0.0.upperBound) + u16($0.1) }
    }

    /// A PairPos format-1 subtable (x-advance value records on the first glyph): the covered
    /// glyph with coverage index i takes pair set `sets[setIndices[i]]`, so sets can be shared.
    /// The coverage table comes right after the offsets, then the sets.
    static func pairPosFormat1(coverage: [UInt8], sets: [[(second: Int, value: Int)]], setIndices: [Int]) -> [UInt8] {
        let header = 10 + 2 * setIndices.count
        var body: [UInt8] = []
        var setOffsets: [Int] = []
        for set in sets {
            setOffsets.append(header + coverage.count + body.count)
            body += u16(set.count) + set.flatMap { u16($0.second) + u16($0.value) }
        }
        return u16(1) + u16(header) + u16(0x0004) + u16(0) + u16(setIndices.count)
            + setIndices.flatMap { u16(setOffsets[$0]) } + coverage + body
    }

    /// A PairPos format-2 subtable with x-advance value records on the first glyph; `matrix`
    /// holds `class1Count × class2Count` values unless a test gives fewer (a hostile count).
    static func pairPosFormat2(
        coverage: [UInt8], classDef1: [UInt8], classDef2: [UInt8], class1Count: Int, class2Count: Int, matrix: [Int]
    ) -> [UInt8] {
        let header = 16 + 2 * matrix.count
        return u16(2) + u16(header) + u16(0x0004) + u16(0) + u16(header + coverage.count)
            + u16(header + coverage.count + classDef1.count) + u16(class1Count) + u16(class2Count)
            + matrix.flatMap(u16) + coverage + classDef1 + classDef2
    }
}
