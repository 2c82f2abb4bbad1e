import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded, thread-shared cache of values computed from a run of bytes (and a 64-bit tag that
/// the value also depends on): the word cache of shaped pieces and the cache of dictionary
/// breaks. Results never depend on the cache: a hit returns exactly what `make` returned.
///
/// 64 shards of 1,024 slots each, two-way set-associative by the key's hash (a new key takes
/// the first slot of its pair and moves the one there to the second, dropping the older), so
/// memory stays bounded whatever the input and a lookup reads two slots, without hashing the
/// hash again; threads contend only when they touch the same shard at
/// the same instant. Keys are compared byte for byte (`memcmp`), never by hash alone.
final class BoundedByteCache<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var bytes: [UInt8]
        var tag: UInt64
        var value: Value
    }

    /// A shard's slots, allocated on its first insertion: a style's two caches would otherwise
    /// write 64 × 1,024 slots (several megabytes) when its tables are built, most of a short
    /// run's page faults.
    private final class Shard: Sendable {
        let slots = Mutex<[Entry?]>([])
    }

    static var shardCount: Int { 64 }
    /// Slots per shard (a power of two).
    static var shardCapacity: Int { 1_024 }
    private let shards: [Shard] = (0..<BoundedByteCache.shardCount).map { _ in Shard() }

    /// Creates an empty cache.
    init() {}

    /// The value for `bytes` and `tag`, from the cache or from `make`, which is then remembered.
    ///
    /// - Complexity: O(n) in the number of bytes on a hit (hash and compare), plus `make` on a miss.
    func value(for bytes: UnsafeBufferPointer<UInt8>, tag: UInt64, make: () -> Value) -> Value {
        let h = BoundedByteCache.hash(bytes, tag: tag)
        let shard = shards[Int(h % UInt64(BoundedByteCache.shardCount))]
        // Two ways: the pair of slots `first` and `first + 1`.
        let first = Int(truncatingIfNeeded: h >> 32) & (BoundedByteCache.shardCapacity - 2)
        let hit: Value? = shard.slots.withLock { slots in
            guard !slots.isEmpty else { return nil }
            for slot in first...first + 1 {
                if let entry = slots[slot], entry.hash == h, entry.tag == tag, BoundedByteCache.equal(entry.bytes, bytes) {
                    return entry.value
                }
            }
            return nil
        }
        if let hit { return hit }
        let value = make()
        let entry = Entry(hash: h, bytes: Array(bytes), tag: tag, value: value)
        shard.slots.withLock { slots in
            if slots.isEmpty { slots = Array(repeating: nil, count: BoundedByteCache.shardCapacity) }
            // The newest entry in the first way, the one it displaces in the second.
            slots[first + 1] = slots[first]
            slots[first] = entry
        }
        return value
    }

    /// Whether `stored` holds the same bytes as `bytes`.
    private static func equal(_ stored: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return stored.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, bytes.count) == 0 }
    }

    /// A 64-bit hash of the bytes and the tag: eight bytes at a time, each word mixed by a
    /// multiply and a rotation, the tail in one or two loads (statistically fine for a cache;
    /// equality is checked anyway). Inlined: the shaped-piece cache hashes every piece it looks
    /// up (`ShapedPieceCache.Key`), a call there cost a tenth of the look-up.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = (tag ^ UInt64(bytes.count)) &* multiplier
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return h }
        var i = 0
        let n = bytes.count
        while i &+ 8 <= n {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = ((h ^ word) &* multiplier)
            h = h << 29 | h >> 35
            i &+= 8
        }
        // The last 1–7 bytes in at most two loads: the last eight bytes (overlapping the words
        // read) when there are eight, else two overlapping halves (the length is in `h`).
        if i < n {
            let tail: UInt64
            if n >= 8 {
                tail = base.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            } else if n >= 4 {
                tail = UInt64(base.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                    | UInt64(base.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)) << 32
            } else {
                tail = UInt64(base.load(fromByteOffset: 0, as: UInt8.self))
                    | UInt64(base.load(fromByteOffset: n >> 1, as: UInt8.self)) << 8
                    | UInt64(base.load(fromByteOffset: n &- 1, as: UInt8.self)) << 16
            }
            h = (h ^ tail) &* multiplier
        }
        // A multiply carries a difference only upwards: fold the high bits (where the last bytes
        // of a tail land) down before the low bits pick a shard and the high bits a slot.
        h ^= h >> 29
        h &*= multiplier
        return h ^ (h >> 32)
    }
}
