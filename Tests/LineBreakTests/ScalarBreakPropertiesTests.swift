import Testing
@testable import LineBreak

@Suite("ScalarBreakProperties")
struct ScalarBreakPropertiesTests {
    @Test("The BMP table, and each code point's entry of it, equal asking for each scalar's properties one by one")
    func tableMatchesPerScalar() {
        let table = ScalarBreakProperties.basicMultilingualPlane()
        #expect(table.count == 0x1_0000)
        var mismatches: [UInt32] = []
        var continuing = 0
        var closing = 0
        var marks = 0
        for value in UInt32(0)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = ScalarBreakProperties(scalar)
            if table[Int(value)] != expected || ScalarBreakProperties.ofBMPCodePoint(value) != expected {
                mismatches.append(value)
            }
            #expect(expected.resolvedClass == LineBreakClass(resolving: scalar))
            if expected.continuesIdeographicRun { continuing += 1 }
            if expected.closesIdeograph { closing += 1 }
            if expected.resolvedClass == .cm { marks += 1 }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        // Each property is true for a real share of the BMP (CJK ideographs, closing
        // punctuation, combining marks), so the comparison above is not vacuous.
        #expect(continuing > 20_000)
        #expect(closing > 10)
        #expect(marks > 1_000)
    }

    @Test("Known code points")
    func known() {
        let table = ScalarBreakProperties.basicMultilingualPlane()
        #expect(table[0x6F22].continuesIdeographicRun && !table[0x6F22].closesIdeograph)  // 漢
        #expect(table[0x3002].closesIdeograph && !table[0x3002].continuesIdeographicRun)  // 。
        #expect(table[0x0301].resolvedClass == .cm)
        #expect(table[0x200D].resolvedClass == .zwj)
        #expect(table[0x41].resolvedClass == .al && !table[0x41].continuesIdeographicRun)
    }
}
