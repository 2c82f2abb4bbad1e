import Testing
@testable import TextMeasure

/// GSUB ligatures on built tables: right ligatures, bounded work on hostile ones (issue 13).
@Suite("GSUB ligatures")
struct LigatureTableTests {
    typealias B = LayoutTableBuilder

    /// A LigatureSubst (format 1) subtable: coverage index i takes ligature set
    /// `sets[setIndices[i]]`; a ligature is (glyph, components after the first).
    static func ligatureSubst(coverage: [UInt8], sets: [[(glyph: Int, components: [Int])]], setIndices: [Int]) -> [UInt8] {
        let header = 6 + 2 * setIndices.count
        var body: [UInt8] = []
        var setOffsets: [Int] = []
        for set in sets {
            let start = header + coverage.count + body.count
            setOffsets.append(start)
            var ligatures: [UInt8] = []
            var offsets: [Int] = []
            for ligature in set {
                offsets.append(2 + 2 * set.count + ligatures.count)
                ligatures += B.u16(ligature.glyph) + B.u16(ligature.components.count + 1) + ligature.components.flatMap(B.u16)
            }
            body += B.u16(set.count) + offsets.flatMap(B.u16) + ligatures
        }
        return B.u16(1) + B.u16(header) + B.u16(setIndices.count) + setIndices.flatMap { B.u16(setOffsets[$0]) }
            + coverage + body
    }

    static func table(_ subtables: [[UInt8]], glyphCount: Int) -> LigatureTable {
        LigatureTable(gsubTable: B.table(feature: "liga", lookupType: 4, subtables: subtables), glyphCount: glyphCount)
    }

    @Test("Ligatures by first glyph, in the font's order")
    func ligatures() {
        let subtable = Self.ligatureSubst(
            coverage: B.coverage([5, 6]), sets: [[(100, [5, 7]), (101, [5])], [(102, [8])]], setIndices: [0, 1])
        let table = Self.table([subtable], glyphCount: 200)
        #expect(table.ligatures(startingWith: 5).map(\.glyph) == [100, 101])
        #expect(table.ligatures(startingWith: 5).first?.components == [5, 7])
        #expect(table.ligatures(startingWith: 6).map(\.glyph) == [102])
        #expect(!table.startsLigature(7))
    }

    @Test("30,000 glyphs sharing one set of 2,000 ligatures: read once, not 60 M ligatures")
    func sharedSets() {
        let glyphCount = 30000  // the set offsets (16-bit) must stay below 65,536
        let set = (0..<2000).map { (glyph: $0, components: [$0 + 1, $0 + 2]) }
        let subtable = Self.ligatureSubst(
            coverage: B.coverage(0...(glyphCount - 1)), sets: [set], setIndices: [Int](repeating: 0, count: glyphCount))
        let table = Self.table([subtable], glyphCount: glyphCount)
        #expect(table.ligatures(startingWith: 29999).count == 2000)
        #expect(table.ligatures(startingWith: 3)[7].components == [8, 9])
        // One coverage array and its range, then 2,000 ligatures of 3 glyphs read once.
        #expect(table.workSpent <= 2 * glyphCount + 2000 * 4 + 100)
    }

    @Test("Ligatures whose components run past the table's end are skipped")
    func truncated() {
        let subtable = Self.ligatureSubst(coverage: B.coverage([5]), sets: [[(100, [6]), (101, [7, 8])]], setIndices: [0])
        var bytes = B.table(feature: "liga", lookupType: 4, subtables: [subtable])
        // Make the last ligature claim 40,000 components.
        let componentCount = bytes.count - 2 * 3  // glyph, component count, 7, 8: the count
        bytes[componentCount...componentCount + 1] = [0x9C, 0x40]
        let table = LigatureTable(gsubTable: bytes, glyphCount: 200)
        #expect(table.ligatures(startingWith: 5).map(\.glyph) == [100])
    }
}
