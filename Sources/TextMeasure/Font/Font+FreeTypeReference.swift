import CFreeType

// FreeType's own answers, asked through the locked face, so tests can check the tables a
// `Font` precomputes at load time without importing FreeType themselves. Not for hot paths.
extension Font {
    /// FreeType's glyph for a code point in the selected (Unicode) character map.
    func freeTypeGlyph(forCodePoint codePoint: UInt32) -> GlyphID {
        face.withFace { GlyphID(FT_Get_Char_Index($0, FT_ULong(codePoint))) }
    }

    /// FreeType's unhinted advance of a glyph in font units (`FT_Get_Advance` with
    /// `FT_LOAD_NO_SCALE`), or `nil` if FreeType reports an error.
    func freeTypeAdvance(of glyph: GlyphID) -> Int32? {
        face.withFace { face in
            var advance: FT_Fixed = 0
            guard FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return nil }
            return Int32(clamping: advance)
        }
    }
}
