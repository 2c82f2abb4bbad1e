/// Where a tab character moves the pen: to the next tab stop, never as a glyph of its own.
///
/// - `.pango`: Pango 1.50's default tabs (`pango-layout.c`, `ensure_tab_width`, `shape_tab`): a
///   stop every eight spaces — the width of eight spaces of the font the style's first font
///   chain entry gives a space (whole Pango units) — and the stop must be at least one space
///   (that width ÷ 8, rounded down) after the pen. Pango measures the pen there with its
///   remaining width clamped at 0, so a pen past the line's end counts as the line's end.
/// - `.uikit`: `NSParagraphStyle`'s default tab stops, 28 pt apart, the first stop after the pen
///   (UIKit's twelve default stops end at 336 pt; past them RowHeight keeps the 28 pt interval,
///   as a `defaultTabInterval` of 28 would).
///
/// A tab always fits its line and hangs at its end like other white space; the text after it
/// continues from the stop (see `LineFitter`).
struct TabStops: Sendable {
    /// Distance between stops, width units (> 0).
    let interval: Double
    /// `.pango`: the least distance from the pen to its stop (one space, width units); `.uikit`: 0.
    let minimumGap: Double
    let pango: Bool

    /// The tab stops of a style's tables.
    @inline(__always)
    init(tables: StyleTableView) {
        if tables.profile == .pango {
            // 8 × the space's advance (already whole Pango units), 50 pt for a font whose
            // space has no width, as Pango.
            let eight = 8 * tables.entries[0x20].advance
            interval = eight > 0 ? eight : 50 * 1024
            minimumGap = (interval / 8).rounded(.down)
            pango = true
        } else {
            interval = 28 * tables.unitsPerPoint
            minimumGap = 0
            pango = false
        }
    }

    /// Where a tab moves a pen at `pen` (width units, ≥ 0) on a line `maxWidth` wide.
    @inline(__always)
    func stop(after pen: Double, maxWidth: Double) -> Double {
        if pango {
            // The smallest multiple of the interval at or after the pen plus the gap.
            let from = min(pen, maxWidth) + minimumGap
            return (from / interval).rounded(.up) * interval
        }
        return ((pen / interval).rounded(.down) + 1) * interval
    }
}
