import Testing
@testable import TextMeasure

/// `FontChain.coverage(ofCluster:)` (what `rowheight fonts` reports) for emoji presentation.
@Suite("Cluster coverage")
struct ClusterCoverageTests {
    static func chain() throws -> FontChain {
        try FontChain(paths: [try #require(BundledFonts.dejaVuSansPath), try #require(BundledFonts.notoColorEmojiPath)])
    }

    @Test("An emoji presentation takes the emoji font though DejaVu Sans has its characters")
    func emojiPresentation() throws {
        let chain = try Self.chain()
        #expect(chain.emojiFontIndex == 1)
        for text in ["☕", "😀", "☺\u{FE0F}", "1\u{FE0F}\u{20E3}"] {
            let coverage = chain.coverage(ofCluster: text.unicodeScalars)
            #expect(coverage.isEmojiPresentation, "\(text)")
            #expect(coverage.fontIndex == 1, "\(text)")
        }
    }

    @Test("Text presentation keeps the first font that has the characters")
    func textPresentation() throws {
        let chain = try Self.chain()
        for text in ["☺", "©", "1", "☺\u{FE0E}"] {
            let coverage = chain.coverage(ofCluster: text.unicodeScalars)
            #expect(!coverage.isEmojiPresentation, "\(text)")
            #expect(coverage.fontIndex == 0, "\(text)")
        }
    }

    @Test("A chain without a colour font has no emoji font")
    func noEmojiFont() throws {
        let chain = try FontChain(paths: [try #require(BundledFonts.dejaVuSansPath)])
        #expect(chain.emojiFontIndex == nil)
        #expect(chain.coverage(ofCluster: "😀".unicodeScalars).fontIndex == 0)
    }
}
