import Testing
@testable import TextMeasure

@Suite("ShapedPieceCache")
struct ShapedPieceCacheTests {
    private typealias Summary = ShapedPieceCache.Summary

    private static func summary(_ n: Int) -> Summary {
        Summary(
            content: Double(n) + 0.125, whitespace: Double(n % 3) * 0.5, lastSpace: 0.5, fontMask: UInt32(n % 7 + 1),
            scalars: n % 50, lastFont: n % 5 - 1, lastScalar: UInt32(0xE00 + n % 100), missingClusters: n % 4,
            firstMissing: n % 4 == 0 ? 0 : 0x0E4F)
    }

    private func value(
        _ cache: ShapedPieceCache, _ text: String, whitespaceOffset: Int = 0, followingFont: Int = -1,
        calls: inout Int, make: Summary
    ) -> Summary {
        var text = text
        return text.withUTF8 { bytes in
            cache.summary(of: bytes, whitespaceOffset: whitespaceOffset, followingFont: followingFont) {
                calls += 1
                return make
            }
        }
    }

    @Test("a short slot is one cache line, a long slot two, a shard's lock one")
    func slotSize() {
        #expect(ShapedPieceCache.shortSlotStride == 64)
        #expect(ShapedPieceCache.shortHeaderSize == 8)
        #expect(ShapedPieceCache.slotStride == 128)
        #expect(ShapedPieceCache.shardStride == 64)
    }

    @Test("a piece seen before is a hit with the summary shaping gave; other bytes, white space or following font are misses",
          arguments: ["ภาษา", "नमस्ते ", String(repeating: "ก", count: 21), String(repeating: "ก", count: 22), "a",
                      String(repeating: "x", count: 23), String(repeating: "x", count: 24)])
    func hitsAndMisses(text: String) {
        // 21 Thai letters are 63 bytes (kept in a slot), 22 are 66 (kept in the long-piece cache).
        let cache = ShapedPieceCache()
        var calls = 0
        let a = Self.summary(1), b = Self.summary(2), c = Self.summary(3), d = Self.summary(4)
        #expect(value(cache, text, calls: &calls, make: a) == a)
        #expect(value(cache, text, calls: &calls, make: b) == a)
        #expect(calls == 1)
        #expect(value(cache, text, whitespaceOffset: 1, calls: &calls, make: b) == b)
        #expect(value(cache, text, followingFont: 0, calls: &calls, make: c) == c)
        #expect(value(cache, text + "ก", calls: &calls, make: d) == d)
        #expect(calls == 4)
        #expect(value(cache, text, whitespaceOffset: 1, calls: &calls, make: d) == b)
        #expect(value(cache, text, followingFont: 0, calls: &calls, make: d) == c)
        #expect(value(cache, text, calls: &calls, make: d) == a)
        #expect(calls == 4)
    }

    @Test("four pieces that fall in one set of short slots all stay (with two ways, they displaced one another)")
    func fourWays() throws {
        // Pieces whose keys pick the same shard and first slot, found by their hashes.
        var sets: [Int: [String]] = [:]
        var colliding: [String] = []
        var collidingSet = -1
        for n in 0..<200_000 {
            var text = "w\(n)"
            let set = text.withUTF8 { bytes in
                let key = ShapedPieceCache.Key(bytes, whitespaceOffset: 0, followingFont: -1, level: -1)
                return key.shardIndex * ShapedPieceCache.shardCapacity + key.firstSlot
            }
            sets[set, default: []].append(text)
            if sets[set]!.count == ShapedPieceCache.shortWays {
                colliding = sets[set]!
                collidingSet = set
                break
            }
        }
        try #require(colliding.count == 4)
        let cache = ShapedPieceCache()
        var calls = 0
        for (k, text) in colliding.enumerated() {
            #expect(value(cache, text, calls: &calls, make: Self.summary(4 * k)) == Self.summary(4 * k))
        }
        #expect(calls == 4)
        for _ in 0..<3 {
            for (k, text) in colliding.enumerated() {
                #expect(value(cache, text, calls: &calls, make: Self.summary(1)) == Self.summary(4 * k))
            }
        }
        #expect(calls == 4)
        // A fifth piece of the set displaces the oldest.
        var fifth = ""
        for n in 200_000..<2_000_000 {
            var text = "w\(n)"
            let set = text.withUTF8 { bytes in
                let key = ShapedPieceCache.Key(bytes, whitespaceOffset: 0, followingFont: -1, level: -1)
                return key.shardIndex * ShapedPieceCache.shardCapacity + key.firstSlot
            }
            if set == collidingSet {
                fifth = text
                break
            }
        }
        try #require(!fifth.isEmpty)
        #expect(value(cache, fifth, calls: &calls, make: Self.summary(96)) == Self.summary(96))
        #expect(value(cache, colliding[0], calls: &calls, make: Self.summary(98)) == Self.summary(98))
        #expect(calls == 6)
    }

    @Test("many distinct pieces: every summary stays exact while slots are displaced")
    func bounded() {
        let cache = ShapedPieceCache()
        var calls = 0
        let total = ShapedPieceCache.shardCount * ShapedPieceCache.shardCapacity * 2
        for round in 0..<2 {
            for k in 0..<total where k % 7 == round {
                let expected = Self.summary(k)
                #expect(value(cache, "piece \(k)", calls: &calls, make: expected) == expected)
            }
        }
        // Recent pieces are still there.
        let before = calls
        for k in (0..<total).filter({ $0 % 7 == 1 }).suffix(8) {
            #expect(value(cache, "piece \(k)", calls: &calls, make: Self.summary(0)) == Self.summary(k))
        }
        #expect(calls == before)
    }

    @Test("keys are compared byte for byte at every length a slot keeps: equal, or unequal at any one byte; bytes beyond the length are not read")
    func bytesEqual() {
        let n = ShapedPieceCache.inlineKeyBytes
        let a = (0..<n + 1).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        func equal(_ b: [UInt8], _ count: Int) -> Bool {
            a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in ShapedPieceCache.bytesEqual(pa.baseAddress!, pb.baseAddress!, count) } }
        }
        for count in 0...n {
            #expect(equal(a, count))
            for k in 0..<count {
                var b = a
                b[k] ^= 0x80
                #expect(!equal(b, count), "length \(count), byte \(k)")
            }
            var beyond = a
            beyond[count] ^= 0x80
            #expect(equal(beyond, count), "length \(count)")
        }
    }
}
