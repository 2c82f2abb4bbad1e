import FuzzSupport
import TextMeasure

/// Fuzzes the Pango markup parser: the input, made valid UTF-8 (bad bytes become U+FFFD), goes
/// through `AttributedText(markup:)`. It must return or throw a `MarkupError` (never crash or
/// stall); an error's offset must lie in the markup; a result's runs must tile its text on
/// scalar boundaries with different neighbours and finite, positive sizes; and the text must be
/// no longer than the markup (entities and tags only shrink it; a character reference is at
/// most as long as the character it encodes).
@main
enum FuzzMarkup {
    static func main() {
        FuzzDriver.run { data, size in
            let markup = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
            FuzzMarkup.check(markup)
            return 0
        }
    }

    static func check(_ markup: String) {
        let text: AttributedText
        do {
            text = try AttributedText(markup: markup)
        } catch {
            require(error.utf8Offset >= 0 && error.utf8Offset <= markup.utf8.count, "error offset outside the markup")
            require(!error.description.isEmpty, "an error without a description")
            return
        }
        let utf8 = Array(text.string.utf8)
        require(utf8.count <= markup.utf8.count, "the text is longer than its markup")
        var end = 0
        var previous: TextAttributes?
        for run in text.runs {
            require(run.utf8Range.lowerBound == end && !run.utf8Range.isEmpty, "runs must tile the text")
            require(run.utf8Range.upperBound <= utf8.count, "a run past the text's end")
            require(utf8[run.utf8Range.lowerBound] & 0xC0 != 0x80, "a run starts inside a scalar")
            require(run.attributes != previous, "equal neighbouring runs")
            let size = run.attributes.fontSize ?? 1
            require(size > 0 && size.isFinite, "a font size of 0 or out of range")
            require(run.attributes.fontScale > 0 && run.attributes.fontScale.isFinite, "a bad font scale")
            require(run.attributes.letterSpacing.isFinite, "a bad letter spacing")
            require((1...1000).contains(run.attributes.weight), "a weight outside 1-1000")
            previous = run.attributes
            end = run.utf8Range.upperBound
        }
        require(end == utf8.count, "runs must cover the text")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
