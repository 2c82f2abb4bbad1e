import Testing
@testable import LineBreak

/// `LineSegmentIterator`'s ideographic-run API (`isAfterIdeograph`,
/// `continuesIdeographicRun(_:)`, `closesIdeograph(_:)`, `resume(afterIdeographAt:end:)`) used as the measuring walker
/// uses it: segments found by skipping runs must equal the plain iterator's, on every case of
/// LineBreakTest.txt and on random text dense in ideographs next to every other class.
@Suite("LineSegmentIterator: ideographic runs")
struct LineSegmentIteratorIdeographicRunTests {
    /// The plain iterator's segments.
    static func plainSegments(_ text: String) -> [LineSegment] {
        text.withLineSegments { iterator in
            var result: [LineSegment] = []
            while let segment = iterator.next() { result.append(segment) }
            return result
        }
    }

    /// Segments with every run of pieces after a scalar that left the automaton in the ideograph
    /// state found without the automaton, as the measuring walker finds them
    /// (`IdeographicPieces`): a lead — that scalar, then a scalar that continues the run, or one
    /// that opens it (`opensIdeograph(_:)`) and one that continues it — and the scalars closing
    /// it (one that `closesIdeograph(_:)`, or several that all `closesClosedIdeograph(_:)` too),
    /// each piece a segment while another lead follows (one that opens an ideograph only after
    /// no closing scalar or such several), or the text ends after it
    /// (`ideographicRunEndsPlainly`: then it is the last segment); or, where neither follows,
    /// white space of one class that `isIdeographicRunWhitespace(_:)` and a scalar that continues
    /// the run: the piece and the white space are a segment, and the run goes on there (a line
    /// feed after the white space, or alone, ends it with a mandatory break); or a word of ASCII
    /// letters and digits after a lead alone or with one closing scalar that allows it
    /// (`ideographicRunGoesOnAfterASCIIWords`), then a scalar that continues the run: the piece
    /// and the word are a segment each.
    static func segmentsSkippingRuns(_ text: String) -> (segments: [LineSegment], skipped: Int, kinds: Set<String>) {
        let scalars = Array(text.unicodeScalars)
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets.last! + String(scalar).utf8.count) }
        var skipped = 0
        var kinds = Set<String>()
        let segments = text.withLineSegments { iterator in
            var result: [LineSegment] = []
            while let segment = iterator.next() {
                result.append(segment)
                guard iterator.isAfterIdeograph else { continue }
                // The scalar read last starts where `segment` ends (none after the last segment).
                guard var index = offsets.firstIndex(of: segment.end), index < scalars.count else {
                    #expect(segment.end == offsets.last && iterator.readOffset == segment.end)
                    continue
                }
                #expect(offsets[index + 1] == iterator.readOffset)
                var runs = false
                var leadLength = 1
                while true {
                    var end = index + leadLength
                    var closing = 0
                    // Whether every closing scalar so far `closesClosedIdeograph`.
                    var chained = true
                    if end < scalars.count, !LineSegmentIterator.continuesIdeographicRun(scalars[end]),
                       LineSegmentIterator.closesIdeograph(scalars[end])
                    {
                        repeat {
                            chained = chained && LineSegmentIterator.closesClosedIdeograph(scalars[end])
                            end += 1
                            closing += 1
                        } while chained && end < scalars.count && !LineSegmentIterator.continuesIdeographicRun(scalars[end])
                            && LineSegmentIterator.closesClosedIdeograph(scalars[end])
                    }
                    let nextLead: Int
                    if end < scalars.count, LineSegmentIterator.continuesIdeographicRun(scalars[end]) {
                        nextLead = 1
                    } else if chained, end + 1 < scalars.count, LineSegmentIterator.opensIdeograph(scalars[end]),
                              LineSegmentIterator.continuesIdeographicRun(scalars[end + 1])
                    {
                        nextLead = 2
                    } else if end == scalars.count, LineSegmentIterator.ideographicRunEndsPlainly {
                        // The text's last piece: the last segment, with no mandatory break.
                        result.append(LineSegment(
                            start: offsets[index], end: offsets[end], whitespaceStart: offsets[end], isMandatoryBreak: false))
                        kinds.insert("last")
                        skipped += 1
                        return result
                    } else {
                        // White space the run goes on after (`isIdeographicRunWhitespace(_:)`), of
                        // one class, then a scalar that continues the run: the piece and the white
                        // space are a segment, and the run goes on.
                        var spaces = end
                        while spaces < scalars.count, LineSegmentIterator.isIdeographicRunWhitespace(scalars[spaces]),
                              LineBreakTables.code(scalars[spaces].value) == LineBreakTables.code(scalars[end].value)
                        {
                            spaces += 1
                        }
                        // Or a line feed after them (or none): a mandatory break.
                        var lineFeed = false
                        if spaces < scalars.count, scalars[spaces] == "\n", LineSegmentIterator.ideographicRunGoesOnAfterLineFeed {
                            spaces += 1
                            lineFeed = true
                        }
                        // Or a word of ASCII letters and digits after a lead alone, or after one
                        // closing scalar that allows it: the piece and the word a segment each.
                        let word = { (scalar: Unicode.Scalar) in scalar.isASCII && scalar.properties.isAlphabetic
                            || ("0"..."9").contains(scalar) }
                        if spaces == end, end < scalars.count, word(scalars[end]),
                           closing == 0 ? LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords
                            : closing == 1 && LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy: scalars[end - 1])
                        {
                            var wordEnd = end + 1
                            while wordEnd < scalars.count, word(scalars[wordEnd]) { wordEnd += 1 }
                            if wordEnd < scalars.count, LineSegmentIterator.continuesIdeographicRun(scalars[wordEnd]) {
                                result.append(LineSegment(
                                    start: offsets[index], end: offsets[end], whitespaceStart: offsets[end], isMandatoryBreak: false))
                                result.append(LineSegment(
                                    start: offsets[end], end: offsets[wordEnd], whitespaceStart: offsets[wordEnd],
                                    isMandatoryBreak: false))
                                kinds.insert("word")
                                index = wordEnd
                                leadLength = 1
                                skipped += 1
                                runs = true
                                continue
                            }
                        }
                        guard spaces > end, spaces < scalars.count,
                              LineSegmentIterator.continuesIdeographicRun(scalars[spaces])
                        else { break }
                        result.append(LineSegment(
                            start: offsets[index], end: offsets[spaces], whitespaceStart: offsets[end], isMandatoryBreak: lineFeed))
                        if lineFeed { kinds.insert("line feed") }
                        kinds.insert("white space")
                        index = spaces
                        leadLength = 1
                        skipped += 1
                        runs = true
                        continue
                    }
                    result.append(LineSegment(
                        start: offsets[index], end: offsets[end], whitespaceStart: offsets[end], isMandatoryBreak: false))
                    kinds.insert("lead \(leadLength), closing \(min(closing, 2))")
                    index = end
                    leadLength = nextLead
                    skipped += 1
                    runs = true
                }
                if runs { iterator.resume(afterIdeographAt: offsets[index], end: offsets[index + leadLength]) }
            }
            return result
        }
        return (segments, skipped, kinds)
    }

    @Test("Kanji and kana continue a run; small kana, CJK punctuation, brackets, spaces do not")
    func classes() {
        for scalar in "漢字かなカナ𠀋" .unicodeScalars {
            #expect(LineSegmentIterator.continuesIdeographicRun(scalar), "\(scalar)")
        }
        for scalar in "、。「」（）ーぁっャ・！？…a1 \u{3000}\u{3099}\n".unicodeScalars {
            #expect(!LineSegmentIterator.continuesIdeographicRun(scalar), "\(scalar.debugDescription)")
        }
        for scalar in "、。」）ーぁっャ・！？".unicodeScalars {
            #expect(LineSegmentIterator.closesIdeograph(scalar), "\(scalar)")
        }
        // A combining mark after an ideograph takes its class (LB9), so it qualifies too (the
        // measuring walker keeps marks out of its fast path for grapheme reasons).
        #expect(LineSegmentIterator.closesIdeograph("\u{3099}"))
        // No break after an opening bracket; white space hangs.
        for scalar in "漢「（ \u{3000}\na".unicodeScalars {
            #expect(!LineSegmentIterator.closesIdeograph(scalar), "\(scalar.debugDescription)")
        }
        // After closing scalars, more: "」。", "ュー", "」！", "？」".
        for scalar in "、。」）ー！？".unicodeScalars {
            #expect(LineSegmentIterator.closesClosedIdeograph(scalar), "\(scalar)")
        }
        for scalar in "漢「（ \u{3000}\na".unicodeScalars {
            #expect(!LineSegmentIterator.closesClosedIdeograph(scalar), "\(scalar.debugDescription)")
        }
        // Opening brackets open an ideograph after an ideograph or closing scalars.
        for scalar in "「（『".unicodeScalars {
            #expect(LineSegmentIterator.opensIdeograph(scalar), "\(scalar)")
        }
        for scalar in "漢、。」ー \u{3000}\na1".unicodeScalars {
            #expect(!LineSegmentIterator.opensIdeograph(scalar), "\(scalar.debugDescription)")
        }
    }

    @Test("A run that goes on to the end of the text ends with no mandatory break")
    func runEndsPlainly() {
        #expect(LineSegmentIterator.ideographicRunEndsPlainly)
        // What it derives, seen from the iterator: every scalar that closes an ideograph, alone
        // and after ones that close it again, at the end of a text.
        for closing in "、。」）ーぁっャ・！？…\u{3099}".unicodeScalars where LineSegmentIterator.closesIdeograph(closing) {
            for text in ["漢" + String(closing), "漢」" + String(closing), "漢" + String(closing) + "。", "「漢" + String(closing)] {
                let last = Self.plainSegments(text).last
                #expect(last?.end == text.utf8.count && last?.isMandatoryBreak == false, "\(text)")
            }
        }
        #expect(Self.plainSegments("漢\n").last?.isMandatoryBreak == true)
        // Resumed at the end of the text (the caller took the last piece): no segment is left.
        let text = "漢字。"
        let rest = text.withLineSegments { iterator -> LineSegment? in
            _ = iterator.next()
            iterator.resume(afterIdeographAt: text.utf8.count, end: text.utf8.count)
            return iterator.next()
        }
        #expect(rest == nil)
    }

    @Test("Spaces and U+3000, not mixed, are white space a run goes on after, and a line feed after them or alone")
    func whitespace() {
        #expect(LineSegmentIterator.isIdeographicRunWhitespace(" "))
        #expect(LineSegmentIterator.isIdeographicRunWhitespace("\u{3000}"))
        // A tab has U+3000's class (BA white space): the walker tells it apart by its scalar.
        #expect(LineSegmentIterator.isIdeographicRunWhitespace("\t"))
        for scalar in "\n\r\u{A0}\u{200B}漢。「".unicodeScalars {
            #expect(!LineSegmentIterator.isIdeographicRunWhitespace(scalar), "\(scalar.debugDescription)")
        }
        // What it derives, seen from the iterator: one segment of a piece and its white space,
        // the next starting at the ideograph; mixed white space breaks inside.
        for (text, whitespaceStart) in [("漢  字", 3), ("漢。\u{3000}字", 6), ("漢」。 字", 9), ("「漢\u{3000}\u{3000}字", 6)] {
            let first = Self.plainSegments(text).first
            #expect(first == LineSegment(
                start: 0, end: text.utf8.count - 3, whitespaceStart: whitespaceStart, isMandatoryBreak: false), "\(text)")
        }
        #expect(Self.plainSegments("漢 \u{3000}字").count == 3)
        #expect(LineSegmentIterator.ideographicRunGoesOnAfterLineFeed)
        for (text, whitespaceStart) in [("漢\n字", 3), ("漢。 \n字", 6), ("漢\u{3000}\n字", 3)] {
            let first = Self.plainSegments(text).first
            #expect(first == LineSegment(
                start: 0, end: text.utf8.count - 3, whitespaceStart: whitespaceStart, isMandatoryBreak: true), "\(text)")
        }
    }

    @Test("A word of ASCII letters and digits between ideographs is a segment of its own, the run going on after it")
    func words() {
        #expect(LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords)
        for closing in "、。」！？".unicodeScalars {
            #expect(LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy: closing), "\(closing)")
        }
        // What it derives, seen from the iterator.
        for (text, pieces) in [("漢Swift字", ["漢", "Swift", "字"]), ("漢、iPhone15字", ["漢、", "iPhone15", "字"]), ("の1014円", ["の", "1014", "円"])] {
            let segments = Self.plainSegments(text).map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }
            #expect(segments == pieces, "\(text)")
        }
    }

    @Test("Every case of LineBreakTest.txt: the same segments with runs skipped")
    func conformance() throws {
        var skipped = 0
        for testCase in try LineBreakTestCase.load() {
            let text = String(String.UnicodeScalarView(testCase.scalars))
            let result = Self.segmentsSkippingRuns(text)
            skipped += result.skipped
            #expect(result.segments == Self.plainSegments(text), "\(testCase)")
        }
        #expect(skipped > 0, "no case had a run to skip")
    }

    @Test("Random text dense in ideographs: the same segments with runs skipped")
    func random() {
        var generator = SplitMix64(seed: 0x1DE0)
        let ideographs: [Unicode.Scalar] = [
            "漢", "あ", "ア", "\u{20000}", "\u{3000}", "ー", "。", "「", "」", "っ", "！", "、", "…", "？", "（", "）",
            "『", "』", "ュ", "・", "：", " ", "\u{3000}", " ", "\n", "a", "Z", "7", "‐", "-", "．", "%",
        ]
        var skipped = 0
        var kinds = Set<String>()
        for _ in 0..<20_000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                if Bool.random(using: &generator) {
                    scalars.append(ideographs[Int.random(in: 0..<ideographs.count, using: &generator)])
                } else {
                    scalars += ScalarSamples.randomScalars(length: 1, using: &generator)
                }
            }
            let text = scalars.string
            let result = Self.segmentsSkippingRuns(text)
            skipped += result.skipped
            kinds.formUnion(result.kinds)
            #expect(result.segments == Self.plainSegments(text), "\(scalars.map { String($0.value, radix: 16) })")
        }
        #expect(skipped > 1_000)
        // Every kind of piece: a lead of one or two scalars, with no, one or several closing;
        // the text's last piece; a piece and white space, and a line feed; a piece and a word.
        #expect(kinds.count == 10 && kinds.contains("line feed") && kinds.contains("word"), "\(kinds.sorted())")
    }
}
