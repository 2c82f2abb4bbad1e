import Foundation
import Testing
@testable import TextMeasure

@Suite("HarfBuzz faces")
struct HarfBuzzFaceTests {
    @Test("A file HarfBuzz finds no glyphs in is a damaged-font error naming it")
    func garbageIsDamaged() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rowheight-not-a-font-\(UUID()).ttf").path
        try Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) { _ = try HarfBuzzFace(path: path, index: 0) }
        do {
            _ = try HarfBuzzFace(path: path, index: 0)
        } catch {
            #expect(error.description.contains(path))
        }
    }

    @Test("A missing file is an unreadable-font error naming it")
    func missingIsUnreadable() {
        #expect(throws: FontError.unreadable(path: "/nonexistent/font.ttf", reason: "HarfBuzz cannot map the file")) {
            _ = try HarfBuzzFace(path: "/nonexistent/font.ttf", index: 0)
        }
    }

    @Test("The bundled fonts open with the glyph count and units per em FreeType reads")
    func bundledFontsAgree() throws {
        for font in try FontChain.bundled().fonts {
            let face = try HarfBuzzFace(path: font.path, index: font.faceIndex)
            #expect(face.glyphCount == font.glyphCount)
            #expect(Int(face.unitsPerEm) == font.unitsPerEm)
        }
    }
}
