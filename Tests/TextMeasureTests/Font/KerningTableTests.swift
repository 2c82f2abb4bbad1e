import Testing
@testable import TextMeasure

/// Builds `kern` tables byte by byte.
private enum KernBytes {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }

    /// A Microsoft format-0 subtable with the given coverage bits (format 0 in the high byte).
    static func subtable(_ pairs: [(Int, Int, Int)], coverage: Int = 0x0001, lengthOverride: Int? = nil) -> [UInt8] {
        let body = u16(pairs.count) + u16(0) + u16(0) + u16(0) + pairs.flatMap { u16($0.0) + u16($0.1) + u16($0.2) }
        return u16(0) + u16(lengthOverride ?? 6 + body.count) + u16(coverage) + body
    }

    static func table(_ subtables: [[UInt8]]) -> [UInt8] { u16(0) + u16(subtables.count) + subtables.flatMap { $0 } }
}

@Suite("KerningTable parsing")
struct KerningTableTests {
    @Test("Pairs of one subtable are found, others are 0, unsorted input is fine")
    func singleSubtable() {
        let bytes = KernBytes.table([KernBytes.subtable([(5, 9, -40), (3, 4, 12), (5, 2, -7)])])
        let table = KerningTable(kernTable: bytes, glyphCount: 10)
        #expect(table.pairCount == 3)
        #expect(table.value(5, 9) == -40)
        #expect(table.value(3, 4) == 12)
        #expect(table.value(5, 2) == -7)
        #expect(table.value(5, 3) == 0)
        #expect(table.value(9, 5) == 0)
        #expect(table.value(4, 3) == 0)
        #expect(table.value(1_000, 2) == 0)
        #expect(table.value(5, 0x1_0009) == 0)
    }

    @Test("Values add up across subtables; an override subtable replaces the sum")
    func addAndOverride() {
        let bytes = KernBytes.table([
            KernBytes.subtable([(1, 2, -10), (1, 3, -5)]),
            KernBytes.subtable([(1, 2, -20), (2, 2, 7)]),
            KernBytes.subtable([(1, 3, 4)], coverage: 0x0009),  // horizontal + override
        ])
        let table = KerningTable(kernTable: bytes, glyphCount: 4)
        #expect(table.value(1, 2) == -30)
        #expect(table.value(1, 3) == 4)
        #expect(table.value(2, 2) == 7)
    }

    @Test("Vertical, minimum, cross-stream and non-format-0 subtables are skipped")
    func skippedSubtables() {
        let bytes = KernBytes.table([
            KernBytes.subtable([(1, 1, -1)], coverage: 0x0000),  // vertical
            KernBytes.subtable([(1, 2, -2)], coverage: 0x0003),  // minimum values
            KernBytes.subtable([(1, 3, -3)], coverage: 0x0005),  // cross-stream
            KernBytes.subtable([(1, 4, -4)], coverage: 0x0201),  // format 2
            KernBytes.subtable([(1, 5, -5)]),
        ])
        let table = KerningTable(kernTable: bytes, glyphCount: 8)
        #expect(table.pairCount == 1)
        #expect((1...4).allSatisfy { table.value(1, GlyphID($0)) == 0 })
        #expect(table.value(1, 5) == -5)
    }

    @Test("Within a subtable the first entry of a repeated pair counts")
    func repeatedPair() {
        let table = KerningTable(kernTable: KernBytes.table([KernBytes.subtable([(2, 3, -8), (2, 3, -99)])]), glyphCount: 4)
        #expect(table.value(2, 3) == -8)
    }

    @Test("A last subtable whose 16-bit length overflowed still yields all its pairs")
    func overflowedLength() {
        let pairs = (0..<20).map { (7, $0, -$0 - 1) }
        let bytes = KernBytes.table([KernBytes.subtable(pairs, lengthOverride: 30)])
        let table = KerningTable(kernTable: bytes, glyphCount: 8)
        #expect(table.pairCount == 20)
        #expect(table.value(7, 19) == -20)
    }

    @Test("Damaged tables give what can be read and never trap")
    func damaged() {
        let full = KernBytes.table([KernBytes.subtable([(1, 2, -3), (1, 4, -5), (3, 1, 6)])])
        for length in 0..<full.count {
            let table = KerningTable(kernTable: Array(full.prefix(length)), glyphCount: 5)
            #expect(table.pairCount <= 3)
            if table.pairCount > 0 { #expect(table.value(1, 2) == -3) }
        }
        #expect(KerningTable(kernTable: full, glyphCount: 5).pairCount == 3)
        // Pairs whose left glyph is not in the font are dropped.
        #expect(KerningTable(kernTable: full, glyphCount: 2).pairCount == 2)
        #expect(KerningTable(kernTable: full, glyphCount: 0).isEmpty)
        #expect(KerningTable(kernTable: [0xFF, 0xFF, 0x00, 0x01], glyphCount: 5).isEmpty)
    }

    @Test("Apple version-1 kern tables: format-0 horizontal subtables")
    func appleTable() {
        let u16 = KernBytes.u16
        let body = u16(1) + u16(0) + u16(0) + u16(0) + u16(2) + u16(3) + u16(-9)
        let subtable = [0, 0] + u16(8 + body.count) + u16(0x0000) + u16(0) + body
        let bytes = [0, 1, 0, 0, 0, 0, 0, 1] + subtable
        let table = KerningTable(kernTable: bytes, glyphCount: 4)
        #expect(table.value(2, 3) == -9)
    }

    @Test("One big subtable then 20,000 one-pair subtables: combined in one sort (a merge per subtable was quadratic)")
    func manySubtables() {
        let big = KernBytes.subtable((0..<10000).map { (1 + $0 / 100, $0 % 100, -1) })
        let small = (0..<20000).map { KernBytes.subtable([(1 + $0 % 100, $0 % 100, -2)], coverage: $0 == 5 ? 0x0009 : 0x0001) }
        let table = KerningTable(kernTable: KernBytes.table([big] + small), glyphCount: 200)
        // Pair (1 + k, k): in the big subtable (k < 100) and in small subtables k, k + 100, …
        #expect(table.value(1, 0) == -1 - 2 * 200)
        #expect(table.value(6, 5) == -2 * 200)  // small subtable 5 overrides (to -2), 199 later ones add -2
        #expect(table.value(3, 50) == -1)  // only in the big subtable
        #expect(table.pairCount == 10000)
    }
}
