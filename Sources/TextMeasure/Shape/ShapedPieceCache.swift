import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The word cache browsers keep: what HarfBuzz made of a piece of text (a segment between two
/// break opportunities), so that a word seen before is not shaped again. Keyed by the piece's
/// bytes, where its trailing white space starts, the font of the text after it (which
/// decides the white space's font) and its embedding level (a piece whose level changes inside is
/// not cached); one cache per style (fonts, size, profile), so the key need
/// not hold them. Results never depend on the cache: a hit returns exactly what shaping returned.
///
/// Pieces of up to `inlineKeyBytes` bytes (nearly every word) live in slots of 128 bytes that
/// hold the key's bytes and the summary together, so a hit reads one aligned pair of cache
/// lines and no reference count: 64 shards of 1,024 slots, two-way set-associative by the
/// key's hash (the newest key in the first slot of its pair), all in one region of 8 MB
/// (`SlotRegion`: mapped, not written, when the cache is made; the kernel supplies zeroed pages
/// as they are first touched, as huge pages where it can, so that hits scattered over the region
/// do not each miss the TLB). Longer pieces go to a `BoundedByteCache`. Shared by
/// threads; they contend only when they touch the same shard at the same instant. Keys are
/// compared byte for byte, never by hash alone.
final class ShapedPieceCache: @unchecked Sendable {  // `shards`: set once in init, freed in deinit; each behind its lock
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

    /// The longest piece, in bytes, kept in a slot (longer ones go to `longPieces`).
    static var inlineKeyBytes: Int { 64 }

    /// One cached piece: its hash (0: empty slot), key and summary in 128 bytes, two cache lines
    /// (the hash, the key and the start of the summary in the first).
    private struct Slot {
        var hash: UInt64
        var key: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        var content: Double
        var whitespace: Double
        var lastSpace: Double
        var fontMask: UInt32
        var lastScalar: UInt32
        var firstMissing: UInt32
        var lastFont: Int16
        var followingFont: Int16
        var count: UInt8
        var whitespaceOffset: UInt8
        var scalars: UInt8
        var missingClusters: UInt8
        var padding32: UInt32 = 0
        var padding64: UInt64 = 0
    }

    /// The bytes a slot takes (128: two cache lines; `ShapedPieceCacheTests` checks it).
    static var slotStride: Int { MemoryLayout<Slot>.stride }

    /// The bytes a shard's lock takes (64: a cache line; `ShapedPieceCacheTests` checks it).
    static var shardStride: Int { MemoryLayout<Shard>.stride }

    /// A shard's slots (its part of `region`): read and written only under its shard's lock,
    /// hence sendable.
    private struct Slots: @unchecked Sendable {
        var pointer: UnsafeMutablePointer<Slot>?
    }

    /// A shard: the lock over its slots, alone in its cache line (threads working on different
    /// shards never share a line).
    private struct Shard: ~Copyable {
        let slots = Mutex(Slots())
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    }

    static var shardCount: Int { 64 }
    /// Slots per shard (a power of two).
    static var shardCapacity: Int { 1_024 }
    /// `shardCount` shards, 64-byte aligned: read through a plain pointer, so a lookup retains
    /// and releases nothing.
    private let shards: UnsafeMutablePointer<Shard>
    /// The slots of every shard, zeroed (shard `k`'s from slot `k × shardCapacity`).
    private let region: SlotRegion
    /// Pieces longer than `inlineKeyBytes`.
    private let longPieces = BoundedByteCache<Summary>()

    /// Creates an empty cache (its slots mapped, not touched).
    init() {
        region = SlotRegion(byteCount: ShapedPieceCache.shardCount * ShapedPieceCache.shardCapacity * MemoryLayout<Slot>.stride)
        let slots = region.base.bindMemory(
            to: Slot.self, capacity: ShapedPieceCache.shardCount * ShapedPieceCache.shardCapacity)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: ShapedPieceCache.shardCount * MemoryLayout<Shard>.stride, alignment: 64)
        shards = raw.bindMemory(to: Shard.self, capacity: ShapedPieceCache.shardCount)
        for k in 0..<ShapedPieceCache.shardCount {
            (shards + k).initialize(to: Shard())
            shards[k].slots.withLock { $0.pointer = slots + k * ShapedPieceCache.shardCapacity }
        }
    }

    deinit {
        shards.deinitialize(count: ShapedPieceCache.shardCount)
        UnsafeMutableRawPointer(shards).deallocate()
    }

    /// A piece's key as the cache files it: its bytes (valid for as long as the key is used),
    /// where its trailing white space starts, the following font and level packed in one field,
    /// and the hash that picks its shard and slots.
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>
        let whitespaceOffset: Int
        /// `(level + 1) << 6 | (followingFont + 1)`: fonts are chain indices (at most 31,
        /// `FontChain`) and levels at most 125 (UAX #9), so it is below 2¹³.
        let packedFont: Int
        /// The hash of the bytes and the other fields (never 0), for a key kept in a slot.
        let hash: UInt64
        /// Whether the key is kept in a slot (else in `longPieces`).
        let isInline: Bool

        /// `whitespaceOffset` and `packedFont` in one word, hashed with the bytes.
        var tag: UInt64 {
            UInt64(UInt32(truncatingIfNeeded: whitespaceOffset)) << 32 | UInt64(UInt32(truncatingIfNeeded: packedFont))
        }

        /// The key of the piece `bytes` (trailing white space from `whitespaceOffset`, the text
        /// after it in font `followingFont`, −1 for none; all of it at embedding level `level`,
        /// −1 for a text without levels).
        ///
        /// - Complexity: O(n) in the piece's length (the hash), none for a long piece.
        @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>, whitespaceOffset: Int, followingFont: Int, level: Int) {
            self.bytes = bytes
            self.whitespaceOffset = whitespaceOffset
            packedFont = (level &+ 1) &<< 6 | (followingFont &+ 1)
            let count = bytes.count
            isInline = count <= ShapedPieceCache.inlineKeyBytes && bytes.baseAddress != nil
                && (0...count).contains(whitespaceOffset) && (0...Int(Int16.max)).contains(packedFont)
            guard isInline else {
                hash = 0
                return
            }
            let h = BoundedByteCache<Summary>.hash(bytes, tag: UInt64(UInt32(truncatingIfNeeded: whitespaceOffset)) << 32
                | UInt64(UInt32(truncatingIfNeeded: packedFont)))
            hash = h == 0 ? 1 : h  // 0 marks an empty slot
        }

        /// The shard the key's slots are in.
        var shardIndex: Int { Int(hash % UInt64(ShapedPieceCache.shardCount)) }
        /// The first of the key's two slots (the pair `first`, `first + 1`) in its shard.
        var firstSlot: Int { Int(truncatingIfNeeded: hash >> 32) & (ShapedPieceCache.shardCapacity - 2) }
    }

    /// The summary of the piece `bytes` (trailing white space from `whitespaceOffset`, the text
    /// after it in font `followingFont`, −1 for none; all of it at embedding level `level`, −1
    /// for a text without levels), from the cache or from `shape`, which is then remembered.
    ///
    /// - Complexity: O(n) in the piece's length on a hit (hash and compare), plus `shape` on a miss.
    func summary(
        of bytes: UnsafeBufferPointer<UInt8>, whitespaceOffset: Int, followingFont: Int, level: Int = -1,
        shape: () -> Summary
    ) -> Summary {
        summary(for: Key(bytes, whitespaceOffset: whitespaceOffset, followingFont: followingFont, level: level), shape: shape)
    }

    /// The summary of the piece `key`, from the cache or from `shape`, which is then remembered.
    /// A piece kept in a slot is looked up and stored without a closure (`cached`, `remember`),
    /// so `shape` is called in place.
    @inline(__always)
    func summary(for key: Key, shape: () -> Summary) -> Summary {
        guard key.isInline else { return longPieces.value(for: key.bytes, tag: key.tag, make: shape) }
        if let hit = cached(key) { return hit }
        let value = shape()
        remember(value, for: key)
        return value
    }

    /// The summary kept for `key` (a key kept in a slot), or `nil`.
    ///
    /// - Complexity: O(n) in the piece's length (one compare per way whose hash matches).
    @inline(__always)
    private func cached(_ key: Key) -> Summary? {
        guard let base = key.bytes.baseAddress else { return nil }
        let count = key.bytes.count
        let first = key.firstSlot
        return shards[key.shardIndex].slots.withLock { slots in
            guard let slots = slots.pointer else { return nil }
            for k in first...first &+ 1 {
                let slot = slots + k
                if slot.pointee.hash == key.hash, Int(slot.pointee.count) == count,
                   Int(slot.pointee.whitespaceOffset) == key.whitespaceOffset,
                   Int(slot.pointee.followingFont) == key.packedFont,
                   ShapedPieceCache.keyEquals(slot, base, count)
                {
                    return ShapedPieceCache.summary(of: slot)
                }
            }
            return nil
        }
    }

    /// Keeps `value` for `key` (a key kept in a slot) in the first way of its pair, the entry
    /// there moved to the second. Counts that do not fit a slot's bytes (never for a piece this
    /// short) are not kept.
    private func remember(_ value: Summary, for key: Key) {
        guard let base = key.bytes.baseAddress,
              (Int(Int16.min)...Int(Int16.max)).contains(value.lastFont), (0...255).contains(value.scalars),
              (0...255).contains(value.missingClusters)
        else { return }
        let first = key.firstSlot
        shards[key.shardIndex].slots.withLock { slots in
            guard let slots = slots.pointer else { return }
            (slots + first + 1).pointee = (slots + first).pointee
            ShapedPieceCache.store(value, key: base, count: key.bytes.count, hash: key.hash,
                                   whitespaceOffset: key.whitespaceOffset, followingFont: key.packedFont,
                                   in: slots + first)
        }
    }

    /// Whether the key bytes of `slot` are the `count` bytes at `bytes`.
    @inline(__always)
    private static func keyEquals(_ slot: UnsafeMutablePointer<Slot>, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        withUnsafeBytes(of: &slot.pointee.key) { memcmp($0.baseAddress!, bytes, count) == 0 }
    }

    /// The summary a slot holds.
    @inline(__always)
    private static func summary(of slot: UnsafeMutablePointer<Slot>) -> Summary {
        let s = slot.pointee
        return Summary(
            content: s.content, whitespace: s.whitespace, lastSpace: s.lastSpace, fontMask: s.fontMask,
            scalars: Int(s.scalars), lastFont: Int(s.lastFont), lastScalar: s.lastScalar,
            missingClusters: Int(s.missingClusters), firstMissing: s.firstMissing)
    }

    /// Writes a piece of at most `inlineKeyBytes` bytes and its summary (whose counts fit the
    /// slot's fields) into `slot`.
    private static func store(
        _ value: Summary, key: UnsafePointer<UInt8>, count: Int, hash: UInt64, whitespaceOffset: Int,
        followingFont: Int, in slot: UnsafeMutablePointer<Slot>
    ) {
        slot.pointee = Slot(
            hash: hash, key: (0, 0, 0, 0, 0, 0, 0, 0), content: value.content, whitespace: value.whitespace,
            lastSpace: value.lastSpace, fontMask: value.fontMask, lastScalar: value.lastScalar,
            firstMissing: value.firstMissing, lastFont: Int16(value.lastFont),
            followingFont: Int16(followingFont), count: UInt8(count), whitespaceOffset: UInt8(whitespaceOffset),
            scalars: UInt8(value.scalars), missingClusters: UInt8(value.missingClusters))
        withUnsafeMutableBytes(of: &slot.pointee.key) { $0.baseAddress!.copyMemory(from: key, byteCount: count) }
    }
}
