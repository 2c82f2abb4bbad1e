import Synchronization

/// The supplementary scalars (beyond the Basic Multilingual Plane: emoji, tags, supplementary
/// scripts) a style resolved last through its font chain, so that an emoji row does not search
/// each font's character map again for every emoji (`StyleTables.lookupSupplementary`).
///
/// 2,048 direct-mapped slots (16 KB) indexed by the scalar's low bits, which keep the emoji
/// blocks (U+1F000–U+1FAFF) and the tag characters (U+E0020–U+E007F) apart; each slot is one
/// atomic word holding the scalar and its resolution, read and written without a lock (relaxed:
/// a word is whole or absent, and a resolution depends on its scalar alone). Bounded whatever
/// the input; threads only ever read once the scalars a text uses are in. Results never depend
/// on the cache: a hit returns exactly what `resolve` returned.
final class SupplementaryGlyphCache: @unchecked Sendable {  // `slots`: atomics, allocated in init, freed in deinit
    /// What a scalar resolves to in a style: the chain font that has it (0 when none has), its
    /// glyph there (0 for none), that glyph's advance in font units, and whether the scalar is
    /// drawn with no width (`StyleTables.isZeroWidth`).
    struct Resolution: Equatable {
        var font: Int
        var glyph: GlyphID
        var advance: Int32
        var isZeroWidth: Bool
    }

    /// Slots (a power of two).
    static var slotCount: Int { 2_048 }

    /// `slotCount` words: bits 0–20 the scalar + 1 (0: empty slot), 21–25 the font, 26 whether
    /// zero-width, 27–42 the glyph, 43–63 the advance.
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>

    /// Creates an empty cache.
    init() {
        slots = .allocate(capacity: SupplementaryGlyphCache.slotCount)
        for k in 0..<SupplementaryGlyphCache.slotCount { (slots + k).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: SupplementaryGlyphCache.slotCount)
        slots.deallocate()
    }

    /// The resolution of the scalar `value` (at most U+10FFFF), from the cache or from
    /// `resolve`, which is then remembered when its fields fit a slot (a font index below 32, a
    /// glyph below 65,536, an advance in 0..<2²¹ units: always for real fonts).
    ///
    /// - Complexity: O(1) on a hit, plus `resolve` on a miss.
    @inline(__always)
    func resolution(of value: UInt32, resolve: () -> Resolution) -> Resolution {
        let slot = slots + Int(value & UInt32(SupplementaryGlyphCache.slotCount - 1))
        let word = slot.pointee.load(ordering: .relaxed)
        if word & SupplementaryGlyphCache.keyMask == UInt64(value) &+ 1 { return SupplementaryGlyphCache.unpacked(word) }
        let resolved = resolve()
        if let packed = SupplementaryGlyphCache.packed(resolved, value: value) {
            slot.pointee.store(packed, ordering: .relaxed)
        }
        return resolved
    }

    /// The bits of a slot's word that hold the scalar + 1.
    private static var keyMask: UInt64 { 0x1F_FFFF }

    /// `resolution` of `value` as a slot's word, or `nil` when a field does not fit.
    static func packed(_ resolution: Resolution, value: UInt32) -> UInt64? {
        guard value <= 0x10_FFFF, (0..<32).contains(resolution.font), resolution.glyph <= 0xFFFF,
              (0..<(1 << 21)).contains(resolution.advance)
        else { return nil }
        return (UInt64(value) + 1) | UInt64(resolution.font) << 21 | (resolution.isZeroWidth ? 1 << 26 : 0)
            | UInt64(resolution.glyph) << 27 | UInt64(resolution.advance) << 43
    }

    /// The resolution a slot's word holds.
    @inline(__always)
    static func unpacked(_ word: UInt64) -> Resolution {
        Resolution(
            font: Int(truncatingIfNeeded: word >> 21 & 31), glyph: GlyphID(truncatingIfNeeded: word >> 27 & 0xFFFF),
            advance: Int32(truncatingIfNeeded: word >> 43), isZeroWidth: word & 1 << 26 != 0)
    }
}
