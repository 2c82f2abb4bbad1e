import Foundation
import Testing
@testable import TextMeasure

/// GPOS pair kerning on built tables — right values, and bounded work on hostile ones (issue
/// 13, finding 3). Work is counted in `OpenTypeLayoutTable.WorkBudget` steps (records read,
/// array elements filled), never timed: before the bounds, these tables took seconds to minutes
/// and gigabytes.
@Suite("GPOS pair kerning")
struct GPOSKerningTests {
    typealias B = LayoutTableBuilder

    static func kerning(_ subtables: [[UInt8]], glyphCount: Int) -> GPOSKerning {
        GPOSKerning(gposTable: B.table(feature: "kern", lookupType: 2, subtables: subtables), glyphCount: glyphCount)
    }

    static func limit(_ subtables: [[UInt8]], glyphCount: Int) -> Int {
        let length = B.table(feature: "kern", lookupType: 2, subtables: subtables).count
        return OpenTypeLayoutTable.WorkBudget(tableLength: length, glyphCount: glyphCount).limit
    }

    @Test("Format 1: pairs found by first and second glyph; a missing pair falls through to the next subtable")
    func format1() {
        let first = B.pairPosFormat1(
            coverage: B.coverage([10, 20]), sets: [[(11, -50), (12, 30)], [(11, -7)]], setIndices: [0, 1])
        let second = B.pairPosFormat1(coverage: B.coverage([10]), sets: [[(12, 99), (13, -3)]], setIndices: [0])
        let kerning = Self.kerning([first, second], glyphCount: 100)
        #expect(kerning.value(10, 11) == -50)
        #expect(kerning.value(10, 12) == 30)  // the first matching subtable wins
        #expect(kerning.value(10, 13) == -3)  // not in the first: the second subtable
        #expect(kerning.value(20, 11) == -7)
        #expect(kerning.value(11, 10) == 0)
        #expect(kerning.value(10, 500) == 0)
    }

    @Test("Format 2: the class matrix; class 0 and unlisted glyphs")
    func format2() {
        let subtable = B.pairPosFormat2(
            coverage: B.coverage(10...12), classDef1: B.classDef([(10...10, 1)]),
            classDef2: B.classDef([(20...21, 1), (22...22, 2)]), class1Count: 2, class2Count: 3,
            matrix: [0, 5, 6, 0, -40, -41])
        let kerning = Self.kerning([subtable], glyphCount: 100)
        #expect(kerning.value(10, 20) == -40)
        #expect(kerning.value(10, 22) == -41)
        #expect(kerning.value(11, 21) == 5)
        #expect(kerning.value(11, 50) == 0)
        #expect(kerning.value(13, 20) == 0)  // not covered
    }

    @Test("Format 2 with class counts 65535 and no matrix in the table: skipped, no 17 GB matrix")
    func hugeClassCounts() {
        let hostile = B.pairPosFormat2(
            coverage: B.coverage(0...99), classDef1: B.classDef([(0...99, 1)]), classDef2: B.classDef([(0...99, 2)]),
            class1Count: 65535, class2Count: 65535, matrix: [])
        let valid = B.pairPosFormat1(coverage: B.coverage([10]), sets: [[(11, -50)]], setIndices: [0])
        let kerning = Self.kerning([hostile, valid], glyphCount: 100)
        #expect(kerning.value(10, 11) == -50)  // the hostile subtable is skipped, the next one works
        #expect(kerning.workSpent < 1000)
    }

    @Test("Format 1 with 32,000 pair sets sharing one set of 5,000 pairs: the set is read once")
    func sharedPairSets() {
        let set = (1...5000).map { (second: $0, value: -($0 % 97)) }
        let glyphCount = 6000
        let subtable = B.pairPosFormat1(
            coverage: B.coverage(0...(glyphCount - 1)), sets: [set], setIndices: [Int](repeating: 0, count: 32000))
        let kerning = Self.kerning([subtable], glyphCount: glyphCount)
        #expect(kerning.value(0, 96) == -96)
        #expect(kerning.value(5999, 4999) == -(4999 % 97))
        #expect(kerning.value(17, 5001) == 0)
        // One coverage array, one pass over the covered glyphs, 5,000 pairs, the lookup lists.
        #expect(kerning.workSpent <= 3 * glyphCount + 5000 + 100)
    }

    @Test("1,000 overlapping pair sets of 8,224 pairs each (8 M pairs): the work budget stops the parse")
    func overlappingPairSets() {
        // Offsets point two bytes apart into one run of 0x20 bytes: every set reads 0x2020 pairs.
        let count = 1000
        let glyphCount = 1000
        let header = 10 + 2 * count
        let coverage = B.coverage(0...(count - 1))
        let region = header + coverage.count
        var subtable = B.u16(1) + B.u16(header) + B.u16(0x0004) + B.u16(0) + B.u16(count)
        subtable += (0..<count).flatMap { B.u16(region + 2 * $0) } + coverage
        subtable += [UInt8](repeating: 0x20, count: 2 * count + 4 * 0x2020 + 2)
        let kerning = Self.kerning([subtable], glyphCount: glyphCount)
        let limit = Self.limit([subtable], glyphCount: glyphCount)
        #expect(kerning.isEmpty)
        #expect(kerning.workSpent <= limit + 65536)
        #expect(limit < count * 0x2020 / 10)  // the budget is a small part of what the counts claim
    }

    @Test("Pair sets and matrices that run past the table's end are not read")
    func truncatedRecords() {
        let set = B.pairPosFormat1(coverage: B.coverage([10]), sets: [[(11, -50), (12, -60)]], setIndices: [0])
        var table = B.table(feature: "kern", lookupType: 2, subtables: [set])
        table.removeLast(2)  // the last pair's value
        let kerning = GPOSKerning(gposTable: table, glyphCount: 100)
        #expect(kerning.value(10, 11) == 0)
        #expect(kerning.value(10, 12) == 0)
    }

    @Test("The finding's fonts: every PairPos made hostile (4 bytes: class counts 65535, or pairSetCount 32768) loads and measures sanely", arguments: [
        "DejaVuSans.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    ])
    func hostileRealFont(name: String) throws {
        var file = try SFNTFile(path: name.hasPrefix("/") ? name : try #require(BundledFonts.directory) + "/" + name)
        let gposOffset = try file.table("GPOS")
        let gposLength = try #require((0..<file.tableCount).map(file.record).first { $0.tag == "GPOS" }?.length)
        let gpos = [UInt8](file.bytes[gposOffset..<gposOffset + gposLength])
        let glyphCount = try file.glyphCount()
        let original = GPOSKerning(gposTable: gpos, glyphCount: glyphCount)
        #expect(!original.isEmpty)
        // Every PairPos subtable of the kern lookups made hostile.
        let table = OpenTypeLayoutTable(bytes: gpos)
        var budget = OpenTypeLayoutTable.WorkBudget(tableLength: gpos.count, glyphCount: glyphCount)
        let subtables = table.lookupIndices(features: ["kern"], budget: &budget).flatMap {
            table.subtables(ofLookup: $0, type: 2, extensionType: 9, budget: &budget)
        }
        #expect(!subtables.isEmpty)
        var hostile = gpos
        for subtable in subtables {
            if table.reader.u16(subtable) == 2 {
                hostile[subtable + 12...subtable + 15] = [0xFF, 0xFF, 0xFF, 0xFF]  // class counts 65535
            } else {
                hostile[subtable + 8...subtable + 9] = [0x80, 0x00]  // pairSetCount 32768
            }
        }
        let kerning = GPOSKerning(gposTable: hostile, glyphCount: glyphCount)
        #expect(kerning.workSpent <= OpenTypeLayoutTable.WorkBudget(tableLength: gpos.count, glyphCount: glyphCount).limit + 65536)
        // The font itself: loads, and measures in the profile that uses GPOS.
        file.bytes.replaceSubrange(gposOffset..<gposOffset + gposLength, with: hostile)
        try withTemporaryDirectory { directory in
            let font = try Font(path: try writeFile(file.bytes, named: "hostile-gpos.ttf", in: directory))
            let measurer = try TextMeasurer(style: TextStyle(fontChain: try FontChain([font]), profile: .pango))
            let result = try measurer.measure("AVATAR To Wa Ta Yo, kerning and ligatures: office", width: 120)
            #expect(result.height.isFinite && result.height > 0)
            #expect(result.lineCount >= 2)
        }
    }

    @Test("Real fonts spend a small part of the work budget", arguments: [
        "DejaVuSans.ttf", "ipaexg.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    ])
    func realFontsWithinBudget(name: String) throws {
        let path = name.hasPrefix("/") ? name : try #require(BundledFonts.directory) + "/" + name
        let file = try SFNTFile(path: path)
        let glyphCount = try file.glyphCount()
        for tag in ["GPOS", "GSUB"] {
            guard let record = (0..<file.tableCount).map(file.record).first(where: { $0.tag == tag }) else { continue }
            let bytes = [UInt8](file.bytes[record.offset..<record.offset + record.length])
            let spent = tag == "GPOS"
                ? GPOSKerning(gposTable: bytes, glyphCount: glyphCount).workSpent
                : LigatureTable(gsubTable: bytes, glyphCount: glyphCount).workSpent
            let limit = OpenTypeLayoutTable.WorkBudget(tableLength: bytes.count, glyphCount: glyphCount).limit
            #expect(spent <= limit / 8, "\(name) \(tag): \(spent) of \(limit) steps")
        }
    }
}
