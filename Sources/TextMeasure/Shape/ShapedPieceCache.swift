/// The word cache browsers keep: what HarfBuzz made of a piece of text (a segment between two
/// break opportunities), so that a word seen before is not shaped again. Keyed by the piece's
/// bytes, where its trailing white space starts, the font of the text after it (which
/// decides the white space's font) and its embedding level (a piece whose level changes inside is
/// not cached); one cache per style (fonts, size, profile), so the key need
/// not hold them. Results never depend on the cache: a hit returns exactly what shaping returned.
///
/// Bounded and shared by threads as `BoundedByteCache` is (64 shards of 1,024 pieces),
/// so memory stays under a few megabytes whatever the input.
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

    private let cache = BoundedByteCache<Summary>()

    /// The summary of the piece `bytes` (trailing white space from `whitespaceOffset`, the text
    /// after it in font `followingFont`, −1 for none; all of it at embedding level `level`, −1
    /// for a text without levels), from the cache or from `shape`, which is then remembered.
    ///
    /// - Complexity: O(n) in the piece's length on a hit (hash and compare), plus `shape` on a miss.
    func summary(
        of bytes: UnsafeBufferPointer<UInt8>, whitespaceOffset: Int, followingFont: Int, level: Int = -1,
        shape: () -> Summary
    ) -> Summary {
        // Fonts are chain indices (< 256) and levels at most 126: each fits its 16 bits.
        let tag = UInt64(UInt32(truncatingIfNeeded: whitespaceOffset)) << 32
            | UInt64(UInt16(truncatingIfNeeded: level &+ 1)) << 16
            | UInt64(UInt16(truncatingIfNeeded: followingFont &+ 1))
        return cache.value(for: bytes, tag: tag, make: shape)
    }
}

