import CHarfBuzz

/// A font file's face as HarfBuzz reads it: the owner of an `hb_face_t` (and the memory-mapped
/// file behind it). HarfBuzz reads the tables it needs (cmap, hmtx, GSUB, GPOS, …) lazily, so
/// creating one maps the file and reads nothing else.
///
/// Immutable after creation and safe to share across threads (HarfBuzz faces are).
final class HarfBuzzFace: @unchecked Sendable {  // immutable; HarfBuzz objects are thread-safe once immutable
    /// The `hb_face_t`.
    let face: OpaquePointer
    /// Glyphs in the face, as HarfBuzz counts them.
    let glyphCount: Int
    /// Units per em, as HarfBuzz reads them.
    let unitsPerEm: Int32

    /// Maps the file at `path` and opens face `index`.
    ///
    /// - Throws: `FontError.unreadable` when HarfBuzz cannot map the file, `.damaged` when it
    ///   finds no glyphs in the face (a font it cannot shape with).
    init(path: String, index: Int) throws(FontError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw .unreadable(path: path, reason: "HarfBuzz cannot map the file")
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(truncatingIfNeeded: index)) else {
            throw .damaged(path: path, reason: "HarfBuzz cannot open face \(index)")
        }
        let count = Int(hb_face_get_glyph_count(face))
        guard count > 0 else {
            hb_face_destroy(face)
            throw .damaged(path: path, reason: "HarfBuzz finds no glyphs in face \(index)")
        }
        hb_face_make_immutable(face)
        self.face = face
        self.glyphCount = count
        self.unitsPerEm = Int32(truncatingIfNeeded: hb_face_get_upem(face))
    }

    deinit { hb_face_destroy(face) }
}
