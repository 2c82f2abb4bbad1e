import Testing
@testable import LineBreak

@Suite("LineSegmentIterator")
struct LineSegmentIteratorTests {
    func segments(_ text: String) -> [LineSegment] {
        text.withLineSegments { iterator in
            var result: [LineSegment] = []
            while let segment = iterator.next() { result.append(segment) }
            return result
        }
    }

    /// The segments as (text, trailing white space, mandatory) for readable expectations.
    func pieces(_ text: String) -> [(String, String, Bool)] {
        let bytes = Array(text.utf8)
        return segments(text).map { segment in
            (String(decoding: bytes[segment.start..<segment.whitespaceStart], as: UTF8.self),
             String(decoding: bytes[segment.whitespaceStart..<segment.end], as: UTF8.self),
             segment.isMandatoryBreak)
        }
    }

    func expectPieces(_ text: String, _ expected: [(String, String, Bool)], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = pieces(text)
        #expect(actual.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(actual.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
        #expect(actual.map(\.2) == expected.map(\.2), sourceLocation: sourceLocation)
    }

    @Test("Words with their trailing spaces")
    func words() {
        expectPieces("The quick  brown fox", [("The", " ", false), ("quick", "  ", false), ("brown", " ", false), ("fox", "", false)])
        expectPieces("trailing   ", [("trailing", "   ", false)])
        // Leading spaces are a segment of their own (LB7, LB18), all white space.
        expectPieces("   leading", [("", "   ", false), ("leading", "", false)])
    }

    @Test("Mandatory breaks: the newline is part of the trailing white space")
    func mandatory() {
        expectPieces("one two\nthree \r\nfour\u{2028}", [
            ("one", " ", false), ("two", "\n", true), ("three", " \r\n", true), ("four", "\u{2028}", true),
        ])
        expectPieces("\n\nx", [("", "\n", true), ("", "\n", true), ("x", "", false)])
    }

    @Test("Breaking white space other than SP hangs too: tab, ideographic space, em space")
    func otherWhiteSpace() {
        expectPieces("a\tb", [("a", "\t", false), ("b", "", false)])
        expectPieces("日本\u{3000}語", [("日", "", false), ("本", "\u{3000}", false), ("語", "", false)])
        expectPieces("a\u{2003}b", [("a", "\u{2003}", false), ("b", "", false)])
        // No-break space (GL) and figure space (GL) are not breaking white space.
        expectPieces("a\u{A0}b c", [("a\u{A0}b", " ", false), ("c", "", false)])
    }

    @Test("Segments tile the text, and whitespaceStart matches an independent scan")
    func tiling() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<3_000 {
            let scalars = ScalarSamples.randomScalars(length: Int.random(in: 0...16, using: &generator), using: &generator)
            let text = scalars.string
            let all = segments(text)
            let bytes = Array(text.utf8)
            var start = 0
            for segment in all {
                #expect(segment.start == start)
                #expect(segment.start < segment.end)
                #expect(segment.start <= segment.whitespaceStart && segment.whitespaceStart <= segment.end)
                #expect(segment.whitespaceStart == whitespaceStart(bytes, segment.start, segment.end))
                start = segment.end
            }
            #expect(start == bytes.count)
            #expect(all.map(\.end) == text.lineBreakOpportunities.map(\.offset))
            #expect(all.map(\.isMandatoryBreak) == text.lineBreakOpportunities.map(\.isMandatory))
        }
    }

    /// Scans back from `end` over white space: SP, BK, CR, LF, NL and the BA white space.
    func whitespaceStart(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        let scalars = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
        var offset = end
        for scalar in scalars.reversed() {
            let isWhiteSpace: Bool
            switch LineBreakClass(scalar) {
            case .sp, .bk, .cr, .lf, .nl: isWhiteSpace = true
            case .ba: isWhiteSpace = scalar.properties.isWhitespace  // tab, U+3000, en/em spaces…
            default: isWhiteSpace = false
            }
            if !isWhiteSpace { break }
            offset -= String(scalar).utf8.count
        }
        return offset
    }

    @Test("nextInASCII gives the segments next gives, for text of ASCII and for any text")
    func nextInASCIIAgrees() {
        var generator = SplitMix64(seed: 0x0A5C_11)
        let alphabet = Array("abcXYZ019 .,;-()%$\n\t\u{A0}éЖשاللغةहिन्दीไทย日本、😀\u{301}\u{200D}".unicodeScalars)
        for round in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let scalar = alphabet.randomElement(using: &generator)!
                // Half of the texts ASCII only (what `nextInASCII` is for).
                if round.isMultiple(of: 2) && !scalar.isASCII { continue }
                text.unicodeScalars.append(scalar)
            }
            let (general, inASCII) = text.withLineSegments { iterator in
                var copy = iterator
                var general: [LineSegment] = []
                var inASCII: [LineSegment] = []
                while let segment = iterator.next() { general.append(segment) }
                while let segment = copy.nextInASCII() { inASCII.append(segment) }
                return (general, inASCII)
            }
            #expect(general == inASCII, "\(text.debugDescription)")
        }
    }

    @Test("Empty text has no segments")
    func empty() {
        #expect(segments("").isEmpty)
    }
}
