#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Explains why FreeType refused a file that exists and can be read: a damaged font (most
/// often a truncated copy) is told apart from a file that is not a font at all.
///
/// Runs only after FreeType has failed, so it never slows a successful load.
enum FontFileDiagnosis {
    /// The tags an sfnt font file starts with (an array: a `Set` would cost the process a
    /// protocol-conformance scan of every loaded library when a colour font is checked at start).
    private static let sfntTags: [UInt32] = [
        0x0001_0000,  // TrueType
        0x7472_7565,  // 'true' (Apple TrueType)
        0x4F54_544F,  // 'OTTO' (OpenType/CFF)
        0x7479_7031,  // 'typ1' (Apple Type 1 wrapper)
    ]
    private static let collectionTag: UInt32 = 0x7474_6366  // 'ttcf'

    /// The error for a file FreeType rejected with `freeTypeMessage`: `.damaged` with the first
    /// structural fault found when the file starts like an sfnt font or a collection, else
    /// `.notAFont`.
    static func error(forRejectedFile path: String, freeTypeMessage: String) -> FontError {
        guard let file = FontFileBytes(path: path), let tag = file.u32(at: 0) else { return .notAFont(path: path) }
        if sfntTags.contains(tag) {
            let fault = sfntFault(file, at: 0)
            return .damaged(path: path, reason: fault ?? "FreeType cannot read it (\(freeTypeMessage))")
        }
        if tag == collectionTag {
            guard let count = file.u32(at: 8) else {
                return .damaged(path: path, reason: "the collection header is cut off (the file has \(file.size) bytes)")
            }
            for index in 0..<Int(min(count, 0xFFFF)) {
                guard let offset = file.u32(at: 12 + 4 * UInt64(index)) else {
                    return .damaged(
                        path: path,
                        reason: "the collection header lists \(count) faces but the file ends at byte \(file.size)")
                }
                if let fault = sfntFault(file, at: UInt64(offset)) {
                    return .damaged(path: path, reason: "face \(index): \(fault)")
                }
            }
            return .damaged(path: path, reason: "FreeType cannot read it (\(freeTypeMessage))")
        }
        return .notAFont(path: path)
    }

    /// The first structural fault of face `index` of a file FreeType opened (its table
    /// directory, or a table extending past the end of the file), `nil` if none. FreeType checks
    /// the tables of outlines when it opens a face, not those of a colour bitmap font, which
    /// would otherwise load from a truncated copy with an empty character map.
    static func fault(inFace index: Int, of path: String) -> String? {
        guard let file = FontFileBytes(path: path), let tag = file.u32(at: 0) else { return nil }
        guard tag == collectionTag else { return sfntTags.contains(tag) ? sfntFault(file, at: 0) : nil }
        guard let offset = file.u32(at: 12 + 4 * UInt64(index)) else {
            return "the collection header has no offset for face \(index)"
        }
        return sfntFault(file, at: UInt64(offset)).map { "face \(index): \($0)" }
    }

    /// The first fault in the sfnt table directory at `offset`: a directory or a table that
    /// extends past the end of the file. `nil` if the directory is consistent.
    private static func sfntFault(_ file: FontFileBytes, at offset: UInt64) -> String? {
        guard let tableCount = file.u16(at: offset + 4) else {
            return "the table directory at byte \(offset) is cut off (the file has \(file.size) bytes)"
        }
        let directoryEnd = offset + 12 + 16 * UInt64(tableCount)
        guard directoryEnd <= file.size else {
            return "the table directory (\(tableCount) tables) ends at byte \(directoryEnd) "
                + "but the file has \(file.size) bytes; the file is probably truncated"
        }
        for index in 0..<UInt64(tableCount) {
            let record = offset + 12 + 16 * index
            guard let tag = file.u32(at: record), let start = file.u32(at: record + 8),
                let length = file.u32(at: record + 12)
            else { return "table record \(index) cannot be read" }
            let end = UInt64(start) + UInt64(length)
            if end > file.size {
                return "table '\(tagString(tag))' (bytes \(start)..<\(end)) extends past the end of the file "
                    + "(\(file.size) bytes); the file is probably truncated"
            }
        }
        return nil
    }

    /// A table tag as text, e.g. "glyf".
    private static func tagString(_ tag: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return "0x" + String(tag, radix: 16) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Random access to the big-endian integers of a file, read on demand (only the few header
/// bytes the diagnosis needs, not the whole font).
private final class FontFileBytes {
    private let descriptor: Int32
    let size: UInt64

    init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = UInt64(max(0, status.st_size))
    }

    deinit { close(descriptor) }

    private func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard offset + UInt64(count) <= size else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return read == count ? bytes : nil
    }

    func u16(at offset: UInt64) -> UInt16? {
        bytes(at: offset, count: 2).map { UInt16($0[0]) << 8 | UInt16($0[1]) }
    }

    func u32(at offset: UInt64) -> UInt32? {
        bytes(at: offset, count: 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
