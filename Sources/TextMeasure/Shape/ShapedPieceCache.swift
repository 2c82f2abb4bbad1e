import Synchronization

/// The word cache browsers keep: what HarfBuzz made of a piece of text (a segment between two
/// break opportunities), so that a word seen before is not shaped again. Keyed by the piece's
/// bytes, where its trailing white space starts, the font of the text after it (which
/// decides the white space's font) and its embedding level (a piece whose level changes inside:
/// its bytes and their levels, under a level no text has); one cache per style (fonts, size, profile), so the key need
/// not hold them. Results never depend on the cache: a hit returns exactly what shaping returned.
///
/// Pieces of up to `inlineKeyBytes` bytes (nearly every word) live in slots that hold the key's
/// bytes and the summary together, so a hit reads no reference count and one slot set: most
/// words (up to `shortKeyBytes` bytes, with no missing glyph) in slots of one cache line, 64
/// bytes, the others in slots of two. 64 shards of 1,024 short slots and 512 long ones,
/// four-way (short) and two-way (long) set-associative by the key's hash (the newest key in the
/// first slot of its set),
/// all in one region of 8 MB (`SlotRegion`: mapped, not written, when the cache is made; the
/// kernel supplies zeroed pages as they are first touched, as huge pages where it can, so that
/// hits scattered over the region do not each miss the TLB). The short slots keep the words a
/// text uses most in half the cache lines, so more of them stay in the processor's cache.
/// Longer pieces go to a `BoundedByteCache`. Shared by
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

    /// The longest piece, in bytes, kept in a short slot.
    static var shortKeyBytes: Int { 23 }

    /// One cached piece whose key is at most `shortKeyBytes` long and whose summary counts no
    /// missing glyph, in 64 bytes, one cache line: its header, key and summary (`last`: the last
    /// scalar in the low 24 bits, the last font + 1 above).
    private struct ShortSlot {
        var header: ShortHeader
        var content: Double
        var whitespace: Double
        var lastSpace: Double
        var fontMask: UInt32
        var last: UInt32
        var scalars: UInt8
        var key: (
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        )
    }

    /// A short slot's key fields but its bytes, in one word (8 bytes, no padding), compared at
    /// once: its hash's low half (`tag`; 0: empty slot), the key's length, where its trailing
    /// white space starts and its packed following font and level.
    private struct ShortHeader {
        var tag: UInt32
        var count: UInt8
        var whitespaceOffset: UInt8
        var followingFont: Int16

        /// The header as one word.
        @inline(__always)
        var word: UInt64 { unsafeBitCast(self, to: UInt64.self) }
    }

    /// The bytes a short slot's header takes (8, one word; `ShapedPieceCacheTests` checks it).
    static var shortHeaderSize: Int { MemoryLayout<ShortHeader>.size }

    /// The bytes a short slot takes (64: a cache line; `ShapedPieceCacheTests` checks it).
    static var shortSlotStride: Int { MemoryLayout<ShortSlot>.stride }

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

    /// A shard's slots (its parts of `region`): read and written only under its shard's lock,
    /// hence sendable.
    private struct Slots: @unchecked Sendable {
        var short: UnsafeMutablePointer<ShortSlot>?
        var long: UnsafeMutablePointer<Slot>?
    }

    /// A shard: the lock over its slots, alone in its cache line (threads working on different
    /// shards never share a line).
    private struct Shard: ~Copyable {
        let slots = Mutex(Slots())
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    }

    static var shardCount: Int { 64 }
    /// The short slots a key may be in (a set: four adjacent slots, 256 bytes). Four, not two:
    /// with two, three words of one text that fall in one set (a few hundred of the sets for
    /// 10,000 words) kept displacing one another and were shaped again and again.
    static var shortWays: Int { 4 }
    /// Short slots per shard (a power of two).
    static var shardCapacity: Int { 1_024 }
    /// Long slots per shard (a power of two).
    static var longShardCapacity: Int { 512 }
    /// `shardCount` shards, 64-byte aligned: read through a plain pointer, so a lookup retains
    /// and releases nothing.
    private let shards: UnsafeMutablePointer<Shard>
    /// The slots of every shard, zeroed (shard `k`'s from slot `k × shardCapacity`).
    private let region: SlotRegion
    /// Pieces longer than `inlineKeyBytes`.
    private let longPieces = BoundedByteCache<Summary>()

    /// Creates an empty cache (its slots mapped, not touched).
    init() {
        let shortCount = ShapedPieceCache.shardCount * ShapedPieceCache.shardCapacity
        let longCount = ShapedPieceCache.shardCount * ShapedPieceCache.longShardCapacity
        let shortBytes = shortCount * MemoryLayout<ShortSlot>.stride
        region = SlotRegion(byteCount: shortBytes + longCount * MemoryLayout<Slot>.stride)
        let short = region.base.bindMemory(to: ShortSlot.self, capacity: shortCount)
        let long = (region.base + shortBytes).bindMemory(to: Slot.self, capacity: longCount)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: ShapedPieceCache.shardCount * MemoryLayout<Shard>.stride, alignment: 64)
        shards = raw.bindMemory(to: Shard.self, capacity: ShapedPieceCache.shardCount)
        for k in 0..<ShapedPieceCache.shardCount {
            (shards + k).initialize(to: Shard())
            shards[k].slots.withLock {
                $0.short = short + k * ShapedPieceCache.shardCapacity
                $0.long = long + k * ShapedPieceCache.longShardCapacity
            }
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
        /// `FontChain`) and levels at most 125 (UAX #9) or one of the marks of keys whose bytes
        /// hold more than the piece's (`levelsKeyLevel` … `continuedScriptLevelsKeyLevel`,
        /// 126–129), so it is below 2¹⁴.
        let packedFont: Int
        /// The hash of the bytes and the other fields (never 0), for a key kept in a slot.
        let hash: UInt64
        /// Whether the key is kept in a slot (else in `longPieces`).
        let isInline: Bool

        /// `whitespaceOffset` and `packedFont` in one word, hashed with the bytes.
        var tag: UInt64 { Key.tag(whitespaceOffset: whitespaceOffset, packedFont: packedFont) }

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
            let h = BoundedByteCache<Summary>.hash(bytes, tag: Key.tag(whitespaceOffset: whitespaceOffset, packedFont: packedFont))
            hash = h == 0 ? 1 : h  // 0 marks an empty slot
        }

        /// `tag` of a key of these fields (also for `init`, before the key is whole).
        @inline(__always)
        static func tag(whitespaceOffset: Int, packedFont: Int) -> UInt64 {
            UInt64(UInt32(truncatingIfNeeded: whitespaceOffset)) << 32 | UInt64(UInt32(truncatingIfNeeded: packedFont))
        }

        /// The shard the key's slots are in.
        var shardIndex: Int { Int(hash % UInt64(ShapedPieceCache.shardCount)) }
        /// The first of the key's `shortWays` short slots (`first ..< first + shortWays`) in its
        /// shard.
        var firstSlot: Int {
            Int(truncatingIfNeeded: hash >> 32) & (ShapedPieceCache.shardCapacity - ShapedPieceCache.shortWays)
        }
        /// The first of the key's two long slots in its shard.
        var firstLongSlot: Int { Int(truncatingIfNeeded: hash >> 32) & (ShapedPieceCache.longShardCapacity - 2) }
        /// The tag a short slot keeps (never 0).
        var shortTag: UInt32 { UInt32(truncatingIfNeeded: hash) | 1 }
        /// Whether the key may be in a short slot.
        var isShort: Bool { bytes.count <= ShapedPieceCache.shortKeyBytes }
    }

    /// The level that marks a key of a piece's bytes and then each byte's level (no text has
    /// it: UAX #9 levels end at 125; `TextWalker.cachedSummaryAcrossLevels`).
    static var levelsKeyLevel: Int { 126 }

    /// The level that marks a key made by `withLevelRunsKey`.
    static var levelRunsKeyLevel: Int { 127 }

    /// The level that marks a key of a piece whose leading characters continue another script's
    /// run, all at one level: its bytes, its level + 1, the script's four bytes
    /// (`TextWalker.cachedSummaryContinuingScript`).
    static var continuedScriptKeyLevel: Int { 128 }

    /// The level that marks a key of such a piece whose level changes inside: its bytes, each
    /// byte's level, the script's four bytes.
    static var continuedScriptLevelsKeyLevel: Int { 129 }

    /// Calls `body` with the key of a piece whose embedding level changes inside, in a temporary
    /// buffer, and the level to file it under (`levelRunsKeyLevel`): the piece's bytes, then for
    /// each run of bytes at one level, the level and where the run ends (two bytes,
    /// little-endian, from the piece's start), then the piece's length (two bytes) — so that
    /// the key tells the bytes and their levels apart whatever their lengths. A long piece's key
    /// is thus a few bytes longer than the piece, not twice as long.
    ///
    /// - Parameters:
    ///   - bytes: The piece, at most `UInt16.max` bytes.
    ///   - levels: The levels of the text the piece is part of.
    ///   - offset: Where the piece starts in that text.
    /// - Complexity: O(n + r) in the piece's length and its level runs.
    static func withLevelRunsKey<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, levels: BidiLevels, offset: Int,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> R
    ) -> R {
        let count = bytes.count
        precondition(count <= Int(UInt16.max), "a piece's length fits two bytes")
        var runs = 0
        var at = offset
        while at < offset + count {
            at = min(levels.runEnd(containing: at), offset + count)
            runs += 1
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 3 * runs + 2) { key in
            var k = 0
            for byte in bytes {
                key[k] = byte
                k += 1
            }
            var at = offset
            while at < offset + count {
                let level = levels[at]
                at = min(levels.runEnd(containing: at), offset + count)
                let end = at - offset
                key[k] = level
                key[k + 1] = UInt8(truncatingIfNeeded: end)
                key[k + 2] = UInt8(truncatingIfNeeded: end >> 8)
                k += 3
            }
            key[k] = UInt8(truncatingIfNeeded: count)
            key[k + 1] = UInt8(truncatingIfNeeded: count >> 8)
            return body(UnsafeBufferPointer(key), levelRunsKeyLevel)
        }
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

    /// The summary kept for `key` (a key kept in a slot), or `nil`: in its four short slots,
    /// then (a short key whose summary did not fit one, or a longer key) in its two long slots.
    ///
    /// - Complexity: O(n) in the piece's length (one compare per way whose hash matches).
    @inline(__always)
    private func cached(_ key: Key) -> Summary? {
        guard let base = key.bytes.baseAddress else { return nil }
        let count = key.bytes.count
        return shards[key.shardIndex].slots.withLock { slots in
            if key.isShort, let short = slots.short {
                let first = key.firstSlot
                // `isShort` and `isInline`: every field fits its header field.
                let header = ShortHeader(
                    tag: key.shortTag, count: UInt8(truncatingIfNeeded: count),
                    whitespaceOffset: UInt8(truncatingIfNeeded: key.whitespaceOffset),
                    followingFont: Int16(truncatingIfNeeded: key.packedFont)
                ).word
                for k in first..<first &+ ShapedPieceCache.shortWays {
                    let slot = short + k
                    if slot.pointee.header.word == header, ShapedPieceCache.keyEquals(&slot.pointee.key, base, count) {
                        return ShapedPieceCache.summary(of: slot)
                    }
                }
            }
            return ShapedPieceCache.cachedLong(key, in: slots, base: base, count: count)
        }
    }

    /// The summary kept for `key` in its long slots, or `nil` (under the shard's lock).
    private static func cachedLong(_ key: Key, in slots: Slots, base: UnsafePointer<UInt8>, count: Int) -> Summary? {
        guard let long = slots.long else { return nil }
        let first = key.firstLongSlot
        for k in first...first &+ 1 {
            let slot = long + k
            if slot.pointee.hash == key.hash, Int(slot.pointee.count) == count,
               Int(slot.pointee.whitespaceOffset) == key.whitespaceOffset,
               Int(slot.pointee.followingFont) == key.packedFont,
               ShapedPieceCache.keyEquals(&slot.pointee.key, base, count)
            {
                return ShapedPieceCache.summary(of: slot)
            }
        }
        return nil
    }

    /// Whether `value` fits a short slot (no missing glyph; counts within its fields).
    private static func fitsShortSlot(_ value: Summary) -> Bool {
        value.missingClusters == 0 && value.firstMissing == 0 && (0...255).contains(value.scalars)
            && (-1...254).contains(value.lastFont) && value.lastScalar < 1 << 24
    }

    /// Keeps `value` for `key` (a key kept in a slot) in the first way of its set — short
    /// slots when the key and the summary fit one, else long ones —, the entries there moved one
    /// way down (the last one dropped). Counts that do not fit a long slot's bytes (never for a piece this short) are
    /// not kept.
    private func remember(_ value: Summary, for key: Key) {
        guard let base = key.bytes.baseAddress,
              (Int(Int16.min)...Int(Int16.max)).contains(value.lastFont), (0...255).contains(value.scalars),
              (0...255).contains(value.missingClusters)
        else { return }
        let short = key.isShort && ShapedPieceCache.fitsShortSlot(value)
        shards[key.shardIndex].slots.withLock { slots in
            if short {
                guard let slots = slots.short else { return }
                let first = key.firstSlot
                // The oldest of the set goes; the others move one way down.
                var k = ShapedPieceCache.shortWays - 1
                while k > 0 {
                    (slots + first + k).pointee = (slots + first + k - 1).pointee
                    k -= 1
                }
                ShapedPieceCache.store(value, key: base, count: key.bytes.count, tag: key.shortTag,
                                       whitespaceOffset: key.whitespaceOffset, followingFont: key.packedFont,
                                       in: slots + first)
                return
            }
            guard let slots = slots.long else { return }
            let first = key.firstLongSlot
            (slots + first + 1).pointee = (slots + first).pointee
            ShapedPieceCache.store(value, key: base, count: key.bytes.count, hash: key.hash,
                                   whitespaceOffset: key.whitespaceOffset, followingFont: key.packedFont,
                                   in: slots + first)
        }
    }

    /// The summary a short slot holds.
    @inline(__always)
    private static func summary(of slot: UnsafeMutablePointer<ShortSlot>) -> Summary {
        let s = slot.pointee
        return Summary(
            content: s.content, whitespace: s.whitespace, lastSpace: s.lastSpace, fontMask: s.fontMask,
            scalars: Int(s.scalars), lastFont: Int(s.last >> 24) - 1, lastScalar: s.last & 0xFF_FFFF)
    }

    /// Writes a piece of at most `shortKeyBytes` bytes and its summary (`fitsShortSlot`) into
    /// the short `slot`.
    private static func store(
        _ value: Summary, key: UnsafePointer<UInt8>, count: Int, tag: UInt32, whitespaceOffset: Int,
        followingFont: Int, in slot: UnsafeMutablePointer<ShortSlot>
    ) {
        slot.pointee = ShortSlot(
            header: ShortHeader(
                tag: tag, count: UInt8(count), whitespaceOffset: UInt8(whitespaceOffset),
                followingFont: Int16(followingFont)),
            content: value.content, whitespace: value.whitespace,
            lastSpace: value.lastSpace, fontMask: value.fontMask,
            last: value.lastScalar | UInt32(value.lastFont + 1) << 24, scalars: UInt8(value.scalars),
            key: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        withUnsafeMutableBytes(of: &slot.pointee.key) { $0.baseAddress!.copyMemory(from: key, byteCount: count) }
    }

    /// Whether the first `count` bytes of a slot's `key` (of either kind) are the `count` bytes at `bytes`.
    @inline(__always)
    private static func keyEquals<Key>(_ key: inout Key, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        withUnsafeBytes(of: &key) { bytesEqual($0.baseAddress!, UnsafeRawPointer(bytes), count) }
    }

    /// Whether the `count` bytes at `a` and at `b` are equal, compared in place (a key is a few
    /// words: a call to `memcmp` cost more than the comparison): eight bytes a load, the last
    /// eight (overlapping the ones before) in one; fewer than eight in two overlapping loads of
    /// four, or byte by byte. Reads no byte outside either range.
    ///
    /// - Complexity: O(n) in `count`.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i &+ 8 < count {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    return false
                }
                i &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var i = 0
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i &+= 1
        }
        return true
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
