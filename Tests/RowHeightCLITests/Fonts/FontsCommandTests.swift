import Foundation
import Testing
@testable import RowHeightCLI
import TextMeasure

@Suite("rowheight fonts and --font, end to end")
struct FontsCommandTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// The JSON object `rowheight fonts … --json` printed.
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try RowHeightExecutable.run(["fonts"] + arguments + ["--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    }

    @Test("Each cluster's font with the bundled chain: Latin, kanji, an emoji ZWJ sequence; what is missing")
    func bundledChain() throws {
        let report = try json(["Hi 日\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{E000}"])
        let clusters = try #require(report["clusters"] as? [[String: Any]])
        #expect(clusters.map { $0["text"] as? String } == ["H", "i", " ", "日", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{E000}"])
        #expect(clusters.map { $0["font"] as? Int } == [0, 0, 0, 1, 2, nil])
        #expect(clusters[4]["scalars"] as? [String] == ["U+1F468", "U+200D", "U+1F469", "U+200D", "U+1F467"])
        #expect(clusters[5]["missing"] as? [String] == ["U+E000"])
        #expect(report["missing"] as? [String] == ["U+E000"])
        let fonts = try #require(report["fonts"] as? [[String: Any]])
        #expect(fonts.map { $0["family"] as? String } == ["DejaVu Sans", "IPAexGothic", "Noto Color Emoji"])
        #expect(fonts[2]["colorTables"] as? [String] == ["CBDT"])
        #expect(fonts[2]["outlines"] as? Bool == false)
        // Metrics at the size, from the font's own tables.
        let dejaVu = try Font(path: try #require(BundledFonts.dejaVuSansPath))
        let metrics = dejaVu.metrics(size: 17)
        #expect(fonts[0]["unitsPerEm"] as? Int == 2048)
        #expect(fonts[0]["ascender"] as? Double == metrics.ascender)
        #expect(fonts[0]["lineHeight"] as? Double == metrics.ascender - metrics.descender + metrics.lineGap)
    }

    @Test("The text report names each cluster's font and why, and the missing code points")
    func textReport() throws {
        let run = try RowHeightExecutable.run(["fonts", "a漢\u{E000}"])
        #expect(run.exitCode == 0)
        let output = run.output
        #expect(output.contains("a  U+0061  font 0: the primary font has it"))
        #expect(output.contains("漢  U+6F22  font 1: first font that has it (DejaVu Sans does not)"))
        #expect(output.contains("⟨U+E000⟩  U+E000  —: missing: no font has U+E000"))
        #expect(output.hasSuffix("missing: U+E000\n"))
        #expect(output.contains("2  \(try #require(BundledFonts.notoColorEmojiPath)): Noto Color Emoji Regular, weight 400, colour CBDT, no outlines"))
    }

    @Test("An emoji presentation comes from the emoji font, and says so, though DejaVu Sans has ☕")
    func emojiReport() throws {
        let run = try RowHeightExecutable.run(["fonts", "☕☺"])
        #expect(run.exitCode == 0)
        #expect(run.output.contains("☕  U+2615  font 2: emoji presentation: the chain's emoji font (its first colour font)"))
        #expect(run.output.contains("☺  U+263A  font 0: the primary font has it"))
    }

    @Test("--system-fallback names the installed font fontconfig would take for each missing character")
    func systemFallback() throws {
        let report = try json(["a漢\u{10FFFD}", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--system-fallback"])
        #expect(report["missing"] as? [String] == ["U+6F22", "U+10FFFD"])
        let fallback = try #require(report["systemFallback"] as? [[String: Any]])
        #expect(fallback.map { $0["scalar"] as? String } == ["U+6F22", "U+10FFFD"])
        let kanjiFont = try Font(path: try #require(fallback[0]["path"] as? String), faceIndex: try #require(fallback[0]["faceIndex"] as? Int))
        #expect(kanjiFont.glyph(for: "漢") != 0)
        #expect(fallback[1]["path"] is NSNull)
        // Without the flag, fontconfig is not asked.
        #expect(try json(["漢", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])["systemFallback"] == nil)
    }

    @Test("A family by name measures byte for byte as the same font by path")
    func nameEqualsPath() throws {
        let input = Data("{\"text\":\"Hello, world: a row of text that wraps.\"}\n{\"text\":\"AVA ffi 12:30\"}\n".utf8)
        let byName = try RowHeightExecutable.run(["measure", "-i", "-", "--widths", "60,200", "--font", "Noto Sans"], stdin: input)
        let byPath = try RowHeightExecutable.run(["measure", "-i", "-", "--widths", "60,200", "--font", Self.notoSans], stdin: input)
        #expect(byName.exitCode == 0 && byPath.exitCode == 0)
        #expect(!byName.stdout.isEmpty)
        #expect(byName.stdout == byPath.stdout)
    }

    @Test("Files of one family are its faces; PATH#INDEX picks a collection's face")
    func facesAndCollections() throws {
        let report = try json(["x漢", "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                               "--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "--font", Self.notoSansCJK + "#1"])
        let fonts = try #require(report["fonts"] as? [[String: Any]])
        #expect(fonts.count == 2)
        #expect((fonts[0]["faces"] as? [[String: Any]])?.map { $0["weight"] as? Int } == [400, 700])
        #expect(fonts[1]["faceIndex"] as? Int == 1)
        #expect(fonts[1]["path"] as? String == Self.notoSansCJK)
    }

    @Test("Errors: an unknown family, a face index out of range, a truncated emoji font", arguments: [
        (["--font", "No Such Family 42"], "rowheight: error: font family 'No Such Family 42' not found\n"),
        (["--font", notoSansCJK + "#99"], "rowheight: error: font file \(notoSansCJK) has 10 faces; face index 99 is out of range\n"),
        (["--font", notoSansCJK + "#x"], "rowheight: error: invalid font '\(notoSansCJK)#x': 'x' after '#' is not a face index (a non-negative integer)\n"),
    ])
    func errors(arguments: [String], expected: String) throws {
        for command in [["fonts", "x"], ["measure", "x"]] {
            let run = try RowHeightExecutable.run(command + arguments)
            #expect(run.exitCode == 1)
            #expect(run.stderr == expected)
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("A truncated emoji font is a one-line damaged-font error naming the file")
    func truncatedEmojiFont() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("NotoColorEmoji.ttf").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try #require(BundledFonts.notoColorEmojiPath))).prefix(100_000)
        try bytes.write(to: URL(fileURLWithPath: path))
        let run = try RowHeightExecutable.run(["measure", "Hi \u{1F44B}", "--font", "DejaVu Sans", "--font", path])
        #expect(run.exitCode == 1)
        #expect(run.stderr.hasPrefix("rowheight: error: damaged font file \(path): "))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }
}

@Suite("Template fonts: faces of collections and family names")
struct TemplateFontsTests {
    @Test("A template's \"fonts\" takes PATH#INDEX and family names, as --font does")
    func templateFonts() throws {
        let directory = try TemporaryDirectory()
        let template = directory.url.appendingPathComponent("cell.json")
        let input = Data("{\"text\":\"漢字のテキストと Latin text, wrapped in a narrow cell.\"}\n".utf8)
        func measure(_ fonts: String) throws -> RowHeightExecutable.Run {
            let json = "{\"root\":{\"type\":\"text\",\"field\":\"text\",\"style\":{\"fonts\":\(fonts),\"size\":15}}}"
            try Data(json.utf8).write(to: template)
            return try RowHeightExecutable.run(["measure", "-i", "-", "--template", template.path, "--widths", "80,240"], stdin: input)
        }
        let cjk = FontsCommandTests.notoSansCJK
        let byFace = try measure("[\"Noto Sans\", \"\(cjk)#1\"]")
        #expect(byFace.exitCode == 0, "\(byFace.stderr)")
        let byFlags = try RowHeightExecutable.run(
            ["measure", "-i", "-", "--widths", "80,240", "--size", "15", "--font", "Noto Sans", "--font", cjk + "#1"], stdin: input)
        #expect(byFlags.exitCode == 0)
        // A text-only template is as tall as its text in the same style on the command line.
        // ({"height":[…]} against {"lines":[…],"height":[…]}.)
        #expect(byFace.output.hasPrefix("{\"height\":["))
        #expect(byFlags.output.hasSuffix(String(byFace.output.dropFirst())))
        #expect(try measure("[\"Noto Sans\", \"\(cjk)#0\"]").exitCode == 0)
        let outOfRange = try measure("[\"\(cjk)#99\"]")
        #expect(outOfRange.exitCode == 1)
        #expect(outOfRange.stderr.contains("face index 99 is out of range"))
        let unknown = try measure("[\"No Such Family 42\"]")
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderr.contains("font family 'No Such Family 42' not found"))
    }
}
