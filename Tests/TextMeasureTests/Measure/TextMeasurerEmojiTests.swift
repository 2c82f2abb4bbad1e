import Foundation
import Testing
@testable import TextMeasure

/// Emoji presentation in measuring (Pango 1.50's rules; the numbers are what Pango gives, from
/// `Tools/pango-oracle --explain --glyphs`): an emoji run takes the chain's emoji font even where
/// an earlier font has the character, text-presentation characters keep the normal rule, and the
/// white space around emoji runs takes the fonts Pango gives it.
@Suite("Measuring emoji")
struct TextMeasurerEmojiTests {
    /// DejaVu Sans (which has ☕, ☺, ❤ and 😀 in black and white) then Noto Color Emoji.
    static func dejaVuChain() throws -> FontChain {
        let directory = try #require(BundledFonts.directory)
        return try FontChain(paths: [directory + "/" + BundledFonts.dejaVuSansFileName,
                                     directory + "/" + BundledFonts.notoColorEmojiFileName])
    }

    static func measurer(
        _ chain: FontChain, profile: LayoutProfile = .pango, mode: LineBreakMode = .byWordWrapping, general: Bool = false
    ) throws -> TextMeasurer {
        let style = TextStyle(fontChain: chain, fontSize: 17, lineBreakMode: mode, profile: profile)
        return general ? try TextMeasurer(generalPathFor: style) : try TextMeasurer(style: style)
    }

    /// The first line's width and height, in points.
    static func line(_ text: String, _ measurer: TextMeasurer) throws -> LineFragment {
        try #require(try measurer.measure(text, width: 1000, includeLines: true).lines?.first)
    }

    /// A Noto Color Emoji glyph at 17 pt in Pango units (Pango: 21675).
    static let emojiWidth = 21675.0 / 1024

    @Test("Emoji_Presentation characters take the emoji font though DejaVu Sans has them (fast and general paths)",
          arguments: ["☕", "⚡", "😀"])
    func emojiPresentationTakesEmojiFont(text: String) throws {
        let chain = try Self.dejaVuChain()
        for general in [false, true] {
            let measurer = try Self.measurer(chain, general: general)
            let emoji = try Self.line(text, measurer)
            #expect(emoji.width == Self.emojiWidth, "\(text) general \(general)")
            // As tall as a line of the emoji font alone, taller than DejaVu Sans's.
            #expect(emoji.lineHeight > (try Self.line("a", measurer)).lineHeight)
        }
    }

    @Test("Text-default characters keep the first font that has them; VS16 makes them emoji")
    func textPresentation() throws {
        let measurer = try Self.measurer(try Self.dejaVuChain())
        #expect(try Self.line("☺", measurer).width == 18148.0 / 1024)  // DejaVu Sans's ☺
        #expect(try Self.line("☺\u{FE0F}", measurer).width == Self.emojiWidth)
        // Digits, © and ™ stay in DejaVu Sans, keycaps are emoji.
        #expect(try Self.line("© 2024 ™", measurer).width == 90188.0 / 1024)
        #expect(try Self.line("1\u{FE0F}\u{20E3}", measurer).width == Self.emojiWidth)
    }

    @Test("A line holding an emoji is as tall as the emoji font makes it")
    func lineHeight() throws {
        let measurer = try Self.measurer(try Self.dejaVuChain())
        let plain = try Self.line("Hi", measurer).lineHeight
        let withEmoji = try Self.line("Hi 👋", measurer).lineHeight
        #expect(withEmoji > plain)
        #expect(try Self.line("Hi ☕", measurer).lineHeight == withEmoji)
        #expect(try Self.line("Hi ☺", measurer).lineHeight == plain)
    }

    @Test(".uikit takes the emoji font for emoji presentation too")
    func uikit() throws {
        let measurer = try Self.measurer(try Self.dejaVuChain(), profile: .uikit)
        let emoji = try Self.line("😀", measurer).width
        #expect(try Self.line("☕", measurer).width == emoji)
        #expect(try Self.line("☺", measurer).width != emoji)
    }

    // Regressions: the white space next to emoji runs.

    @Test("Char wrapping measures the space after an emoji in the text font, as word wrapping does")
    func spaceAfterEmojiInCharMode() throws {
        let chain = try Self.dejaVuChain()
        let word = try Self.line("🕋 🫸🏻 x", try Self.measurer(chain))
        let char = try Self.line("🕋 🫸🏻 x", try Self.measurer(chain, mode: .byCharWrapping))
        #expect(char.width == word.width)
        // Two emoji, two DejaVu Sans spaces (5534) and x (10302), as Pango.
        let units: Double = 2 * 21675 + 2 * 5534 + 10302
        #expect(word.width == units / 1024)
    }

    @Test("Spaces between an emoji run and a text-default emoji take the emoji font (Pango fills the item's font)")
    func spaceBeforeTextDefaultEmoji() throws {
        // 🛳 is text-default and DejaVu Sans lacks it: the text run " 🛳" is in Noto Color Emoji,
        // whose space is as wide as an emoji.
        let measurer = try Self.measurer(try Self.dejaVuChain())
        #expect(try Self.line("👍 🛳", measurer).width == 3 * Self.emojiWidth)
    }

    @Test("Spaces before a keycap stay in the run before it",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")))
    func spaceBeforeKeycap() throws {
        // Noto Sans lacks ❤: "❤︎ " is one text run in Noto Color Emoji, the keycap another run.
        let directory = try #require(BundledFonts.directory)
        let chain = try FontChain(paths: ["/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
                                          directory + "/" + BundledFonts.notoColorEmojiFileName])
        let measurer = try Self.measurer(chain)
        #expect(try Self.line("❤\u{FE0E} 4\u{FE0F}\u{20E3}", measurer).width == 3 * Self.emojiWidth)
    }
}
