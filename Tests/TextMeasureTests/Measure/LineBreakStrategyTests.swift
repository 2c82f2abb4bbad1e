import Foundation
import Testing
@testable import TextMeasure

@Suite("Line-break strategy: Korean words")
struct LineBreakStrategyTests {
    static func chain() throws -> FontChain {
        try FontChain([
            try Font(path: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"),
            try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 1),
        ])
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
    }

    /// The soft line ends of `text` that fall between two Hangul scalars on a line that holds a
    /// break opportunity of its own (a line of one overlong word may break anywhere).
    static func breaksInsideWords(_ text: String, measurer: TextMeasurer, width: Double) throws -> Int {
        let bytes = Array(text.utf8)
        let lines = try #require(try measurer.measure(text, width: width, includeLines: true).lines)
        var count = 0
        for line in lines.dropLast() {
            let end = line.utf8Range.upperBound
            guard end > 0, end < bytes.count else { continue }
            let before = String(decoding: bytes[..<end], as: UTF8.self).unicodeScalars.last
            let after = String(decoding: bytes[end...], as: UTF8.self).unicodeScalars.first
            guard let before, let after, isHangul(before), isHangul(after) else { continue }
            let lineText = String(decoding: bytes[line.utf8Range], as: UTF8.self)
            if lineText.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { count += 1 }
        }
        return count
    }

    @Test("the profiles' defaults: .uikit .standard, .pango none")
    func defaults() throws {
        let chain = try Self.chain()
        #expect(TextStyle(fontChain: chain).resolvedLineBreakStrategy == .standard)
        #expect(TextStyle(fontChain: chain, profile: .pango).resolvedLineBreakStrategy == [])
        #expect(LineBreakStrategy.standard.contains(.hangulWordPriority))
        let explicit = TextStyle(fontChain: chain, profile: .pango, lineBreakStrategy: .hangulWordPriority)
        #expect(explicit.resolvedLineBreakStrategy == .hangulWordPriority)
    }

    @Test(".uikit never breaks inside a Hangul word (the ko corpus, 3 sizes × 3 widths)")
    func uikitKeepsKoreanWords() throws {
        let texts = try PangoAccuracyTests.texts("ko")
        #expect(texts.count >= 500)
        let chain = try Self.chain()
        for size in [13.0, 17, 24] {
            let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: size))
            for width in [200.0, 280, 375] {
                var inside = 0
                for text in texts { inside += try Self.breaksInsideWords(text, measurer: measurer, width: width) }
                #expect(inside == 0, "size \(size) width \(width)")
            }
        }
    }

    @Test(".pango, and .uikit without hangulWordPriority, break between syllables")
    func syllableBreaks() throws {
        let texts = try PangoAccuracyTests.texts("ko")
        let chain = try Self.chain()
        for style in [TextStyle(fontChain: chain, profile: .pango), TextStyle(fontChain: chain, lineBreakStrategy: [])] {
            let measurer = try TextMeasurer(style: style)
            var inside = 0
            for text in texts.prefix(300) { inside += try Self.breaksInsideWords(text, measurer: measurer, width: 200) }
            #expect(inside > 50, "\(style.profile)")
        }
    }

    @Test("keeping words whole gives more lines for the same Korean text")
    func moreLines() throws {
        let chain = try Self.chain()
        let text = "대한민국의 수도는 서울특별시이며 가장 큰 도시이기도 합니다"
        let keep = try TextMeasurer(style: TextStyle(fontChain: chain)).measure(text, width: 150, includeLines: true)
        let split = try TextMeasurer(style: TextStyle(fontChain: chain, lineBreakStrategy: []))
            .measure(text, width: 150, includeLines: true)
        #expect(keep.lineCount >= split.lineCount)
        #expect(keep.lines?.map(\.utf8Range) != split.lines?.map(\.utf8Range))
    }
}
