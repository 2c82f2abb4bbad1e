import CFreeType
import Foundation
import Synchronization

/// The owner of one FreeType library and face: the only place RowHeight holds FreeType
/// pointers. FreeType faces are not thread-safe, so every use after loading goes through
/// `withFace`, which holds a lock.
final class FreeTypeFace: Sendable {
    private struct Handles: @unchecked Sendable {  // only touched under `lock`
        var library: FT_Library
        var face: FT_Face
    }

    private let lock: Mutex<Handles>
    let path: String
    let faceCount: Int

    /// Opens face `index` of the font file at `path`.
    init(path: String, index: Int) throws(FontError) {
        try FreeTypeFace.checkReadable(path)
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw .freeType(path: path, code: error, message: FreeTypeFace.message(for: error))
        }
        // Face index -1 asks only for the number of faces.
        var probe: FT_Face?
        error = FT_New_Face(library, path, -1, &probe)
        if error != 0 || probe == nil {
            FT_Done_FreeType(library)
            if error == 0x02 || error == 0x03 { throw .notAFont(path: path) }  // Unknown_File_Format, Invalid_File_Format
            throw .freeType(path: path, code: error, message: FreeTypeFace.message(for: error))
        }
        let count = Int(probe!.pointee.num_faces)
        FT_Done_Face(probe)
        guard index >= 0, index < count else {
            FT_Done_FreeType(library)
            throw .faceIndexOutOfRange(path: path, index: index, count: count)
        }
        var face: FT_Face?
        error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            if error == 0x02 || error == 0x03 { throw .notAFont(path: path) }
            throw .freeType(path: path, code: error, message: FreeTypeFace.message(for: error))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .freeType(path: path, code: 0, message: "bitmap-only fonts are not supported")
        }
        FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        self.path = path
        self.faceCount = count
        self.lock = Mutex(Handles(library: library, face: face))
    }

    deinit {
        lock.withLock { handles in
            FT_Done_Face(handles.face)
            FT_Done_FreeType(handles.library)
        }
    }

    /// Runs `body` with the face, holding the lock.
    func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try lock.withLock { try body($0.face) }
    }

    /// Precise errors for paths FreeType would only call "cannot open resource".
    private static func checkReadable(_ path: String) throws(FontError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "is a directory") }
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
    }

    /// FreeType's text for an error code, or the code's common name.
    static func message(for error: FT_Error) -> String {
        if let text = FT_Error_String(error) { return String(cString: text) }
        switch error {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x08: return "invalid table"
        case 0x09: return "invalid offset"
        case 0x40: return "out of memory"
        case 0x51: return "invalid table"
        case 0x55: return "invalid stream read"
        default: return "error code \(error)"
        }
    }
}
