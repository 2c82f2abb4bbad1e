/// Compares `BidiParagraphResolver`, the hand-written UAX #9 resolver, with fribidi: for the
/// `FuzzBidi` target (an SPI, not part of the library's API).
@_spi(Fuzzing)
public enum BidiDifferential {
    /// The first difference between the hand-written levels and fribidi's for `text`, described,
    /// or `nil` when there is none: each paragraph with a left-to-right, a right-to-left and a
    /// weak base direction (without Pango's shortcuts), then the whole text's levels as Pango
    /// resolves them (`BidiLevels`).
    ///
    /// - Complexity: O(n) in the text's length.
    public static func firstDifference(in text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count {
                let (end, next) = BidiLevels.paragraph(in: bytes, from: start)
                let paragraph = UnsafeBufferPointer(rebasing: bytes[start..<end])
                for base in [BidiLevels.Direction.leftToRight, .rightToLeft, .weakLeftToRight] {
                    guard let hand = BidiLevels.paragraphLevels(paragraph, base: base, handWritten: true) else { break }
                    let fribidi = BidiLevels.paragraphLevels(paragraph, base: base, handWritten: false)
                    if hand.levels != fribidi?.levels || hand.direction != fribidi?.direction {
                        return "paragraph at \(start), base \(base): \(hand) vs fribidi \(String(describing: fribidi))"
                    }
                }
                start = next
            }
            let hand = BidiLevels(bytes, handWritten: true)
            let fribidi = BidiLevels(bytes, handWritten: false)
            let handLevels = hand.map { levels in (0..<bytes.count).map { levels[$0] } }
            let fribidiLevels = fribidi.map { levels in (0..<bytes.count).map { levels[$0] } }
            return handLevels == fribidiLevels ? nil : "text: \(String(describing: handLevels)) vs fribidi \(String(describing: fribidiLevels))"
        }
    }
}
