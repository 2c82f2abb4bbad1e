import Testing
@testable import TextMeasure
import LineBreak

/// `TextWalker`'s per-text set-up: the one pass that tells a text of ASCII (which then skips the
/// right-to-left and dictionary-script scans), and the white space after an ASCII word measured
/// by the word's run of byte pairs; which segments hold a tab.
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

    /// The segments of texts whose white space starts with a space beyond ASCII (U+3000, U+2003,
    /// U+00A0…), alone, doubled, before and after tabs and mandatory breaks: `holdsTab` says
    /// whether the segment's white space has a tab byte, for every segment.
    @Test("holdsTab finds a tab anywhere in a segment's white space")
    func holdsTab() throws {
        let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17))
        let texts = [
            "字\u{3000}\t字", "字\u{3000}\u{3000}\t\t字\u{3000}字", "a\u{2003}\tb\u{2003}b\t\u{2003}c",
            "字\t\u{3000}字 \t字", "字\u{3000}\n\t字\u{3000}\r\n", "x\u{00A0}\t\u{1680}\t\u{205F}y", "\u{3000}\t",
        ]
        var tabs = 0
        for var text in texts {
            let label = text.debugDescription
            text.withUTF8 { bytes in
                let walker = TextWalker(tables: measurer.tables, bytes: bytes)
                for segment in LineSegmentIterator(utf8: bytes) {
                    let expected = bytes[segment.whitespaceStart..<segment.end].contains(0x09)
                    if expected { tabs += 1 }
                    #expect(walker.holdsTab(segment) == expected, "\(label): \(segment)")
                }
            }
        }
        #expect(tabs >= 8)
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

    /// ASCII texts fitted by the loop for ASCII text (`fitASCIIWords`, which takes UAX #14's
    /// segments as they come) and by the loop for any text (`fitWordsOfAnyText`, which merges
    /// extenders, cuts at dictionary breaks and places ideographic runs): every field identical,
    /// lines and the line limit included — tabs (measured in parts), mandatory breaks, words
    /// wider than a line, ligatures and kerning pairs, runs of spaces.
    @Test("The loop for ASCII text fits as the loop for any text", arguments: LayoutProfile.allCases)
    func asciiLoopMatchesGeneralLoop(profile: LayoutProfile) throws {
        let texts = [
            "To   Ty  Wa Yo.   AV   fi  LT   ", "word\t  word \t\tword", "\tlead\t", "Te  \nWe \r\n Yo   \n",
            "a b  c   d    e", "    lead", "AVAVAVAVAVAVAVAVAVAVAVAVAV AVAVAVAV   AV", "office affluent fjord, (x) 1.5% [y]",
            "", " ", "\n", "supercalifragilisticexpialidocious-and-more-words/with/slashes?q=1&r=2",
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.",
        ]
        for lineLimit in [0, 1, 2] {
            let style = try TextStyle.bundled(fontSize: 17, numberOfLines: lineLimit, profile: profile)
            let measurer = try TextMeasurer(style: style)
            for var text in texts {
                for width in [4.0, 10, 33.5, 60, 97.25, 280] {
                    let units = try measurer.widthUnits(width)
                    let label = "\(text.debugDescription) at \(width), \(lineLimit) lines"
                    text.withUTF8 { bytes in
                        let walker = TextWalker(tables: measurer.tables, bytes: bytes)
                        let isASCII = walker.isASCII
                        #expect(isASCII)
                        func fitted(_ fit: (inout LineFitter) -> MissingGlyphTally) -> TextMeasurement {
                            var fitter = LineFitter(
                                maxWidth: units, tables: measurer.tables, text: bytes, lineLimit: lineLimit, recordLines: true)
                            let missing = fit(&fitter)
                            fitter.finish()
                            return fitter.measurement(style: style).counting(missing)
                        }
                        let expected = fitted { walker.fitWordsOfAnyText(into: &$0) }
                        let actual = fitted { walker.fitASCIIWords(into: &$0) }
                        #expect(actual == expected, "\(label)")
                    }
                }
            }
        }
    }
}
