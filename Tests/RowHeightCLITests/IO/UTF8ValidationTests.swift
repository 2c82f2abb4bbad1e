import Testing
@testable import RowHeightCLI

/// The eight-byte checks the JSON scanner steps over runs of non-ASCII scalars with give exactly
/// the answer of `sequenceLength`, the one-scalar reference, scalar after scalar.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// Whether `sequenceLength` reads the lengths `lengths` one after another from the start of
    /// the eight bytes of `word` (little-endian).
    private func readsSequences(_ word: UInt64, _ lengths: [Int]) -> Bool {
        withUnsafeBytes(of: word.littleEndian) { raw in
            let base = raw.bindMemory(to: UInt8.self).baseAddress!
            var i = 0
            for length in lengths {
                guard UTF8Validation.sequenceLength(base, at: i, count: 8) == length else { return false }
                i += length
            }
            return true
        }
    }

    /// The word whose bytes (lowest first) are `bytes`, padded with 0x41 ('A').
    private func word(_ bytes: [UInt8]) -> UInt64 {
        var result: UInt64 = 0
        for (k, byte) in (bytes + [UInt8](repeating: 0x41, count: 8 - bytes.count)).enumerated() {
            result |= UInt64(byte) << (8 * UInt64(k))
        }
        return result
    }

    @Test("Four two-byte scalars: every lead and second byte in every position, as the reference says")
    func twoByteSequences() {
        let arabic: [UInt8] = Array("بتثج".utf8)
        #expect(arabic.count == 8)
        #expect(UTF8Validation.isFourTwoByteSequences(word(arabic)))
        var mismatches = 0
        for position in 0..<4 {
            for lead in 0...255 {
                for second in 0...255 {
                    var bytes = arabic
                    bytes[2 * position] = UInt8(lead)
                    bytes[2 * position + 1] = UInt8(second)
                    let w = word(bytes)
                    if UTF8Validation.isFourTwoByteSequences(w) != readsSequences(w, [2, 2, 2, 2]) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("Two three-byte scalars: every lead, second and third byte in both positions, as the reference says")
    func threeByteSequences() {
        let devanagari: [UInt8] = Array("नम".utf8) + [0xD8, 0xA8]
        #expect(UTF8Validation.areTwoThreeByteSequences(word(devanagari)))
        var mismatches = 0
        for position in 0..<2 {
            for lead in 0...255 {
                for second in 0...255 {
                    var bytes = devanagari
                    bytes[3 * position] = UInt8(lead)
                    bytes[3 * position + 1] = UInt8(second)
                    let w = word(bytes)
                    if UTF8Validation.areTwoThreeByteSequences(w) != readsSequences(w, [3, 3]) { mismatches += 1 }
                }
                for third in 0...255 {
                    var bytes = devanagari
                    bytes[3 * position] = UInt8(lead)
                    bytes[3 * position + 2] = UInt8(third)
                    let w = word(bytes)
                    if UTF8Validation.areTwoThreeByteSequences(w) != readsSequences(w, [3, 3]) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        // The two bytes after the second scalar do not matter.
        #expect(UTF8Validation.areTwoThreeByteSequences(word(Array("नम".utf8) + [0xFF, 0x80])))
    }

    @Test("Pseudo-random words: both checks agree with the reference")
    func randomWords() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches = 0
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Bias towards the bytes of multi-byte sequences: set each byte's high bit.
            let w = state | 0x8080_8080_8080_8080
            if UTF8Validation.isFourTwoByteSequences(w) != readsSequences(w, [2, 2, 2, 2]) { mismatches += 1 }
            if UTF8Validation.areTwoThreeByteSequences(w) != readsSequences(w, [3, 3]) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
