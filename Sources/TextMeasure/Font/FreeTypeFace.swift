import CFreeType
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The owner of one FreeType library and one face: the only place RowHeight holds FreeType
/// pointers. Each face gets its own `FT_Library`, so faces never share FreeType state.
///
/// FreeType objects are not thread-safe, so every use after opening goes through `withFace`,
/// which holds a lock; `deinit` releases the face, then the library.
final class FreeTypeFace: Sendable {
    /// The FreeType handles. `@unchecked Sendable` because they are raw pointers: they are
    /// only dereferenced inside the lock, and never escape it.
    private struct Handles: @unchecked Sendable {
        var library: FT_Library
        var face: FT_Face
    }

    private let handles: Mutex<Handles>
    /// The file the face was opened from.
    let path: String
    /// Number of faces in the file (1 for a single font, n for a collection).
    let faceCount: Int

    /// Opens face `index` of the font file at `path` and selects its Unicode character map.
    ///
    /// - Throws: `FontError` — `.fileNotFound`, `.unreadable`, `.notAFont`, `.damaged`,
    ///   `.faceIndexOutOfRange`, or `.freeType` for any other FreeType failure.
    init(path: String, index: Int) throws(FontError) {
        try FreeTypeFace.checkReadable(path)
        var libraryHandle: FT_Library?
        let initError = FT_Init_FreeType(&libraryHandle)
        guard initError == 0, let library = libraryHandle else {
            throw .freeType(path: path, code: initError, message: FreeTypeError.message(for: initError))
        }
        do throws(FontError) {
            var faceHandle: FT_Face?
            let error = index >= 0 ? FT_New_Face(library, path, FT_Long(index), &faceHandle) : -1
            guard error == 0, let face = faceHandle else {
                // Only now is the file opened a second time, as face -1, which only asks for the
                // number of faces: to tell an index out of range from another failure.
                let count = try FreeTypeFace.withNewFace(library, path: path, index: -1) { Int($0.pointee.num_faces) }
                guard index >= 0, index < count else {
                    throw .faceIndexOutOfRange(path: path, index: index, count: count)
                }
                throw FreeTypeFace.openError(error, path: path, index: index)
            }
            let count = Int(face.pointee.num_faces)
            // FreeType reads an index's upper 16 bits as a named instance of a variable font.
            guard index < count else {
                FT_Done_Face(face)
                throw .faceIndexOutOfRange(path: path, index: index, count: count)
            }
            // A face without outlines (a colour bitmap font: CBDT/CBLC, sbix) measures from its
            // `hmtx` advances and `hhea` metrics in font units, which FreeType reads without a
            // selected strike; a bitmap format without them (BDF, PCF, FON) cannot be scaled.
            guard FreeTypeFace.hasScalableMetrics(face) else {
                FT_Done_Face(face)
                throw .noScalableMetrics(path: path)
            }
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0,
                let fault = FontFileDiagnosis.fault(inFace: index, of: path)
            {
                FT_Done_Face(face)
                throw .damaged(path: path, reason: fault)
            }
            // Fonts without a Unicode cmap keep FreeType's default charmap (e.g. a symbol cmap).
            _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
            self.path = path
            self.faceCount = count
            self.handles = Mutex(Handles(library: library, face: face))
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
    }

    deinit {
        handles.withLock { handles in
            FT_Done_Face(handles.face)
            FT_Done_FreeType(handles.library)
        }
    }

    /// Runs `body` with the face while holding the lock. `body` must not keep the pointer.
    func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try handles.withLock { try body($0.face) }
    }

    /// Whether `face` has outlines, or else the sfnt tables that give every glyph an advance
    /// and the face its metrics in font units (`head` units per em, `hhea`, `hmtx`).
    private static func hasScalableMetrics(_ face: FT_Face) -> Bool {
        let record = face.pointee
        if record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 { return true }
        return record.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 && Font.headUnitsPerEm(face) > 0
            && Font.hasTable(face, tag: "hhea") && Font.hasTable(face, tag: "hmtx")
    }

    /// Opens face `index`, runs `body` with it and closes it again.
    private static func withNewFace<R>(
        _ library: FT_Library, path: String, index: Int, _ body: (FT_Face) -> R
    ) throws(FontError) -> R {
        var faceHandle: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &faceHandle)
        guard error == 0, let face = faceHandle else { throw openError(error, path: path, index: max(index, 0)) }
        defer { FT_Done_Face(face) }
        return body(face)
    }

    /// The `FontError` for a failed `FT_New_Face`.
    /// A file whose table directory points past its end (a truncated copy) is `.damaged`
    /// whatever FreeType says (e.g. a colour font cut inside its bitmap tables: "loca table
    /// missing").
    private static func openError(_ error: FT_Error, path: String, index: Int) -> FontError {
        let message = FreeTypeError.message(for: error)
        if FreeTypeError.isFormatError(error) {
            return FontFileDiagnosis.error(forRejectedFile: path, freeTypeMessage: message)
        }
        if let fault = FontFileDiagnosis.fault(inFace: index, of: path) { return .damaged(path: path, reason: fault) }
        return .freeType(path: path, code: error, message: message)
    }

    /// Precise errors for the paths FreeType would only call "cannot open resource".
    private static func checkReadable(_ path: String) throws(FontError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .fileNotFound(path: path) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path: path, reason: "it is a directory") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
    }
}
