/// The text between two break opportunities: what a line-wrapping algorithm places as a unit.
///
/// Offsets are UTF-8 byte offsets into the text. A segment ends at a break opportunity; its
/// trailing white space (`whitespaceStart..<end`) may hang past the end of a line.
public struct LineSegment: Equatable, Hashable, Sendable {
    /// UTF-8 offset of the segment's first byte.
    public var start: Int
    /// UTF-8 offset just past the segment: a break opportunity.
    public var end: Int
    /// UTF-8 offset where the trailing white space begins (`end` if there is none): trailing
    /// spaces (class SP), white-space characters after which a line may break (tab, U+3000
    /// ideographic space, the en/em/thin/hair spaces…) and, for a mandatory break, the BK, CR,
    /// LF, NL or CR LF that caused it.
    public var whitespaceStart: Int
    /// Whether the break at `end` is mandatory.
    public var isMandatoryBreak: Bool

    /// Creates a segment.
    public init(start: Int, end: Int, whitespaceStart: Int, isMandatoryBreak: Bool) {
        self.start = start
        self.end = end
        self.whitespaceStart = whitespaceStart
        self.isMandatoryBreak = isMandatoryBreak
    }
}

/// The segments of a UTF-8 text, in order: the text between consecutive break opportunities
/// (UAX #14). Never allocates; the buffer must stay valid while the iterator is used.
///
/// - Complexity: O(n) over the whole text.
public struct LineSegmentIterator: IteratorProtocol, Sequence {
    @usableFromInline var breaks: LineBreakIterator
    @usableFromInline var start = 0

    /// Creates an iterator over valid UTF-8.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>) {
        breaks = LineBreakIterator(utf8: utf8)
    }

    /// Creates an iterator over valid UTF-8 that applies `tailoring`.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring) {
        breaks = LineBreakIterator(utf8: utf8, tailoring: tailoring)
    }

    /// Creates an iterator over valid UTF-8 that applies already resolved rules.
    @inlinable
    public init(utf8: UnsafeBufferPointer<UInt8>, rules: LineBreakRules) {
        breaks = LineBreakIterator(utf8: utf8, rules: rules)
    }

    /// The next segment, or `nil` after the last.
    @inlinable
    // Inlined into the caller's loop, where the iterator's state stays in registers: worth
    // about a third of the time per break. `@inline(__always)` is only a hint for a function
    // this size; SE-0496's `@inline(always)` (Swift 6.3) guarantees it.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func next() -> LineSegment? {
        next(skippingLettersBeyondASCII: true)
    }

    /// `next()` for a text of ASCII, without the loop over letters of two or three bytes
    /// (`LineBreakIterator.next(skippingLettersBeyondASCII:)`) that such a text never enters.
    /// Gives the same segments as `next()` for any text.
    @inlinable
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func nextInASCII() -> LineSegment? {
        next(skippingLettersBeyondASCII: false)
    }

    /// `next()`, `skippingLettersBeyondASCII` as for `LineBreakIterator.next(skippingLettersBeyondASCII:)`
    /// (the same segments either way; a constant argument picks the loop the caller's text wants).
    @inlinable
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    public mutating func next(skippingLettersBeyondASCII: Bool) -> LineSegment? {
        guard let opportunity = breaks.next(skippingLettersBeyondASCII: skippingLettersBeyondASCII) else { return nil }
        let segment = LineSegment(
            start: start, end: opportunity.offset,
            whitespaceStart: Swift.max(start, breaks.lastBreakWhitespaceStart),
            isMandatoryBreak: opportunity.isMandatory)
        start = opportunity.offset
        return segment
    }
}

extension LineSegmentIterator {
    /// Whether a break is allowed before `scalar` after an ideograph, where the automaton keeps
    /// its state (ideographs and whatever the rules treat alike there, e.g. most kanji and kana,
    /// but not small kana, CJK punctuation or white space). Between two scalars after an
    /// ideograph that both continue the run, the text breaks before each, no rule looking
    /// further back can apply, and each scalar is a segment of its own with no white space.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func continuesIdeographicRun(_ scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.shared.continuesIdeographicRun(LineBreakTables.code(scalar.value))
    }

    /// Whether, after an ideograph, no break is allowed before `scalar` and a break is allowed
    /// after it before any scalar that `continuesIdeographicRun(_:)`, which leaves the automaton
    /// in the state after an ideograph again (closing punctuation such as 、。」, small kana,
    /// the prolonged sound mark): an ideograph, such a scalar and a scalar that continues the run
    /// make a two-scalar segment with no white space, then the run goes on.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func closesIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.shared.closesIdeograph(LineBreakTables.code(scalar.value))
    }

    /// Whether `scalar` closes an ideograph (`closesIdeograph(_:)`) in a way that lets several
    /// such scalars follow an ideograph ("」。", "ュー", "」！"): after an ideograph and any
    /// number of them, no break is allowed before the next one, and the run goes on before a
    /// scalar that `continuesIdeographicRun(_:)`. An ideograph and closing scalars that all
    /// qualify make one segment with no white space.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func closesClosedIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.shared.closesClosedIdeograph(
            LineBreakTables.code(scalar.value), closing: LineBreakStateMachine.sharedClosingCodes)
    }

    /// Whether, after an ideograph (and any scalars that close it that `closesClosedIdeograph(_:)`),
    /// a break is allowed before `scalar`, and none after it before a scalar that
    /// `continuesIdeographicRun(_:)`, which leaves the automaton in the state after an ideograph
    /// (an opening bracket such as 「): the two start a segment with no white space, then the
    /// run goes on.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func opensIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.shared.opensIdeograph(
            LineBreakTables.code(scalar.value), closing: LineBreakStateMachine.sharedClosingCodes)
    }

    /// Whether `scalar` is white space after which an ideographic run goes on (a space, U+3000
    /// ideographic space; `LineBreakStateMachine.ideographicRunWhitespaceCodes`): after an
    /// ideograph, or one and scalars that close it (`closesIdeograph(_:)`, or several that
    /// `closesClosedIdeograph(_:)`), any number of such scalars of one line-breaking class (all
    /// spaces, or all U+3000: after a space, a break is allowed before U+3000) prohibit a break
    /// before each, and a scalar that `continuesIdeographicRun(_:)` after them allows one before it and
    /// leaves the automaton in the state after an ideograph: the piece and the white space make a
    /// segment (the white space its `whitespaceStart..<end`), then the run goes on. A tab has
    /// the code of U+3000 (BA white space): the caller tells it apart by its scalar.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func isIdeographicRunWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.sharedIdeographicRunWhitespaceCodes &>> UInt64(LineBreakTables.code(scalar.value)) & 1 != 0
    }

    /// Whether an ideographic run goes on after a line feed: after an ideograph, or one and
    /// scalars that close it (as for `isIdeographicRunWhitespace(_:)`), and any white space of
    /// one class that `isIdeographicRunWhitespace(_:)`, no break is allowed before an LF, and a
    /// scalar that `continuesIdeographicRun(_:)` after it has a mandatory break before it and
    /// leaves the automaton in the state after an ideograph: the piece, the white space and the
    /// LF make a segment with a mandatory break, then the run goes on.
    public static var ideographicRunGoesOnAfterLineFeed: Bool {
        LineBreakStateMachine.sharedIdeographicRunGoesOnAfterLineFeed
    }

    /// Whether an ideographic run goes on after a word of ASCII letters and digits after an
    /// ideograph (or an opening scalar and one): a break is allowed before an ASCII letter or
    /// digit there, none between the letters and digits after it, and one before a scalar that
    /// `continuesIdeographicRun(_:)` after them, which leaves the automaton in the state after
    /// an ideograph: the ideograph and the word are a segment each, then the run goes on.
    public static var ideographicRunGoesOnAfterASCIIWords: Bool {
        LineBreakStateMachine.sharedIdeographicRunGoesOnAfterWords
    }

    /// `ideographicRunGoesOnAfterASCIIWords` after an ideograph and `scalar`, which
    /// `closesIdeograph(_:)` ("、", "。"; not a hyphen, after which a digit continues the
    /// segment): the piece of the two and the word are a segment each, then the run goes on.
    ///
    /// Meant for tables built once (a bit per code point): it reads the automaton's tables.
    public static func ideographicRunGoesOnAfterASCIIWords(closedBy scalar: Unicode.Scalar) -> Bool {
        LineBreakStateMachine.shared.ideographicRunGoesOnAfterWords(closedBy: LineBreakTables.code(scalar.value))
    }

    /// Whether a run of segments found by `continuesIdeographicRun(_:)`, `closesIdeograph(_:)`,
    /// `closesClosedIdeograph(_:)` and `opensIdeograph(_:)` that goes on to the end of the text
    /// ends with a segment whose break is not mandatory (`LineSegment.isMandatoryBreak`): the
    /// last segment `next()` gives for such a text.
    public static var ideographicRunEndsPlainly: Bool {
        LineBreakStateMachine.sharedIdeographicRunEndsPlainly
    }

    /// Whether the last scalar read, the first of the segment after the one `next()` returned
    /// last, left the automaton in the state after an ideograph (where scalars for which
    /// `continuesIdeographicRun(_:)` holds each start a segment of their own).
    ///
    /// The scalar read last starts at the end of the segment returned last and ends at
    /// `readOffset`; once the last segment is returned, both are the end of the text (and the
    /// state is the one after the text's last scalar).
    @inlinable
    public var isAfterIdeograph: Bool {
        @inline(__always) get { breaks.row == LineBreakStateMachine.ideographRow }
    }

    /// UTF-8 offset just past the last scalar read.
    @inlinable
    public var readOffset: Int {
        @inline(__always) get { breaks.position }
    }

    /// Continues after a run of segments the caller found itself by `continuesIdeographicRun(_:)`,
    /// `closesIdeograph(_:)`, `closesClosedIdeograph(_:)` and `opensIdeograph(_:)`: as if `next()`
    /// had just returned the segment ending at `start` and read the scalars `start..<end` — a
    /// scalar that continued an ideographic run, or one that opens it and such a scalar — with
    /// no break between them (so the automaton is in the state after an ideograph). The caller
    /// must have started the run where `isAfterIdeograph` held and checked every scalar up to
    /// `end`; the run may go on after white space, a line feed or a word of ASCII letters and
    /// digits where `isIdeographicRunWhitespace(_:)`, `ideographicRunGoesOnAfterLineFeed` and
    /// `ideographicRunGoesOnAfterASCIIWords` say so. Where the run went on to the end of the text, whose last segment the caller found
    /// too (`ideographicRunEndsPlainly`), both `start` and `end` are the end of the text: then
    /// `next()` gives no segment.
    @inlinable @inline(__always)
    public mutating func resume(afterIdeographAt start: Int, end: Int) {
        breaks.position = end
        breaks.row = LineBreakStateMachine.ideographRow
        breaks.contentEnd = end
        breaks.finished = start == breaks.bytes.count
        self.start = start
    }
}
