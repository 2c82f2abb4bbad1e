import Testing
@testable import TextMeasure

/// The system fonts these tests use (Debian fonts-dejavu-core, fonts-noto-core,
/// fonts-noto-cjk: Scripts/debian-packages.txt).
enum SystemFonts {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let dejaVuSans = dejaVu + "DejaVuSans.ttf"
    static let dejaVuSansBold = dejaVu + "DejaVuSans-Bold.ttf"
    static let dejaVuSansOblique = dejaVu + "DejaVuSans-Oblique.ttf"
    static let dejaVuSansBoldOblique = dejaVu + "DejaVuSans-BoldOblique.ttf"
    static let dejaVuSansExtraLight = dejaVu + "DejaVuSans-ExtraLight.ttf"
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
}

@Suite("Font families and faces")
struct FontFamilyTests {
    @Test("A font knows its family, weight (OS/2 usWeightClass) and italic flag")
    func faceAttributes() throws {
        let faces = try [SystemFonts.dejaVuSans, SystemFonts.dejaVuSansBold, SystemFonts.dejaVuSansOblique,
                         SystemFonts.dejaVuSansBoldOblique, SystemFonts.dejaVuSansExtraLight].map { try Font(path: $0) }
        #expect(faces.map(\.familyName) == Array(repeating: "DejaVu Sans", count: 5))
        #expect(faces.map(\.weight) == [400, 700, 400, 700, 200])
        #expect(faces.map(\.isItalic) == [false, false, true, true, false])
        #expect(faces.allSatisfy { $0.hasOutlines && $0.colorTables.isEmpty })
    }

    @Test("Files of one family given together are its faces, not fallbacks; the regular face measures")
    func filesGroupIntoFamilies() throws {
        let chain = try FontChain(paths: [SystemFonts.dejaVuSansBold, SystemFonts.dejaVuSans, try BundledFontPaths.ipaexGothic()])
        #expect(chain.families.map(\.name) == ["DejaVu Sans", "IPAexGothic"])
        #expect(chain.families[0].faces.map(\.path) == [SystemFonts.dejaVuSansBold, SystemFonts.dejaVuSans])
        #expect(chain.fonts.map(\.path) == [SystemFonts.dejaVuSans, try BundledFontPaths.ipaexGothic()])
        // Kanji still fall back to the second family; Latin comes from the regular face.
        #expect(chain.resolve("漢").fontIndex == 1)
        let regular = chain.fonts[0]
        #expect(chain.resolve("W") == ResolvedGlyph(fontIndex: 0, glyph: regular.glyph(for: "W"), advance: regular.advance(of: regular.glyph(for: "W"))))
        // A default style measures exactly as the regular face alone does.
        let alone = try TextMeasurer(style: TextStyle(fontChain: try FontChain(paths: [SystemFonts.dejaVuSans]), fontSize: 17))
        let grouped = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17))
        let text = "Wavy AVA text, wrapped at a width of sixty points."
        #expect(try grouped.measure(text, width: 60) == (try alone.measure(text, width: 60)))
    }

    @Test("Face selection follows CSS font matching", arguments: [
        (400, false, "DejaVuSans.ttf"), (700, false, "DejaVuSans-Bold.ttf"), (400, true, "DejaVuSans-Oblique.ttf"),
        (700, true, "DejaVuSans-BoldOblique.ttf"), (900, false, "DejaVuSans-Bold.ttf"), (600, false, "DejaVuSans-Bold.ttf"),
        (500, false, "DejaVuSans.ttf"), (450, false, "DejaVuSans.ttf"), (300, false, "DejaVuSans-ExtraLight.ttf"),
        (100, false, "DejaVuSans-ExtraLight.ttf"), (300, true, "DejaVuSans-Oblique.ttf"),
    ])
    func cssMatching(weight: Int, italic: Bool, expected: String) throws {
        let chain = try FontChain(paths: [
            SystemFonts.dejaVuSans, SystemFonts.dejaVuSansBold, SystemFonts.dejaVuSansOblique,
            SystemFonts.dejaVuSansBoldOblique, SystemFonts.dejaVuSansExtraLight,
        ])
        #expect(chain.families.count == 1)
        let face = try #require(chain.face(family: "dejavu sans", weight: weight, italic: italic))
        #expect(face.path == SystemFonts.dejaVu + expected)
    }

    @Test("Without the asked style, the other style's closest weight; without the family, nil")
    func styleFallback() throws {
        let chain = try FontChain(paths: [SystemFonts.dejaVuSansBold])
        #expect(chain.face(family: "DejaVu Sans", weight: 400, italic: true)?.path == SystemFonts.dejaVuSansBold)
        #expect(chain.fonts[0].path == SystemFonts.dejaVuSansBold)
        #expect(chain.face(family: "Noto Sans") == nil)
        // Weights 400–500 look up to 500 first, then down, then up past 500.
        #expect(FontFamily.weightRank(500, desired: 400) < FontFamily.weightRank(300, desired: 400))
        #expect(FontFamily.weightRank(300, desired: 400) < FontFamily.weightRank(600, desired: 400))
        #expect(FontFamily.weightRank(300, desired: 350) < FontFamily.weightRank(400, desired: 350))
        #expect(FontFamily.weightRank(800, desired: 600) < FontFamily.weightRank(500, desired: 600))
    }

    @Test("A family needs a face")
    func emptyFamily() {
        #expect(throws: FontError.emptyChain) { try FontFamily(name: "X", faces: []) }
        #expect(throws: FontError.emptyChain) { try FontChain(fontFamilies: []) }
    }
}
