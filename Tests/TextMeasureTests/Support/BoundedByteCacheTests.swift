import Testing
@testable import TextMeasure

@Suite("BoundedByteCache")
struct BoundedByteCacheTests {
    private func value(_ cache: BoundedByteCache<Int>, _ text: String, tag: UInt64 = 0, calls: inout Int, make: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in cache.value(for: bytes, tag: tag) { calls += 1; return make } }
    }

    @Test("A key seen before is a hit with the remembered value; other bytes, lengths or tags are misses")
    func hitsAndMisses() {
        let cache = BoundedByteCache<Int>()
        var calls = 0
        #expect(value(cache, "hello world, a longer piece", calls: &calls, make: 1) == 1)
        #expect(value(cache, "hello world, a longer piece", calls: &calls, make: 2) == 1)
        #expect(calls == 1)
        // A prefix, one byte changed in the tail, another tag: all computed anew.
        #expect(value(cache, "hello world, a longer piec", calls: &calls, make: 3) == 3)
        #expect(value(cache, "hello world, a longer piecE", calls: &calls, make: 4) == 4)
        #expect(value(cache, "hello world, a longer piece", tag: 7, calls: &calls, make: 5) == 5)
        #expect(calls == 4)
        #expect(value(cache, "", calls: &calls, make: 6) == 6)
        #expect(value(cache, "", calls: &calls, make: 7) == 6)
        #expect(calls == 5)
    }

    @Test("The hash reads every byte and the tag (words and tails of every length)")
    func hashCoversEveryByte() {
        let full = Array("0123456789abcdefXYZ0123".utf8)
        for length in 1...full.count {
            var base = Array(full.prefix(length))
            let reference = base.withUnsafeBufferPointer { BoundedByteCache<Int>.hash($0, tag: 1) }
            for i in base.indices {
                base[i] ^= 1
                let changed = base.withUnsafeBufferPointer { BoundedByteCache<Int>.hash($0, tag: 1) }
                #expect(changed != reference, "byte \(i) of \(length)")
                base[i] ^= 1
            }
            #expect(base.withUnsafeBufferPointer { BoundedByteCache<Int>.hash($0, tag: 2) } != reference)
            let shorter = base.dropLast().withUnsafeBufferPointer { BoundedByteCache<Int>.hash($0, tag: 1) }
            #expect(shorter != reference, "length \(length)")
        }
    }

    @Test("Many distinct keys: every value stays right while shards fill and empty")
    func bounded() {
        let cache = BoundedByteCache<Int>()
        var calls = 0
        for round in 0..<2 {
            for k in 0..<(BoundedByteCache<Int>.shardCount * BoundedByteCache<Int>.shardCapacity * 2) where k % 7 == round {
                #expect(value(cache, "key \(k)", calls: &calls, make: k) == k)
            }
        }
        #expect(calls > 0)
    }
}
