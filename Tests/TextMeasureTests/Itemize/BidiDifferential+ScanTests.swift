import Testing
@_spi(Fuzzing) @testable import TextMeasure

/// The right-to-left pre-scan (`BidiLevels.mayHaveLevels`) against the scalar rule it answers
/// for, over every scalar: what `FuzzBidi` checks on random texts.
@Suite("BidiDifferential: the pre-scan")
struct BidiDifferentialScanTests {
    @Test("The pre-scan finds every scalar whose type raises a level, and no other, at every offset of a block")
    func everyScalar() {
        var wrong: [UInt32] = []
        // Japanese before it (lead bytes E3–E9, full-width punctuation EF BC–BD, "…" E2 80): the
        // scalar lands at each of a block's sixteen positions and in the overlapping last block.
        let prefixes = (0..<17).map { String(repeating: "x", count: $0) + "漢！" }
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let prefix = prefixes[Int(value % 17)]
            let text = prefix + String(Character(scalar)) + (value % 2 == 0 ? "字…（）" : "")
            if !BidiDifferential.scanAgreesWithScalars(in: text) { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        // Each scalar as the text's first (looked at alone when its lead byte is D6–DF), then
        // Latin text, or a right-to-left letter later.
        var wrongFirst: [UInt32] = []
        for value in UInt32(0x80)...0x7FF {
            let scalar = String(Character(Unicode.Scalar(value)!))
            for text in [scalar, scalar + "abc", scalar + "abcdefghijklmnopqrstuvwxyz0123456789 \u{5D0}"]
            where !BidiDifferential.scanAgreesWithScalars(in: text) {
                wrongFirst.append(value)
            }
        }
        #expect(wrongFirst.isEmpty, "\(wrongFirst.prefix(10).map { String($0, radix: 16) })")
        #expect(BidiDifferential.scanAgreesWithScalars(in: "漢字仮名！（注）…" + "\u{05D0}"))
        #expect(!Array("漢字、かな！？（注）：…ー".utf8).withUnsafeBufferPointer { BidiLevels.mayHaveLevels($0) })
    }
}
