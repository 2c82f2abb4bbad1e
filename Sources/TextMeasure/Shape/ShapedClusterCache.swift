import Synchronization

/// The grapheme clusters of shaped ranges measured cluster by cluster — overlong words that
/// break between clusters, char wrapping — as `TextWalker` computes them (HarfBuzz's widths per
/// cluster and, in `.pango`, the line-end correction that re-shapes a run once or twice per
/// cluster boundary HarfBuzz marks unsafe to break): an overlong word seen before is not
/// shaped again. Keyed by the range's bytes, for a text with embedding levels their levels, and
/// the script a run its leading common characters continue from the text before it (nothing
/// else decides the clusters: the range is itemized and shaped with itself as HarfBuzz's
/// context); one cache per style, so the key need not hold the fonts. Results never
/// depend on the cache: a hit returns exactly what was computed.
///
/// 256 slots, two-way set-associative by the key's hash; ranges of at most `maxBytes` bytes, so
/// memory stays bounded (about 2.5 MB when full). Shared by threads under one lock, which a
/// lookup holds for the time of a compare (overlong words are rare; a miss shapes without it).
final class ShapedClusterCache: Sendable {
    /// A range's clusters, with offsets from the range's start.
    struct Entry: Sendable {
        /// The clusters, `end` counted from the range's start.
        var clusters: [LayoutCluster]
        /// The offsets (from the range's start) of the HarfBuzz clusters drawn with glyph 0, in
        /// glyph order, repeated for each such glyph (`StyleTables.appendShapedWidths`).
        var missingOffsets: [Int]
        /// The chain font and the scalar the range ends with as shaped (font −1: none).
        var lastFont: Int
        var lastScalar: UInt32
    }

    /// The longest range kept, in bytes (`TextWalker.reshapedRangeLimit`: longer ranges are
    /// not re-shaped at line ends, so shaping them once costs no more than a lookup would save).
    static var maxBytes: Int { 256 }
    /// Slots (a power of two).
    static var capacity: Int { 256 }

    private struct Slot: Sendable {
        var hash: UInt64
        var key: [UInt8]
        var entry: Entry
    }

    private let slots = Mutex<[Slot?]>([])

    /// Creates an empty cache.
    init() {}

    /// The clusters of `bytes` (with `levels`, their embedding levels, or `nil` for a text
    /// without levels; `continuedScript`, the script tag of the run its leading characters
    /// without a script continue from the text before it, or 0 — `TextWalker.continuedScriptRun`),
    /// from the cache or from `make`, which is then remembered when the range is at most
    /// `maxBytes` long.
    ///
    /// - Complexity: O(n) in the range's length on a hit (hash, compare, copy), plus `make` on a miss.
    func entry(
        for bytes: UnsafeBufferPointer<UInt8>, levels: UnsafeBufferPointer<UInt8>?, continuedScript: UInt32 = 0,
        make: () -> Entry
    ) -> Entry {
        guard bytes.count <= ShapedClusterCache.maxBytes, bytes.count > 0 else { return make() }
        var key = [UInt8](bytes)
        if let levels { key.append(contentsOf: levels) }
        var tag: UInt64 = levels == nil ? 0 : 1
        if continuedScript != 0 {
            for k in 0..<4 { key.append(UInt8(truncatingIfNeeded: continuedScript >> (8 * k))) }
            tag |= 2
        }
        let hash = key.withUnsafeBufferPointer { BoundedByteCache<Int>.hash($0, tag: tag) }
        let first = Int(truncatingIfNeeded: hash >> 32) & (ShapedClusterCache.capacity - 2)
        let hit: Entry? = slots.withLock { slots in
            guard !slots.isEmpty else { return nil }
            for k in first...first + 1 {
                if let slot = slots[k], slot.hash == hash, slot.key == key { return slot.entry }
            }
            return nil
        }
        if let hit { return hit }
        let value = make()
        slots.withLock { slots in
            if slots.isEmpty { slots = Array(repeating: nil, count: ShapedClusterCache.capacity) }
            // The newest entry in the first way, the one it displaces in the second.
            slots[first + 1] = slots[first]
            slots[first] = Slot(hash: hash, key: key, entry: value)
        }
        return value
    }
}
