/// The dictionary breaks of texts seen before, keyed by the text's UTF-8 bytes: libthai takes
/// tens of microseconds for a row of Thai, a hit well under one. Results never depend on the
/// cache: a hit returns exactly what finding them returned.
///
/// Bounded and shared by threads as `BoundedByteCache` is (64 shards of 1,024 texts).
/// One cache per style (`StyleTables.dictionaryBreaks`): Thai items depend on the fonts.
final class DictionaryBreakCache: Sendable {
    private let cache = BoundedByteCache<[Int32]>()

    /// The break positions of `bytes`, from the cache or from `find`, which are then remembered.
    ///
    /// - Complexity: O(n) in the text's length on a hit (hash and compare), plus `find` on a miss.
    func positions(of bytes: UnsafeBufferPointer<UInt8>, find: () -> [Int32]) -> [Int32] {
        cache.value(for: bytes, tag: 0, make: find)
    }
}
