import Foundation
import Testing
@testable import TextMeasure

@Suite("Font collections (.ttc)")
struct FontCollectionTests {
    /// A two-face collection built from the bundled fonts: DejaVu Sans, then IPAexGothic.
    private func withCollection(_ body: (String) throws -> Void) throws {
        let dejaVu = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let ipa = try SFNTFile(path: try BundledFontPaths.ipaexGothic())
        try withTemporaryDirectory { directory in
            try body(try writeFile(SFNTFile.collection(of: [dejaVu, ipa]), named: "pair.ttc", in: directory))
        }
    }

    @Test("Each face of a collection loads with the same data as its standalone font")
    func facesMatchStandaloneFonts() throws {
        try withCollection { path in
            let standalone = [try Font(path: try BundledFontPaths.dejaVuSans()), try Font(path: try BundledFontPaths.ipaexGothic())]
            for (index, original) in standalone.enumerated() {
                let face = try Font(path: path, faceIndex: index)
                #expect(face.faceIndex == index)
                #expect(face.faceCount == 2)
                #expect(original.faceCount == 1)
                #expect(face.familyName == original.familyName)
                #expect(face.glyphCount == original.glyphCount)
                #expect(face.metrics(size: 17) == original.metrics(size: 17))
                #expect(face.hasKerning == original.hasKerning)
                for scalar in "Aあ漢字 Wave, 1–2".unicodeScalars {
                    let glyph = face.glyph(for: scalar)
                    #expect(glyph == original.glyph(for: scalar))
                    #expect(face.advance(of: glyph) == original.advance(of: glyph))
                }
                let a = face.glyph(for: "A"), v = face.glyph(for: "V")
                #expect(face.kerning(a, v) == original.kerning(a, v))
            }
        }
    }

    @Test("A face index past the collection's faces")
    func faceIndexOutOfRange() throws {
        try withCollection { path in
            #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 2, count: 2)) {
                try Font(path: path, faceIndex: 2)
            }
        }
    }

    @Test("A truncated collection is reported as damaged")
    func truncatedCollection() throws {
        let dejaVu = try SFNTFile(path: try BundledFontPaths.dejaVuSans())
        let bytes = SFNTFile.collection(of: [dejaVu, dejaVu])
        try withTemporaryDirectory { directory in
            let path = try writeFile(Array(bytes.prefix(bytes.count / 4)), named: "cut.ttc", in: directory)
            do throws(FontError) {
                _ = try Font(path: path)
                Issue.record("a truncated collection loaded")
            } catch {
                guard case .damaged(let errorPath, let reason) = error else {
                    Issue.record("expected .damaged, got \(error)")
                    return
                }
                #expect(errorPath == path)
                #expect(reason.hasPrefix("face 0: table '"))
            }
        }
    }
}
