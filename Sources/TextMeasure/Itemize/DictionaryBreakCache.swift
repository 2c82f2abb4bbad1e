import Synchronization

/// The dictionary breaks of texts seen before, keyed by the text's UTF-8 bytes: libthai takes
/// tens of microseconds for a row of Thai, a hit well under one. Results never depend on the
/// cache: a hit returns exactly what finding them returned.
///
/// Bounded like `ShapedPieceCache`: 64 shards of at most 1,024 texts each (a shard that fills is
/// emptied). One cache per style (`StyleTables.dictionaryBreaks`): Thai items depend on the fonts.
final class DictionaryBreakCache: Sendable {
    private struct Entry: Sendable {
        var bytes: [UInt8]
        var positions: [Int32]
    }

    private final class Shard: Sendable {
        let entries = Mutex<[UInt64: Entry]>([:])
    }

    private static let shardCount = 64
    private static let shardCapacity = 1_024
    private let shards: [Shard] = (0..<DictionaryBreakCache.shardCount).map { _ in Shard() }

    /// The break positions of `bytes`, from the cache or from `find`, which are then remembered.
    ///
    /// - Complexity: O(n) in the text's length on a hit (hash and compare), plus `find` on a miss.
    func positions(of bytes: UnsafeBufferPointer<UInt8>, find: () -> [Int32]) -> [Int32] {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        let shard = shards[Int(h % UInt64(DictionaryBreakCache.shardCount))]
        let hit: [Int32]? = shard.entries.withLock { entries in
            guard let entry = entries[h], entry.bytes.elementsEqual(bytes) else { return nil }
            return entry.positions
        }
        if let hit { return hit }
        let positions = find()
        let entry = Entry(bytes: Array(bytes), positions: positions)
        shard.entries.withLock { entries in
            if entries.count >= DictionaryBreakCache.shardCapacity { entries.removeAll(keepingCapacity: true) }
            entries[h] = entry
        }
        return positions
    }
}
