import Testing
@testable import TextMeasure

/// `UTF8Block`: the pre-scans' sixteen positions at a time.
@Suite("UTF-8 blocks")
struct UTF8BlockTests {
    /// The lane mask of `test` on a block holding `lead`, `next` at position `k` (ASCII around).
    static func lane(_ k: Int, lead: UInt8, next: UInt8, _ test: (UTF8Block) -> UTF8Block.Lanes) -> Bool {
        var bytes = [UInt8](repeating: 0x61, count: 17)
        bytes[k] = lead
        bytes[k + 1] = next
        return bytes.withUnsafeBufferPointer { test(UTF8Block($0.baseAddress!))[k] }
    }

    @Test("pairs and leads match their byte ranges (wrapping past FF) for every pair of bytes, at the block's first, middle and last position")
    func everyPair() {
        var wrong: [String] = []
        for k in [0, 7, 15] {
            for lead in UInt8(0)...255 {
                for next in UInt8(0)...255 {
                    let pair = Self.lane(k, lead: lead, next: next) { $0.pairs(0xEF, next: 0xAC, count: 16) }
                    let single = Self.lane(k, lead: lead, next: next) { $0.pairs(0xF0, next: 0x90, count: 1) }
                    let leads = Self.lane(k, lead: lead, next: next) { $0.leads(from: 0xD6, count: 10) }
                    let wrapping = Self.lane(k, lead: lead, next: next) { $0.leads(from: 0xFE, count: 3) }
                    let expected = (
                        lead == 0xEF && (0xAC...0xBB).contains(next), lead == 0xF0 && next == 0x90,
                        (0xD6...0xDF).contains(lead), lead >= 0xFE || lead == 0)
                    if (pair, single, leads, wrapping) != expected {
                        wrong.append("\(k) \(lead) \(next)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("a position's match does not spill into its neighbours")
    func noSpill() {
        // Lane 5 matches (E0 B8), lane 4 and 6 hold bytes one off (DF, E1).
        var bytes = [UInt8](repeating: 0x00, count: 17)
        bytes[4] = 0xDF
        bytes[5] = 0xE0
        bytes[6] = 0xB8
        let lanes = bytes.withUnsafeBufferPointer { UTF8Block($0.baseAddress!).pairs(0xE0, next: 0xB8, count: 2) }
        #expect((0..<16).filter { lanes[$0] } == [5])
        #expect(!bytes.withUnsafeBufferPointer { UTF8Block($0.baseAddress!).isASCII })
        let ascii = [UInt8](repeating: 0x7F, count: 17)
        #expect(ascii.withUnsafeBufferPointer { UTF8Block($0.baseAddress!).isASCII })
    }

    @Test("forEachPosition calls its body with each matching position in order, and stops when asked")
    func positions() {
        for expected in [[], [0], [5], [7, 8], [0, 5, 8, 15], [15], Array(0..<16)] {
            var bytes = [UInt8](repeating: 0x61, count: 17)
            for k in expected { bytes[k] = 0xE0 }
            let lanes = bytes.withUnsafeBufferPointer { UTF8Block($0.baseAddress!).leads(from: 0xE0, count: 1) }
            var found: [Int] = []
            #expect(UTF8Block.forEachPosition(of: lanes) { found.append($0); return true })
            #expect(found == expected)
            var calls = 0
            let stopped = !UTF8Block.forEachPosition(of: lanes) { _ in calls += 1; return false }
            #expect(stopped == !expected.isEmpty && calls == min(expected.count, 1))
        }
    }

    @Test("forEach covers every position but the last, of texts of 0 to 60 bytes, and stops when asked")
    func coversEveryPosition() {
        for count in 0...60 {
            let bytes = (0..<count).map { UInt8(0x80 | $0) }  // each position tells itself
            var covered = Set<Int>()
            let finished = bytes.withUnsafeBufferPointer { buffer in
                UTF8Block.forEach(in: buffer) { block, offset in
                    for k in 0..<16 where offset + k < count {
                        #expect(block.leads[k] == bytes[offset + k])
                        if offset + k + 1 < count { #expect(block.nexts[k] == bytes[offset + k + 1]) }
                        covered.insert(offset + k)
                    }
                    if count < 17 { #expect((count..<16).allSatisfy { block.leads[$0] == 0 }) }
                    return true
                }
            }
            #expect(finished)
            #expect(covered.isSuperset(of: 0..<max(count - 1, 0)), "\(count)")
            var calls = 0
            let stopped = bytes.withUnsafeBufferPointer { buffer in
                UTF8Block.forEach(in: buffer) { _, _ in
                    calls += 1
                    return false
                }
            }
            #expect(count < 2 ? stopped && calls == 0 : !stopped && calls == 1, "\(count)")
        }
    }

    @Test("forEachPair covers every position but the last, of texts of 0 to 100 bytes, with each block's offset, and stops when asked")
    func pairsCoverEveryPosition() {
        for count in 0...100 {
            let bytes = (0..<count).map { UInt8(0x80 | ($0 & 0x7F)) }  // each position tells itself
            var covered = Set<Int>()
            var calls = 0
            /// Checks one block of a pair against the text at `offset`, recording what it covers.
            func check(_ block: UTF8Block, _ offset: Int) {
                #expect(offset >= 0 && (count < 17 ? offset == 0 : offset + 17 <= count), "\(count) \(offset)")
                for k in 0..<16 where offset + k < count {
                    #expect(block.leads[k] == bytes[offset + k], "\(count) \(offset) \(k)")
                    if offset + k + 1 < count { #expect(block.nexts[k] == bytes[offset + k + 1]) }
                    covered.insert(offset + k)
                }
                if count < 17 { #expect((count..<16).allSatisfy { block.leads[$0] == 0 }, "\(count)") }
            }
            let finished = bytes.withUnsafeBufferPointer { buffer in
                UTF8Block.forEachPair(in: buffer) { first, firstOffset, second, secondOffset in
                    calls += 1
                    check(first, firstOffset)
                    check(second, secondOffset)
                    // The second block never starts before the first, nor more than 16 bytes after it.
                    #expect(secondOffset >= firstOffset && secondOffset - firstOffset <= 16, "\(count)")
                    return true
                }
            }
            #expect(finished)
            #expect(covered.isSuperset(of: 0..<max(count - 1, 0)), "\(count)")
            // One pair per 32 positions before the last (rounded up): no block is read twice over.
            #expect(calls == (count < 2 ? 0 : (count - 1 + 31) / 32), "\(count): \(calls) pairs")
            var stoppedCalls = 0
            let stopped = bytes.withUnsafeBufferPointer { buffer in
                !UTF8Block.forEachPair(in: buffer) { _, _, _, _ in
                    stoppedCalls += 1
                    return false
                }
            }
            #expect(count < 2 ? !stopped && stoppedCalls == 0 : stopped && stoppedCalls == 1, "\(count)")
        }
    }
}
