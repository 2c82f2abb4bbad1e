import CFreeType

extension Font {
    /// Rasterizes `glyph` with FreeType, unhinted and anti-aliased, as it is drawn at `size`
    /// points on a display of `scale` pixels per point (`FT_Set_Char_Size` at 72 dpi,
    /// `FT_LOAD_RENDER | FT_LOAD_NO_HINTING`), so the ink matches the unhinted advances that
    /// measuring uses.
    ///
    /// The face is shared and not thread-safe, so this runs under the face's lock; measuring
    /// never takes that lock, so rasterizing does not slow it down.
    ///
    /// - Parameters:
    ///   - glyph: A glyph of this font (`0..<glyphCount`).
    ///   - size: Font size, points.
    ///   - scale: Pixels per point.
    ///   - subpixelOffset: Horizontal shift of the origin in pixels, `0..<1`: lets a caller place
    ///     glyphs at fractional pen positions (the bitmap is rendered shifted by this much).
    /// - Returns: The coverage bitmap and its offset from the glyph origin.
    /// A font without outlines (a colour bitmap font: CBDT/CBLC, sbix) is not drawn: its glyphs
    /// come out as the outline of a box as wide as the advance and as tall as the ascender.
    ///
    /// - Throws: `GlyphRasterError` for a bad size, a glyph out of range or a FreeType failure.
    /// - Complexity: One FreeType outline load and scan conversion; cache the result per glyph.
    public func rasterize(glyph: GlyphID, size: Double, scale: Double = 1, subpixelOffset: Double = 0)
        throws(GlyphRasterError) -> GlyphBitmap
    {
        let pixels = size * scale
        guard pixels.isFinite, pixels > 0, pixels < 16384 else { throw .invalidSize(size: size, scale: scale) }
        guard Int(glyph) < glyphCount else { throw .glyphOutOfRange(path: path, glyph: glyph, glyphCount: glyphCount) }
        if !hasOutlines { return outlineBox(glyph: glyph, pixels: pixels) }
        let path = self.path
        let result: Result<GlyphBitmap, GlyphRasterError> = face.withFace { face in
            func failure(_ error: FT_Error) -> Result<GlyphBitmap, GlyphRasterError> {
                .failure(.freeType(path: path, glyph: glyph, code: error, message: FreeTypeError.message(for: error)))
            }
            // 26.6 fixed point: the em is `pixels` pixels at 72 dpi.
            var error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
            guard error == 0 else { return failure(error) }
            var delta = FT_Vector(x: FT_Pos((min(max(subpixelOffset, 0), 1) * 64).rounded()), y: 0)
            FT_Set_Transform(face, nil, &delta)
            defer { FT_Set_Transform(face, nil, nil) }
            error = FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_HINTING))
            guard error == 0 else { return failure(error) }
            guard let slot = face.pointee.glyph else { return failure(FT_Error(FT_Err_Invalid_Slot_Handle)) }
            return Font.copyBitmap(slot.pointee, path: path, glyph: glyph)
        }
        return try result.get()
    }

    /// The one-pixel outline of the glyph's advance × ascender box at `pixels` pixels per em,
    /// standing on the baseline: what a colour bitmap glyph is drawn as.
    private func outlineBox(glyph: GlyphID, pixels: Double) -> GlyphBitmap {
        let k = pixels / Double(unitsPerEm)
        let width = max(Int((Double(advance(of: glyph)) * k).rounded()), 0)
        let height = max(Int((Double(ascender) * k).rounded()), 0)
        guard width > 0, height > 0 else { return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: []) }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where y == 0 || y == height - 1 || x == 0 || x == width - 1 { coverage[y * width + x] = 255 }
        }
        return GlyphBitmap(width: width, height: height, left: 0, top: height, coverage: coverage)
    }

    /// Copies the slot's bitmap (8-bit gray or 1-bit mono) into a `GlyphBitmap`.
    private static func copyBitmap(_ slot: FT_GlyphSlotRec, path: String, glyph: GlyphID)
        -> Result<GlyphBitmap, GlyphRasterError>
    {
        let bitmap = slot.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return .success(GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: []))
        }
        let pitch = Int(bitmap.pitch)
        // A negative pitch means the rows are stored bottom-up; `buffer` points at the top row's start
        // only for positive pitches.
        let firstRow = pitch >= 0 ? buffer : buffer + (height - 1) * -pitch
        var coverage = [UInt8](repeating: 0, count: width * height)
        switch Int32(bitmap.pixel_mode) {
        case Int32(FT_PIXEL_MODE_GRAY.rawValue):
            let levels = max(Int(bitmap.num_grays) - 1, 1)
            for y in 0..<height {
                let row = firstRow + y * pitch
                for x in 0..<width { coverage[y * width + x] = UInt8(Int(row[x]) * 255 / levels) }
            }
        case Int32(FT_PIXEL_MODE_MONO.rawValue):
            for y in 0..<height {
                let row = firstRow + y * pitch
                for x in 0..<width where row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 { coverage[y * width + x] = 255 }
            }
        default:
            return .failure(.unsupportedPixelMode(path: path, glyph: glyph, mode: Int(bitmap.pixel_mode)))
        }
        return .success(GlyphBitmap(
            width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage))
    }
}
