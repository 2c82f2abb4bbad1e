#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The progress line of a long run on stderr — rows done, rows per second and, when the size of
/// the work is known, the percentage and the time left — redrawn in place with `\r` at most ten
/// times a second.
///
/// Belongs to the thread that runs the command (not `Sendable`). Nothing is drawn before a
/// quarter of a second has passed, so quick runs stay quiet; `finish` ends the line.
final class ProgressReporter {
    /// Whether anything is drawn at all.
    let isEnabled: Bool
    /// Whether `finish` draws the final state even if the run was too short for a redraw
    /// (`--progress` asked for it explicitly).
    private let alwaysDrawFinal: Bool
    /// The fraction of the work done, 0…1, or `nil` if unknown.
    private let fraction: () -> Double?
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var nextDraw: ContinuousClock.Instant
    private var drawnWidth = 0

    /// - Parameters:
    ///   - option: `--progress` (`true`), `--no-progress` (`false`), or neither (`nil`: draw when
    ///     standard error is a terminal, unless the output goes to the same terminal).
    ///   - outputIsTerminal: whether the records are written to a terminal.
    ///   - fraction: how much of the work is done, when that is known.
    init(option: Bool?, outputIsTerminal: Bool, fraction: @escaping () -> Double? = { nil }) {
        isEnabled = option ?? (isatty(2) != 0 && !outputIsTerminal)
        alwaysDrawFinal = option == true
        self.fraction = fraction
        start = clock.now
        nextDraw = start + .milliseconds(250)
    }

    /// Reports that `rows` rows are done; redraws if the last redraw is 0.1 s old.
    @inline(__always)
    func update(rows: Int) {
        guard isEnabled else { return }
        let now = clock.now
        guard now >= nextDraw else { return }
        nextDraw = now + .milliseconds(100)
        draw(rows: rows, now: now, final: false)
    }

    /// Draws the final state (if anything was drawn, or `--progress` was given) and ends the line.
    func finish(rows: Int) {
        guard isEnabled, drawnWidth > 0 || alwaysDrawFinal else { return }
        draw(rows: rows, now: clock.now, final: true)
        StandardError.write("\n")
        drawnWidth = 0
    }

    /// Prints `message` (a whole line) on stderr, clearing the progress line first; the line
    /// comes back at the next redraw.
    func print(_ message: String) {
        if drawnWidth > 0 {
            StandardError.write("\r" + String(repeating: " ", count: drawnWidth) + "\r")
            drawnWidth = 0
        }
        StandardError.write(message)
    }

    private func draw(rows: Int, now: ContinuousClock.Instant, final: Bool) {
        let seconds = max(Self.seconds(now - start), 1e-9)
        var line = "rowheight: \(Self.grouped(rows)) rows, \(Self.grouped(Int(Double(rows) / seconds))) rows/s"
        if final {
            line += ", \(seconds < 60 ? "\(Double(Int(seconds * 10)) / 10) s" : Self.clockTime(seconds))"
        } else if let done = fraction(), done > 0 {
            let left = seconds * (1 - min(done, 1)) / done
            line += ", \(Int(min(done, 1) * 100))%, ETA \(Self.clockTime(left))"
        }
        let width = line.unicodeScalars.count
        if width < drawnWidth { line += String(repeating: " ", count: drawnWidth - width) }
        drawnWidth = max(width, drawnWidth)
        StandardError.write("\r" + line)
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    /// Seconds as `m:ss` (or `h:mm:ss`).
    static func clockTime(_ seconds: Double) -> String {
        // A wild estimate (infinite, NaN, beyond Int) must not trap: at most 1e9 seconds.
        let total = seconds.isNaN ? 0 : Int(Swift.min(Swift.max(seconds, 0), 1e9).rounded(.up))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let mmss = (m < 10 && h > 0 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)"
        return h > 0 ? "\(h):\(mmss)" : mmss
    }
}
