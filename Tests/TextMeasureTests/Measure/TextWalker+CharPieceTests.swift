import Foundation
import Testing
@testable import TextMeasure

/// `TextWalker.forEachCharPiece` in `.pango`: a run of white space split into a piece per scalar
/// (Pango may break between them) keeps the font Pango's one item gives the whole run. Noto Sans →
/// Noto Sans CJK KR, 24 pt; the widths are Pango 1.50's (`pango-oracle --explain`, in 1/1024 pt).
@Suite("TextWalker: char-mode pieces of white space (.pango)")
struct TextWalkerCharPieceTests {
    static func measurer(_ mode: LineBreakMode) throws -> TextMeasurer {
        let fonts = [
            (path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", face: 0),
            (path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", face: 1),
        ]
        for font in fonts {
            try #require(FileManager.default.fileExists(atPath: font.path), "install fonts-noto-core and fonts-noto-cjk")
        }
        let chain = try FontChain(fonts.map { try Font(path: $0.path, faceIndex: $0.face) })
        return try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 24, lineBreakMode: mode, profile: .pango))
    }

    @Test("spaces after Hangul are in the CJK font, every one of them", arguments: [
        ("수       v", 73630), ("    조용히 실행", 140575),
    ])
    func runOfSpaces(text: String, pangoUnits: Int) throws {
        let char = try Self.measurer(.byCharWrapping).measure(text, width: 2000)
        let word = try Self.measurer(.byWordWrapping).measure(text, width: 2000)
        #expect(char.maxLineWidth == Double(pangoUnits) / 1024)
        #expect(word.maxLineWidth == char.maxLineWidth)
    }

    @Test("the pieces of a run of spaces share its width evenly and carry its font")
    func pieces() throws {
        let measurer = try Self.measurer(.byCharWrapping)
        var text = "수   v"
        var spaces: [(Double, UInt32)] = []
        text.withUTF8 { bytes in
            _ = TextWalker(tables: measurer.tables, bytes: bytes).forEachPiece(charMode: true) { piece in
                if piece.whitespace > 0 { spaces.append((piece.whitespace, piece.fontMask)) }
                return true
            }
        }
        #expect(spaces.count == 3)
        // Noto Sans CJK's space (0.224 em), not Noto Sans's (0.26 em); font 1's bit.
        #expect(spaces.allSatisfy { $0.0 == spaces[0].0 && $0.1 & 2 != 0 && $0.1 & 1 == 0 })
        #expect(abs(spaces[0].0 / measurer.tables.unitsPerPoint - 0.224 * 24) < 0.01)
    }

    @Test("a space before a newline stays in the font of the text before it, not the next paragraph's")
    func spaceBeforeNewline() throws {
        // Pango: 3 lines at 13 pt, 375 pt; line 1 ends "할 경우 " at 374.957 pt with the CJK
        // space. In Noto Sans (the font of the next paragraph's spaces) it would be 375.43 pt.
        let text = "  -nc, --no-clobber                기존 파일에 다운로드(덮어쓰기) 할 경우 \n"
            + "                                     다운로드 건너뛰기\n"
        let fonts = [
            (path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", face: 0),
            (path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", face: 1),
        ]
        let chain = try FontChain(fonts.map { try Font(path: $0.path, faceIndex: $0.face) })
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 13, profile: .pango))
        let m = try measurer.measure(text, width: 375)
        #expect(m.lineCount == 3)
        #expect(m.height == (56749.0 / 1024).rounded(.up))
    }

    @Test("a no-break space before a char break hangs, as any white-space character does in Pango")
    func noBreakSpaceHangs() throws {
        // Khmer `km` row 284 at 24 pt, 280 pt: Pango ends line 1 with "ឡើយ\u{A0}" (the no-break
        // space hanging past the width) and takes 4 lines; moving it to line 2 took 5.
        let text = "\u{179A}\u{1780}\u{200B}\u{1780}\u{17D2}\u{179A}\u{17BB}\u{1798}\u{200B}\u{200B} '\u{179F}\u{17C6}\u{1794}\u{17BB}\u{178F}\u{17D2}\u{179A}\u{200B}' \u{1798}\u{17B7}\u{1793}\u{200B}\u{1783}\u{17BE}\u{1789}\u{200B}\u{17A1}\u{17BE}\u{1799}\u{A0}\u{17D4} \u{1780}\u{17C6}\u{1796}\u{17BB}\u{1784}\u{200B}\u{1794}\u{1784}\u{17D2}\u{1780}\u{17BE}\u{178F}\u{200B}\u{17AF}\u{1780}\u{179F}\u{17B6}\u{179A}\u{1794}\u{17D2}\u{179A}\u{17A2}\u{1794}\u{17CB}\u{200B}\u{179F}\u{17C6}\u{1794}\u{17BB}\u{178F}\u{17D2}\u{179A}\u{200B}\u{17A2}\u{17D2}\u{1793}\u{1780}\u{200B}\u{1794}\u{17D2}\u{179A}\u{17BE}\u{200B}\u{1787}\u{17B6}\u{1798}\u{17BD}\u{1799}\u{200B}\u{179A}\u{1794}\u{17C0}\u{1794}\u{200B} 0600\u{A0}\u{17D4}\u{A}"
        let noto = "/usr/share/fonts/truetype/noto/"
        let chain = try FontChain([
            try Font(path: noto + "NotoSans-Regular.ttf"), try Font(path: noto + "NotoSansKhmer-Regular.ttf"),
        ])
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: chain, fontSize: 24, lineBreakMode: .byCharWrapping, profile: .pango))
        let m = try measurer.measure(text, width: 280)
        #expect(m.lineCount == 4)
        #expect(m.height == (133892.0 / 1024).rounded(.up))
    }

    @Test("an empty paragraph is as tall as the primary font, not as the text before it", arguments: [
        LineBreakMode.byWordWrapping, .byCharWrapping,
    ])
    func emptyParagraph(mode: LineBreakMode) throws {
        // Pango: "ກ\n\nກ" at 13 pt is 61927 units tall (Noto Sans Lao lines around a 17.7 pt
        // Noto Sans one, not a 21.4 pt Noto Sans Lao one).
        let noto = "/usr/share/fonts/truetype/noto/"
        let chain = try FontChain([
            try Font(path: noto + "NotoSans-Regular.ttf"), try Font(path: noto + "NotoSansLao-Regular.ttf"),
        ])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 13, lineBreakMode: mode, profile: .pango))
        let m = try measurer.measure("ກ\n\nກ", width: 200)
        #expect(m.lineCount == 3)
        #expect(m.height == (61927.0 / 1024).rounded(.up))
    }
}
