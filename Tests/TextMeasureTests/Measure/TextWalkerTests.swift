import Testing
@testable import TextMeasure

/// `TextWalker`'s per-text set-up: the one pass that tells a text of ASCII (which then skips the
/// right-to-left and dictionary-script scans), and the white space after an ASCII word measured
/// by the word's run of byte pairs.
@Suite("TextWalker: ASCII texts")
struct TextWalkerTests {
    /// Every length up to 80 bytes (the loop of 32, the loop of 8 and the last eight bytes, which
    /// may overlap), with one byte of 0x80 or more at every position, and none.
    @Test("isASCII finds a byte ≥ 0x80 at any position of any length")
    func isASCII() {
        for length in 0...80 {
            var bytes = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }
            bytes.withUnsafeBufferPointer { #expect(TextWalker.isASCII($0), "length \(length)") }
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    let saved = bytes[position]
                    bytes[position] = high
                    bytes.withUnsafeBufferPointer {
                        #expect(!TextWalker.isASCII($0), "length \(length), \(high) at \(position)")
                    }
                    bytes[position] = saved
                }
            }
        }
    }

    /// ASCII texts whose words end in runs of spaces (continued from the word's run of pairs),
    /// before tabs, no-break spaces and a mandatory break (which end that run), measured on the
    /// ASCII path and on the general one: every field identical, lines included.
    @Test("White space after an ASCII word: the same widths as the general path", arguments: LayoutProfile.allCases)
    func whitespaceAfterWords(profile: LayoutProfile) throws {
        let style = try TextStyle.bundled(fontSize: 17, profile: profile)
        let fast = try TextMeasurer(style: style)
        let general = try TextMeasurer(generalPathFor: style)
        let texts = [
            "To   Ty  Wa Yo.   AV   fi  LT   ", "word\t  word \t\tword", "Tj \u{00A0} Vo\u{00A0}  x",
            "Te  \nWe \r\n Yo   ", "a b  c   d    e", "    lead", "AVAVAVAVAVAVAVAV AVAVAVAV   AV",
        ]
        for text in texts {
            for width in [10.0, 33.5, 60, 97.25, 280] {
                let expected = try general.measure(text, width: width, includeLines: true)
                #expect(try fast.measure(text, width: width, includeLines: true) == expected, "\(text.debugDescription) at \(width)")
            }
        }
    }
}
