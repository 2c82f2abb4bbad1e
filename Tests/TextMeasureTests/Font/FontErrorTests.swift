import Foundation
import Testing
@testable import TextMeasure

/// The error `Font(path:faceIndex:)` throws, or `nil` if it loads.
private func loadError(_ path: String, faceIndex: Int = 0) -> FontError? {
    do throws(FontError) {
        _ = try Font(path: path, faceIndex: faceIndex)
        return nil
    } catch {
        return error
    }
}

@Suite("Font loading errors")
struct FontErrorTests {
    @Test("A missing file")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nope.ttf").path
            let error = try #require(loadError(path))
            #expect(error == .fileNotFound(path: path))
            #expect(error.description == "font file not found: \(path)")
        }
    }

    @Test("A directory")
    func directory() throws {
        try withTemporaryDirectory { directory in
            let error = try #require(loadError(directory.path))
            #expect(error == .unreadable(path: directory.path, reason: "it is a directory"))
            #expect(error.description.contains(directory.path))
        }
    }

    @Test("A text file, and an empty file, are not fonts")
    func notAFont() throws {
        try withTemporaryDirectory { directory in
            let text = try writeFile(Array("hello, fonts\n".utf8), named: "notes.txt", in: directory)
            #expect(loadError(text) == .notAFont(path: text))
            #expect(loadError(text)?.description.contains(text) == true)
            let empty = try writeFile([], named: "empty.ttf", in: directory)
            #expect(loadError(empty) == .notAFont(path: empty))
        }
    }

    @Test("A truncated copy of a font is reported as damaged, naming the cut table")
    func truncatedFont() throws {
        let bytes = try SFNTFile(path: try BundledFontPaths.dejaVuSans()).bytes
        try withTemporaryDirectory { directory in
            let path = try writeFile(Array(bytes.prefix(100_000)), named: "cut.ttf", in: directory)
            let error = try #require(loadError(path))
            guard case .damaged(let errorPath, let reason) = error else {
                Issue.record("expected .damaged, got \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(reason.contains("extends past the end of the file (100000 bytes)"))
            #expect(error.description.hasPrefix("damaged font file \(path): table '"))
            // Cut inside the table directory.
            let header = try writeFile(Array(bytes.prefix(40)), named: "header.ttf", in: directory)
            guard case .damaged(_, let headerReason) = try #require(loadError(header)) else {
                Issue.record("expected .damaged for a cut table directory")
                return
            }
            #expect(headerReason.contains("table directory"))
        }
    }

    @Test("Face index 5 of a single font, and a negative index, are out of range")
    func faceIndexOutOfRange() throws {
        let path = try BundledFontPaths.dejaVuSans()
        let error = try #require(loadError(path, faceIndex: 5))
        #expect(error == .faceIndexOutOfRange(path: path, index: 5, count: 1))
        #expect(error.description == "font file \(path) has 1 face; face index 5 is out of range")
        #expect(loadError(path, faceIndex: -1) == .faceIndexOutOfRange(path: path, index: -1, count: 1))
    }

    @Test("An empty chain is an error")
    func emptyChain() {
        #expect(throws: FontError.emptyChain) { try FontChain([]) }
        #expect(throws: FontError.emptyChain) { try FontChain(paths: []) }
    }

    @Test("A chain from paths reports the failing file")
    func chainFromPaths() throws {
        let good = try BundledFontPaths.dejaVuSans()
        try withTemporaryDirectory { directory in
            let bad = directory.appendingPathComponent("missing.otf").path
            #expect(throws: FontError.fileNotFound(path: bad)) { try FontChain(paths: [good, bad]) }
        }
    }

    @Test("FreeType error codes have FreeType's own descriptions")
    func freeTypeMessages() {
        #expect(FreeTypeError.message(for: 0x02) == "unknown file format")
        #expect(FreeTypeError.message(for: 0x40) == "out of memory")
        #expect(FreeTypeError.message(for: 0x0102) == "unknown file format")  // module bits ignored
        #expect(FreeTypeError.message(for: 0xFE) == "FreeType error 0xfe")
        #expect(FreeTypeError.isFormatError(0x03))
        #expect(!FreeTypeError.isFormatError(0x01))
    }
}
