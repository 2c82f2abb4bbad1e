import Testing
@testable import TextMeasure

@Suite("Font specifications")
struct FontSourceTests {
    @Test("Paths, PATH#INDEX and family names")
    func parse() throws {
        #expect(try FontSource.parse(SystemFonts.dejaVuSans) == .file(path: SystemFonts.dejaVuSans, faceIndex: 0))
        #expect(try FontSource.parse(SystemFonts.notoSansCJK + "#3") == .file(path: SystemFonts.notoSansCJK, faceIndex: 3))
        #expect(try FontSource.parse("Noto Sans") == .family("Noto Sans"))
        #expect(try FontSource.parse("  Noto Sans ") == .family("Noto Sans"))
        // Looks like a path: a missing file says so, it is not looked up as a family.
        #expect(try FontSource.parse("missing.ttf") == .file(path: "missing.ttf", faceIndex: 0))
        #expect(try FontSource.parse("fonts/x") == .file(path: "fonts/x", faceIndex: 0))
        #expect(try FontSource.parse("nope#2") == .file(path: "nope", faceIndex: 2))
        // Relative paths are taken from the directory given; names and absolute paths are not.
        #expect(try FontSource.parse("a.ttf#1", relativeTo: "/t") == .file(path: "/t/a.ttf", faceIndex: 1))
        #expect(try FontSource.parse(SystemFonts.dejaVuSans, relativeTo: "/t") == .file(path: SystemFonts.dejaVuSans, faceIndex: 0))
        #expect(try FontSource.parse("Noto Sans", relativeTo: "/t") == .family("Noto Sans"))
        #expect(FontSource.file(path: "/a.ttc", faceIndex: 2).description == "/a.ttc#2")
        #expect(FontSource.file(path: "/a.ttf", faceIndex: 0).description == "/a.ttf")
    }

    @Test("Malformed specifications are errors naming them")
    func malformed() throws {
        #expect(throws: FontError.invalidSpecification("", reason: "it is empty")) { try FontSource.parse("") }
        #expect(throws: FontError.invalidSpecification("a.ttc#-1", reason: "face index -1 is negative")) {
            try FontSource.parse("a.ttc#-1")
        }
        let spec = SystemFonts.notoSansCJK + "#x"
        #expect(throws: FontError.invalidSpecification(spec, reason: "'x' after '#' is not a face index (a non-negative integer)")) {
            try FontSource.parse(spec)
        }
    }

    @Test("A face index out of range names the file and the index")
    func faceOutOfRange() throws {
        do throws(FontError) {
            _ = try FontChain(sources: [try FontSource.parse(SystemFonts.notoSansCJK + "#99")])
            Issue.record("face 99 loaded")
        } catch {
            guard case .faceIndexOutOfRange(let path, 99, let count) = error else { Issue.record("\(error.description)"); return }
            #expect(path == SystemFonts.notoSansCJK && count > 1)
            #expect(error.description == "font file \(path) has \(count) faces; face index 99 is out of range")
        }
    }

    @Test("A loader loads each face of a file once")
    func loaderSharesFaces() throws {
        var loader = FontLoader()
        let first = try loader.chain([.file(path: SystemFonts.dejaVuSans, faceIndex: 0)])
        let second = try loader.chain([.file(path: SystemFonts.dejaVuSans, faceIndex: 0)])
        #expect(first == second)
        #expect(first.fonts[0] === second.fonts[0])
    }
}
