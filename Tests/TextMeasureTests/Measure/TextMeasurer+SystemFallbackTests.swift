import Testing
@testable import TextMeasure

/// `TextStyle.systemFallback`: characters no chain font has take the system font fontconfig
/// prefers for them (Noto Sans CJK and Noto Sans Thai are installed on the test machines), and
/// then nothing is missing.
@Suite("System fallback")
struct TextMeasurerSystemFallbackTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

    @Test("Japanese and Thai through Noto Sans alone: fontconfig's fonts fill in, nothing is missing")
    func fillsIn() throws {
        let chain = try FontChain(paths: [Self.notoSans])
        let cjk = try #require(FontChain.systemFallbackFont(for: "日"), "fontconfig has no font for 日")
        let thai = try #require(FontChain.systemFallbackFont(for: "ส"), "fontconfig has no font for ส")
        #expect(cjk.familyName.contains("CJK"))
        #expect(thai.familyName.contains("Thai"))
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                let off = TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, profile: profile)
                var on = off
                on.systemFallback = true
                for (text, font) in [("日本語のテキストです。", cjk), ("สวัสดีครับ ขอบคุณ", thai)] {
                    let without = try TextMeasurer(style: off).measure(text, width: 60)
                    #expect(without.missingClusterCount > 0)
                    let measurer = try TextMeasurer(style: on)
                    let m = try measurer.measure(text, width: 60)
                    #expect(m.missingClusterCount == 0 && m.firstMissingScalar == nil, "\(text) \(profile) \(mode)")
                    // The same as naming the font after Noto Sans.
                    let explicit = TextStyle(
                        fontChain: try FontChain(fontFamilies: chain.families + [FontFamily(name: font.familyName, faces: [font])]),
                        fontSize: 17, lineBreakMode: mode, profile: profile)
                    #expect(m == (try TextMeasurer(style: explicit).measure(text, width: 60)), "\(text) \(profile) \(mode)")
                    // Prepared and intrinsic measuring fall back the same way.
                    let prepared = measurer.prepare(text)
                    #expect(prepared.missingClusterCount == 0)
                    #expect(try prepared.measure(width: 60) == m)
                    #expect(prepared.style.fontChain.fonts.map(\.path) == [Self.notoSans, font.path])
                    #expect(measurer.resolvingSystemFallback(for: text).style == prepared.style)
                    #expect(try TextMeasurer(style: off).resolvingSystemFallback(for: text).style == off)
                    var walked = WalkedText()
                    var bytes = text
                    let intrinsic = bytes.withUTF8 { measurer.intrinsicWidths(utf8: $0, keeping: &walked) }
                    #expect(intrinsic.unconstrained.missingClusterCount == 0)
                    #expect(try bytes.withUTF8 { try measurer.measure(walked: walked, utf8: $0, width: 60) } == m)
                }
            }
        }
    }

    @Test("A character no installed font has stays missing; covered text is untouched")
    func nothingToFind() throws {
        let style = TextStyle(fontChain: try FontChain(paths: [Self.notoSans]), fontSize: 17, systemFallback: true)
        let measurer = try TextMeasurer(style: style)
        let m = try measurer.measure("x \u{0378} 日", width: 300)
        #expect(m.missingClusterCount == 1 && m.firstMissingScalar == "\u{0378}")
        let plain = try measurer.measure("Hello, world", width: 300)
        var off = style
        off.systemFallback = false
        #expect(plain == (try TextMeasurer(style: off).measure("Hello, world", width: 300)))
        #expect(measurer.prepare("Hello").style == style)
    }
}
