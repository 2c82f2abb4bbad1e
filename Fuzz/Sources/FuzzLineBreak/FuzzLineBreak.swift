import FuzzSupport
import LineBreak

/// Fuzzes the line breaker: the input, made valid UTF-8 (bad bytes become U+FFFD), goes through
/// `LineBreakIterator`, `LineSegmentIterator` and `GraphemeBreakIterator`: break offsets must
/// increase, fall on scalar boundaries and end at the text's end; segments must tile the text and
/// agree with the breaks; grapheme boundaries must be those of Swift's `Character`s.
@main
enum FuzzLineBreak {
    static func main() {
        FuzzDriver.run { data, size in
            var text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
            text.withUTF8 { FuzzLineBreak.check($0) }
            return 0
        }
    }

    static func check(_ bytes: UnsafeBufferPointer<UInt8>) {
        func isBoundary(_ offset: Int) -> Bool { offset == bytes.count || bytes[offset] & 0xC0 != 0x80 }
        let opportunities = Array(LineBreakIterator(utf8: bytes))
        var previous = 0
        for opportunity in opportunities {
            require(opportunity.offset > previous && opportunity.offset <= bytes.count, "break offsets must increase")
            require(isBoundary(opportunity.offset), "break inside a scalar at \(opportunity.offset)")
            previous = opportunity.offset
        }
        require(bytes.isEmpty ? opportunities.isEmpty : previous == bytes.count, "no break at the end")
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            require(opportunities.contains { $0.offset == index + 1 && $0.isMandatory }, "no mandatory break after LF")
        }
        var segments = LineSegmentIterator(utf8: bytes)
        var start = 0
        var index = 0
        while let segment = segments.next() {
            require(index < opportunities.count, "more segments than breaks")
            require(segment.start == start, "segments must tile the text")
            require(segment.start <= segment.whitespaceStart && segment.whitespaceStart <= segment.end, "bad segment")
            require(segment.end == opportunities[index].offset, "segment end is not the break")
            require(segment.isMandatoryBreak == opportunities[index].isMandatory, "segment and break disagree")
            start = segment.end
            index += 1
        }
        require(index == opportunities.count, "fewer segments than breaks")
        let string = String(decoding: bytes, as: UTF8.self)
        var expected: [Int] = []
        var end = 0
        for character in string {
            end += character.utf8.count
            expected.append(end)
        }
        require(Array(GraphemeBreakIterator(string)) == expected, "grapheme boundaries differ from Swift's Characters")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
