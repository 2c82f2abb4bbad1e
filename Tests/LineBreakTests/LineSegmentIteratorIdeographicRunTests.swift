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

    /// Segments with every run of scalars that continue an ideographic run (each alone, or with a
    /// closing scalar before the next), after a scalar that left the automaton in the ideograph
    /// state, found without the automaton.
    static func segmentsSkippingRuns(_ text: String) -> (segments: [LineSegment], skipped: Int) {
        let scalars = Array(text.unicodeScalars)
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets.last! + String(scalar).utf8.count) }
        var skipped = 0
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
                while index + 1 < scalars.count {
                    // One scalar, or one and a closing scalar, before one that continues the run.
                    var length = 1
                    if !LineSegmentIterator.continuesIdeographicRun(scalars[index + 1]) {
                        guard index + 2 < scalars.count, LineSegmentIterator.closesIdeograph(scalars[index + 1]),
                              LineSegmentIterator.continuesIdeographicRun(scalars[index + 2]) else { break }
                        length = 2
                    }
                    result.append(LineSegment(
                        start: offsets[index], end: offsets[index + length], whitespaceStart: offsets[index + length],
                        isMandatoryBreak: false))
                    index += length
                    skipped += 1
                    runs = true
                }
                if runs { iterator.resume(afterIdeographAt: offsets[index], end: offsets[index + 1]) }
            }
            return result
        }
        return (segments, skipped)
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
        let ideographs: [Unicode.Scalar] = ["漢", "あ", "ア", "\u{20000}", "\u{3000}", "ー", "。", "「", "」", "っ", "！"]
        var skipped = 0
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
            #expect(result.segments == Self.plainSegments(text), "\(scalars.map { String($0.value, radix: 16) })")
        }
        #expect(skipped > 1_000)
    }
}
