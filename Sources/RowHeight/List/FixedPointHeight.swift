/// The fixed-point unit of the list model: heights and offsets are whole multiples of
/// 1/192 pt, summed in `Int64`, so content height and offsets never drift however many rows
/// are added, removed or re-measured.
///
/// 192 = 2⁶ × 3 makes every height on the pixel grid at display scales 1, 2, 3, 4, 6 and 8
/// (multiples of 1/scale pt, see DESIGN.md "Text height") and every FreeType 26.6 value (1/64 pt)
/// a whole number of quanta, so those heights are stored exactly. Other heights are rounded to
/// the nearest quantum (an error of at most 1/384 pt per row). A row stores its height in the
/// low 31 bits of a `UInt32` (up to about 11.18 million points) and whether it is exact in the
/// top bit.
enum FixedPointHeight {
    /// Quanta per point.
    static let quantaPerPoint: Double = 192
    /// The bit of a row entry that marks its height as exact (measured) rather than estimated.
    static let exactFlag: UInt32 = 0x8000_0000
    /// The largest height of one row, in quanta.
    static let maxRowQuanta: UInt32 = 0x7FFF_FFFF
    /// The largest height of one row, in points (about 11.18 million).
    static let maxRowHeight: Double = Double(maxRowQuanta) / quantaPerPoint

    /// The quanta of a measured row height, rounded to the nearest quantum (halves up); `nil` when
    /// the height is not finite, negative (beyond rounding to 0), or taller than `maxRowHeight`.
    @inline(__always)
    static func quanta(ofHeight height: Double) -> UInt32? {
        // Truncating x + 0.5 rounds non-negative x to nearest without a libm call.
        let shifted = height * quantaPerPoint + 0.5
        guard shifted >= 0, shifted < Double(maxRowQuanta) + 1 else { return nil }  // NaN fails both
        return UInt32(shifted)
    }

    /// The quanta of an estimate: like `quanta(ofHeight:)`, but never fails — NaN and negative
    /// estimates become 0, and estimates beyond `maxRowHeight` are clamped to it.
    @inline(__always)
    static func quanta(ofEstimate height: Double) -> UInt32 {
        let shifted = height * quantaPerPoint + 0.5
        guard shifted >= 1 else { return 0 }  // also NaN
        return shifted >= Double(maxRowQuanta) ? maxRowQuanta : UInt32(shifted)
    }

    /// Quanta → points.
    @inline(__always)
    static func points<T: BinaryInteger>(_ quanta: T) -> Double { Double(quanta) / quantaPerPoint }

    /// An offset in points scaled to quanta, snapped to the nearest whole quantum when it is within
    /// floating-point noise of it, so an offset this model returned maps back to its exact quantum.
    @inline(__always)
    static func scaled(_ offset: Double) -> Double {
        let scaled = offset * quantaPerPoint
        let nearest = scaled.rounded()
        return abs(scaled - nearest) <= Swift.max(1, abs(scaled)) * 0x1p-40 ? nearest : scaled
    }

    /// The largest quantum q with q ≤ `offset` (in points), clamped to the `Int64` range.
    @inline(__always)
    static func floorQuanta(_ offset: Double) -> Int64 { clampToInt64(scaled(offset).rounded(.down)) }

    /// The smallest quantum q with q ≥ `offset` (in points), clamped to the `Int64` range.
    @inline(__always)
    static func ceilQuanta(_ offset: Double) -> Int64 { clampToInt64(scaled(offset).rounded(.up)) }

    @inline(__always)
    private static func clampToInt64(_ value: Double) -> Int64 {
        if value.isNaN { return 0 }
        if value >= 0x1p62 { return Int64(1) << 62 }
        if value <= -0x1p62 { return -(Int64(1) << 62) }
        return Int64(value)
    }
}
