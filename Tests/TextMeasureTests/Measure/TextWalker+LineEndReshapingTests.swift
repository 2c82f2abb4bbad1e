import Foundation
import Testing
@testable import TextMeasure

/// `.pango` char wrapping of shaped text against Pango 1.50's answers (`pango-oracle`, Noto Sans
/// then the script's Noto font; the line counts and layout heights below are its output): Pango's
/// grapheme clusters (`GraphemeBoundaries+Pango`) and its re-shaping of a line that ends or
/// starts inside a word (`TextWalker.reshapedAtLineEnds`).
@Suite("TextWalker: lines that end or start inside a shaped word (.pango)")
struct TextWalkerLineEndReshapingTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    static func measure(_ text: String, script: String, size: Double, width: Double) throws -> TextMeasurement {
        let fonts = [noto + "NotoSans-Regular.ttf", noto + "NotoSans\(script)-Regular.ttf"]
        for font in fonts {
            try #require(FileManager.default.fileExists(atPath: font), "install fonts-noto-core (Scripts/test does)")
        }
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: try FontChain(fonts.map { try Font(path: $0) }), fontSize: size,
            lineBreakMode: .byCharWrapping, profile: .pango))
        return try measurer.measure(text, width: width)
    }

    @Test("Pango breaks inside a Unicode 15.1 conjunct: \"स्क्|रीन\" (2 lines, not 3)")
    func conjunctBreak() throws {
        let m = try Self.measure(
            "इस प्रविष्टि में कितने पिक्सल्स स्क्रीन के बायीं ओर स्क्रोल करता है", script: "Devanagari", size: 17, width: 200)
        #expect(m.lineCount == 2)
        #expect(m.height == (45400.0 / 1024).rounded(.up))
    }

    @Test("a line ending in a virama measures it visible, as shaped alone (4 lines, not 3)")
    func lineEndReshaped() throws {
        // "…নির্" would fit by the widths of the whole word "নির্দেশ", where র্ is a reph; alone
        // at the line's end it is a letter with a visible hasanta.
        let m = try Self.measure(
            "আরম্ভের সুনির্দিষ্ট নির্দেশ না দেয়া পর্যন্ত কাজ স্থগিত রাখা হবে", script: "Bengali", size: 24, width: 200)
        #expect(m.lineCount == 4)
        #expect(m.height == (130252.0 / 1024).rounded(.up))
        #expect(m.maxLineWidth <= 200)
    }

    @Test("a line starting inside a conjunct measures its consonant full, as shaped alone (3 lines, not 2)")
    func lineStartReshaped() throws {
        // Line 1 ends with "স্", line 2 starts with "টে": ট is a subscript in "স্টে", full alone.
        let m = try Self.measure(
            "সমন্বয়ের উদ্দেশ্যে ধার্য ঊর্ধ্বস্থ মানের স্টেপারের জন্য সংবেদনশীলতার পরিমাণ", script: "Bengali", size: 13,
            width: 200)
        #expect(m.lineCount == 3)
        #expect(m.height == (52914.0 / 1024).rounded(.up))
    }

    @Test("a vowel sign at a line's end does not keep its kerning with the letter after it (8 lines, not 7)")
    func kerningDroppedAtLineEnd() throws {
        let m = try Self.measure(
            "ไม่มีแฟ้มดัชนีชุดตกแต่งใน '%s'\nถ้าคุณต้องการสร้างแคชของไอคอนที่นี่จริงๆ ให้ใช้ตัวเลือก --ignore-theme-index\n",
            script: "Thai", size: 24, width: 200)
        #expect(m.lineCount == 8)
        #expect(m.height == (286483.0 / 1024).rounded(.up))
    }

    @Test("a prepared text re-wraps as it measures")
    func preparedAgrees() throws {
        let text = "আরম্ভের সুনির্দিষ্ট নির্দেশ না দেয়া পর্যন্ত কাজ স্থগিত রাখা হবে"
        let fonts = [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansBengali-Regular.ttf"]
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: try FontChain(fonts.map { try Font(path: $0) }), fontSize: 24,
            lineBreakMode: .byCharWrapping, profile: .pango))
        let prepared = measurer.prepare(text)
        for width in [120.0, 160, 200, 280, 375] {
            let direct = try measurer.measure(text, width: width)
            let rewrapped = try prepared.measure(width: width)
            #expect(direct.lineCount == rewrapped.lineCount, "width \(width)")
            #expect(direct.height == rewrapped.height, "width \(width)")
        }
    }
}
