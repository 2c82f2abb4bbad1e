import Testing
@testable import RowHeightCLI

/// `JSONScanner.plainLength`, the sixteen-byte step over plain string text, against a
/// scalar-by-scalar reference.
@Suite("JSON scanner")
struct JSONScannerTests {
    /// How many of the sixteen bytes `block` (at a scalar boundary) are whole scalars of plain
    /// string text when all of them are plain (the last scalar may continue past them), else 0:
    /// one scalar at a time.
    private func reference(_ block: [UInt8]) -> Int {
        var k = 0
        while k < 16 {
            let byte = block[k]
            if byte < 0x80 {
                guard byte >= 0x20, byte != 0x22, byte != 0x5C else { return 0 }
                k += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: length = 3
            default: return 0
            }
            if k + 1 < 16 { guard second.contains(block[k + 1]) else { return 0 } }
            for j in 2..<max(length, 2) where k + j < 16 {
                guard block[k + j] & 0xC0 == 0x80 else { return 0 }
            }
            if k + length > 16 { return k }
            k += length
        }
        return 16
    }

    private func plainLength(_ block: [UInt8]) -> Int {
        let bytes: [UInt8] = [0x3A, 0x22] + block  // `:"` before, as at a string's start
        return bytes.withUnsafeBufferPointer { JSONScanner.plainLength($0.baseAddress! + 2) }
    }

    @Test("Pseudo-random blocks of scalars, special bytes and broken sequences: the reference's answer")
    func randomBlocks() {
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x7F], [0x22], [0x5C], [0x1F], [0x00],
            Array("ب".utf8), Array("é".utf8), Array("\u{7FF}".utf8), Array("न".utf8), Array("€".utf8),
            Array("\u{FFFD}".utf8), Array("\u{800}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
            Array("😀".utf8), [0xC0, 0x80], [0xC1, 0xBF], [0x80], [0xBF], [0xD8], [0xE4, 0xB8], [0xED, 0xA0, 0x80],
            [0xE0, 0x9F, 0xBF], [0xF5], [0xFF], [0xD8, 0x41], [0xE4, 0x41, 0x80],
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        var differences = 0
        var plain = 0
        for round in 0..<100_000 {
            var block: [UInt8] = []
            // Mostly valid text (so that whole blocks pass), sometimes one odd piece.
            let valid = round % 3 != 0
            while block.count < 16 {
                let piece = pieces[valid ? [0, 1, 7, 8, 9, 10, 11, 12, 13, 14, 15][next(11)] : next(pieces.count)]
                block += piece
            }
            block = Array(block.prefix(16))
            let expected = reference(block)
            if expected != 0 { plain += 1 }
            if plainLength(block) != expected { differences += 1 }
        }
        #expect(differences == 0)
        #expect(plain > 30_000)
    }

    @Test("Where a block ends inside a scalar: 14 or 15 bytes; a special byte anywhere: 0")
    func blockEnds() {
        let arabic = Array("بتثجحخدذ".utf8)  // 16 bytes
        #expect(plainLength(arabic) == 16)
        #expect(plainLength([0x61] + Array(arabic.prefix(15))) == 15)
        #expect(plainLength(Array("abcdefghijklmn".utf8) + [0xE4, 0xB8]) == 14)
        #expect(plainLength(Array("abcdefghijklmno".utf8) + [0xE4]) == 15)
        for k in 0..<16 {
            for special: UInt8 in [0x22, 0x5C, 0x0A, 0x80, 0xF0, 0xE0, 0xED] {
                var block = [UInt8](repeating: 0x61, count: 16)
                block[k] = special
                // A three-byte lead in the last lane is a scalar going on past the block.
                let expected = k == 15 && (special == 0xE0 || special == 0xED) ? 15 : 0
                #expect(plainLength(block) == expected, "\(special) at \(k)")
            }
        }
        // After E0 only A0–BF, after ED only 80–9F.
        #expect(plainLength(Array("abcdefghijklm".utf8) + [0xE0, 0xA4, 0xA8]) == 16)
        #expect(plainLength(Array("abcdefghijklm".utf8) + [0xE0, 0x9F, 0xBF]) == 0)
        #expect(plainLength(Array("abcdefghijklm".utf8) + [0xED, 0x9F, 0xBF]) == 16)
        #expect(plainLength(Array("abcdefghijklm".utf8) + [0xED, 0xA0, 0x80]) == 0)
    }
}
