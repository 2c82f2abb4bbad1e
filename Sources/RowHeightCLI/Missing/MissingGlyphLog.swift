import Synchronization
import TextMeasure

/// The rows of a run holding characters no font covers (`TextMeasurement.missingClusterCount`):
/// counted for the warning printed once at the end of the run and for `--stats`, or refused one
/// by one with `--strict`. Shared by the run's workers; a row without such characters never
/// touches it.
final class MissingGlyphLog: Sendable {
    /// `--strict`: a row with a character no font covers is a bad row.
    let strict: Bool

    private struct State {
        var rows = 0
        var clusters = 0
        /// The row with the lowest line number and its first missing character.
        var first: (line: Int, scalar: Unicode.Scalar)?
    }

    private let state = Mutex(State())

    init(strict: Bool) {
        self.strict = strict
    }

    /// Notes that the row at input line `line` has `count` (> 0) clusters no font covers, the
    /// first character of them `first`.
    ///
    /// - Throws: With `strict`, the `RecordFailure` of the row, naming the character.
    func note(line: Int, count: Int, first: Unicode.Scalar?) throws(RecordFailure) {
        guard count > 0 else { return }
        if strict { throw RecordFailure(line: line, message: MissingGlyphLog.strictMessage(count: count, first: first)) }
        state.withLock { state in
            state.rows += 1
            state.clusters += count
            if let first, state.first.map({ line < $0.line }) ?? true { state.first = (line, first) }
        }
    }

    /// `note(line:count:first:)` for a measurement (nothing to do in the common case: a compare).
    @inline(__always)
    func note(line: Int, _ measurement: TextMeasurement) throws(RecordFailure) {
        if measurement.missingClusterCount > 0 {
            try note(line: line, count: measurement.missingClusterCount, first: measurement.firstMissingScalar)
        }
    }

    /// The rows noted.
    var rows: Int { state.withLock { $0.rows } }

    /// The clusters of the rows noted.
    var clusters: Int { state.withLock { $0.clusters } }

    /// The error of a row under `--strict`: `no font covers U+65E5 (--strict)`, or `no font covers
    /// U+65E5 and 7 more characters (--strict)`.
    static func strictMessage(count: Int, first: Unicode.Scalar?) -> String {
        let named = first.map { "no font covers \(code($0))" } ?? "no font covers a character"
        let more = count > 1 ? " and \(count - 1) more character\(count == 2 ? "" : "s")" : ""
        return named + more + " (--strict)"
    }

    /// The warning of the run, `nil` when no row was noted:
    /// `rowheight: warning: N rows have characters no font covers; first FILE:LINE U+XXXX` —
    /// the first being the noted row with the lowest line number (the same whatever `--jobs`).
    ///
    /// - Parameter source: The input's name; `nil` for a TEXT argument (then no `FILE:LINE`).
    func warning(source: String?) -> String? {
        let (rows, first) = state.withLock { ($0.rows, $0.first) }
        guard rows > 0, let first else { return nil }
        let location = source.map { "\($0):\(first.line) " } ?? ""
        let verb = rows == 1 ? "row has" : "rows have"
        return "rowheight: warning: \(rows) \(verb) characters no font covers; first \(location)\(MissingGlyphLog.code(first.scalar))"
    }

    /// Prints `warning(source:)` to stderr, if there is one.
    func printWarning(source: String?) {
        if let warning = warning(source: source) { StandardError.write(warning + "\n") }
    }

    /// `U+65E5`: the code point in hexadecimal, at least four digits.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
