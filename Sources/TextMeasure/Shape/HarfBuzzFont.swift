import CHarfBuzz

/// A `HarfBuzzFace` at one scale, with HarfBuzz's own OpenType font functions (hmtx advances,
/// GPOS/`kern` positioning, unhinted) — what Pango 1.50 shapes with. The owner of an `hb_font_t`.
///
/// Immutable after creation and safe to use from many threads at once.
final class HarfBuzzFont: @unchecked Sendable {  // immutable; HarfBuzz fonts are thread-safe once immutable
    /// The `hb_font_t`.
    let font: OpaquePointer
    /// The face (kept alive while the font lives).
    let face: HarfBuzzFace

    /// A font whose positions come out in units of `1 / scale` em: `scale` = units per em
    /// gives font units; `scale` = the size in Pango units gives Pango units, rounded as
    /// HarfBuzz rounds them for Pango.
    init(face: HarfBuzzFace, scale: Int32) {
        let font = hb_font_create(face.face)!  // never NULL: HarfBuzz returns its empty font on failure
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        self.font = font
        self.face = face
    }

    deinit { hb_font_destroy(font) }
}
