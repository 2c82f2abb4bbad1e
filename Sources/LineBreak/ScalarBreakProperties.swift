/// What tables built once per code point (such as a text measurer's) need to know about a code
/// point from line breaking: its class after LB1 and its part in ideographic runs.
///
/// All three depend only on the code point's input code (one of 64), so
/// `basicMultilingualPlane()` works them out once per input code and then fills the whole BMP
/// with one table load per code point, instead of asking the automaton for each.
package struct ScalarBreakProperties: Sendable, Equatable {
    /// `LineBreakClass(resolving:)` of the code point.
    package var resolvedClass: LineBreakClass
    /// `LineSegmentIterator.continuesIdeographicRun(_:)` of the code point.
    package var continuesIdeographicRun: Bool
    /// `LineSegmentIterator.closesIdeograph(_:)` of the code point.
    package var closesIdeograph: Bool
    /// `LineSegmentIterator.closesClosedIdeograph(_:)` of the code point.
    package var closesClosedIdeograph: Bool
    /// `LineSegmentIterator.opensIdeograph(_:)` of the code point.
    package var opensIdeograph: Bool
    /// `LineSegmentIterator.isIdeographicRunWhitespace(_:)` of the code point.
    package var isIdeographicRunWhitespace: Bool
    /// `LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy:)` of the code point.
    package var closesBeforeASCIIWords: Bool

    /// The properties of `scalar`, asked one by one (what `basicMultilingualPlane()` must equal).
    package init(_ scalar: Unicode.Scalar) {
        resolvedClass = LineBreakClass(resolving: scalar)
        continuesIdeographicRun = LineSegmentIterator.continuesIdeographicRun(scalar)
        closesIdeograph = LineSegmentIterator.closesIdeograph(scalar)
        closesClosedIdeograph = LineSegmentIterator.closesClosedIdeograph(scalar)
        opensIdeograph = LineSegmentIterator.opensIdeograph(scalar)
        isIdeographicRunWhitespace = LineSegmentIterator.isIdeographicRunWhitespace(scalar)
        closesBeforeASCIIWords = LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy: scalar)
    }

    private init(
        code: UInt8, machine: LineBreakStateMachine, closing: (codes: UInt64, rows: [Bool]), whitespace: UInt64
    ) {
        resolvedClass = LineBreakTables.resolvedClass(ofCode: code)
        continuesIdeographicRun = machine.continuesIdeographicRun(code)
        closesIdeograph = machine.closesIdeograph(code)
        closesClosedIdeograph = machine.closesClosedIdeograph(code, closing: closing)
        opensIdeograph = machine.opensIdeograph(code, closing: closing)
        isIdeographicRunWhitespace = whitespace &>> UInt64(code) & 1 != 0
        closesBeforeASCIIWords = machine.ideographicRunGoesOnAfterWords(closedBy: code)
    }

    /// The properties of each input code of the line-breaking tables (`LineBreakTables.code`),
    /// worked out once per process with 64 × 64 automaton lookups (and a walk of the states
    /// after white space, `LineBreakStateMachine.ideographicRunWhitespaceCodes`).
    private static let byCode: [ScalarBreakProperties] = {
        let machine = LineBreakStateMachine.shared
        return (0..<LineBreakTables.codeCount).map {
            ScalarBreakProperties(
                code: UInt8($0), machine: machine, closing: LineBreakStateMachine.sharedClosingCodes,
                whitespace: LineBreakStateMachine.sharedIdeographicRunWhitespaceCodes)
        }
    }()

    /// The properties of a code point below U+10000, as `basicMultilingualPlane()` has them: one
    /// table load, for filling a few blocks of code points without the whole plane's table.
    package static func ofBMPCodePoint(_ value: UInt32) -> ScalarBreakProperties {
        byCode[Int(LineBreakTables.shared.code(value))]
    }

    /// The properties of every code point of the Basic Multilingual Plane, indexed by code point
    /// (65,536 entries). The entries of the surrogate code points U+D800–U+DFFF, which are not
    /// scalars, are those of their input code and mean nothing.
    ///
    /// - Complexity: O(65,536) table loads, after 64 × 64 automaton lookups.
    package static func basicMultilingualPlane() -> [ScalarBreakProperties] {
        let tables = LineBreakTables.shared
        return Self.byCode.withUnsafeBufferPointer { byCode in
            [ScalarBreakProperties](unsafeUninitializedCapacity: 0x1_0000) { buffer, count in
                for value in 0..<UInt32(0x1_0000) {
                    (buffer.baseAddress! + Int(value)).initialize(to: byCode[Int(tables.code(value))])
                }
                count = 0x1_0000
            }
        }
    }
}
