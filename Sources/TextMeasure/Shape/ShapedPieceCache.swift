import Synchronization

/// The word cache browsers keep: what HarfBuzz made of a piece of text (a segment between two
/// break opportunities), so that a word seen before is not shaped again. Keyed by the piece's
/// bytes, where its trailing white space starts and the font of the text after it (which
/// decides the white space's font); one cache per style (fonts, size, profile), so the key need
/// not hold them. Results never depend on the cache: a hit returns exactly what shaping returned.
///
/// Bounded: 64 shards of at most 1,024 pieces each (a shard that fills is emptied), so memory
/// stays under a few megabytes whatever the input. Threads contend only when they touch the same
/// shard at the same instant.
final class ShapedPieceCache: Sendable {
    /// A shaped piece, summed as the line fitter reads it (width units).
    struct Summary: Sendable, Equatable {
        var content: Double
        var whitespace: Double
        var lastSpace: Double
        var fontMask: UInt32
        /// Scalars before the trailing white space.
        var scalars: Int
        /// The chain font and the scalar the piece ends with (−1, 0 for an empty piece).
        var lastFont: Int
        var lastScalar: UInt32
        /// The grapheme clusters HarfBuzz drew with glyph 0 (no font has them), and the first
        /// missing scalar of the first of them (0 for none).
        var missingClusters = 0
        var firstMissing: UInt32 = 0
    }

    private struct Entry: Sendable {
        var bytes: [UInt8]
        var whitespaceOffset: Int
        var followingFont: Int
        var summary: Summary
    }

    private final class Shard: Sendable {
        let entries = Mutex<[UInt64: Entry]>([:])
    }

    private static let shardCount = 64
    private static let shardCapacity = 1_024
    private let shards: [Shard] = (0..<ShapedPieceCache.shardCount).map { _ in Shard() }

    /// The key's hash (FNV-1a over the bytes, then the two numbers).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, whitespaceOffset: Int, followingFont: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        h = (h ^ UInt64(truncatingIfNeeded: whitespaceOffset)) &* 0x100_0000_01B3
        h = (h ^ UInt64(truncatingIfNeeded: followingFont &+ 1)) &* 0x100_0000_01B3
        return h
    }

    /// The summary of the piece `bytes` (trailing white space from `whitespaceOffset`, the text
    /// after it in font `followingFont`, −1 for none), from the cache or from `shape`, which is
    /// then remembered.
    ///
    /// - Complexity: O(n) in the piece's length on a hit (hash and compare), plus `shape` on a miss.
    func summary(
        of bytes: UnsafeBufferPointer<UInt8>, whitespaceOffset: Int, followingFont: Int, shape: () -> Summary
    ) -> Summary {
        let h = ShapedPieceCache.hash(bytes, whitespaceOffset: whitespaceOffset, followingFont: followingFont)
        let shard = shards[Int(h % UInt64(ShapedPieceCache.shardCount))]
        let hit: Summary? = shard.entries.withLock { entries in
            guard let entry = entries[h], entry.whitespaceOffset == whitespaceOffset,
                  entry.followingFont == followingFont, entry.bytes.elementsEqual(bytes)
            else { return nil }
            return entry.summary
        }
        if let hit { return hit }
        let summary = shape()
        let entry = Entry(
            bytes: Array(bytes), whitespaceOffset: whitespaceOffset, followingFont: followingFont, summary: summary)
        shard.entries.withLock { entries in
            if entries.count >= ShapedPieceCache.shardCapacity { entries.removeAll(keepingCapacity: true) }
            entries[h] = entry
        }
        return summary
    }
}
