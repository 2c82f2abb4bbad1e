import Testing
@testable import TextMeasure

@Suite("Fonts by family name (fontconfig)")
struct FontconfigTests {
    @Test("A family name loads every face fontconfig lists at the normal width; the regular face measures")
    func familyByName() throws {
        let chain = try FontChain(families: ["DejaVu Sans"])
        #expect(chain.families.count == 1)
        let family = chain.families[0]
        #expect(family.name == "DejaVu Sans")
        let paths = Set(family.faces.map(\.path))
        #expect(paths.isSuperset(of: [SystemFonts.dejaVuSans, SystemFonts.dejaVuSansBold, SystemFonts.dejaVuSansOblique,
                                      SystemFonts.dejaVuSansBoldOblique]))
        #expect(!paths.contains { $0.contains("Condensed") })
        #expect(chain.fonts[0].path == SystemFonts.dejaVuSans)
        #expect(chain.face(family: "DejaVu Sans", weight: 700)?.path == SystemFonts.dejaVuSansBold)
    }

    @Test("A family by name measures exactly as its regular file by path")
    func nameEqualsPath() throws {
        let byName = try TextMeasurer(style: TextStyle(fontChain: try FontChain(families: ["Noto Sans"]), fontSize: 17))
        let byPath = try TextMeasurer(style: TextStyle(fontChain: try FontChain(paths: [SystemFonts.notoSans]), fontSize: 17))
        #expect(byName.style.fontChain.fonts[0].path == SystemFonts.notoSans)
        for text in ["Hello, world", "Typography with kerning AVAV and ligatures ffi, wrapped at narrow widths.", ""] {
            for width in [40.0, 120, 375] {
                #expect(try byName.measure(text, width: width) == (try byPath.measure(text, width: width)))
            }
        }
    }

    @Test("Names compare without case and blanks; a collection's face comes with its index")
    func collectionFace() throws {
        let chain = try FontChain(families: ["noto sans cjk jp"])
        let font = chain.fonts[0]
        #expect(font.path == SystemFonts.notoSansCJK)
        #expect(font.familyName == "Noto Sans CJK JP")
        #expect(font.glyph(for: "漢") != 0)
        #expect(font.faceCount > 1)
    }

    @Test("fontconfig's substitute for an unknown family is an error, never a silent substitute")
    func unknownFamily() {
        #expect(throws: FontError.familyNotFound(family: "No Such Family 42")) {
            try FontChain(families: ["No Such Family 42"])
        }
        #expect(FontError.familyNotFound(family: "X").description == "font family 'X' not found")
    }

    @Test("A generic family takes the family fontconfig configures for it")
    func genericFamily() throws {
        let chain = try FontChain(families: ["sans-serif"])
        #expect(chain.families[0].name == chain.fonts[0].familyName)
        #expect(chain.fonts[0].glyph(for: "A") != 0)
    }

    @Test("A file of a family named earlier joins that family")
    func mixedSources() throws {
        let chain = try FontChain(sources: [.family("Noto Sans"), .file(path: SystemFonts.dejaVuSans, faceIndex: 0),
                                            .file(path: SystemFonts.notoSans, faceIndex: 0)])
        #expect(chain.families.map(\.name) == ["Noto Sans", "DejaVu Sans"])
        #expect(chain.families[0].faces.filter { $0.path == SystemFonts.notoSans }.count == 1)
    }

    @Test("System fallback: fontconfig's font for a scalar no chain font has, cached")
    func systemFallback() throws {
        let chain = try FontChain(paths: [SystemFonts.dejaVuSans])
        #expect(chain.fonts[0].glyph(for: "漢") == 0)
        let font = try #require(FontChain.systemFallbackFont(for: "漢"))
        #expect(font.glyph(for: "漢") != 0)
        #expect(FontChain.systemFallbackFont(for: "漢") === font)
        #expect(FontChain.systemFallbackFont(for: "\u{10FFFD}") == nil)  // private use: no font
    }
}
