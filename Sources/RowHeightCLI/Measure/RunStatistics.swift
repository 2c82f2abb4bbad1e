#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--stats` summary: `rowheight: R rows in S s, X rows/s, peak memory M MB`, and for the
/// commands that measure `, N rows with characters no font covers (C clusters)`.
struct RunStatistics: CustomStringConvertible {
    var rows: Int
    var seconds: Double
    /// The rows holding characters no font covers and their clusters, for a run that measures.
    var missing: (rows: Int, clusters: Int)? = nil

    var description: String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        var line = "rowheight: \(rows) rows in \(Self.fixed(seconds, 3)) s, \(Self.fixed(rate, 0)) rows/s, peak memory \(Self.fixed(peakMB, 1)) MB"
        if let missing {
            line += ", \(missing.rows) row\(missing.rows == 1 ? "" : "s") with characters no font covers"
            line += " (\(missing.clusters) cluster\(missing.clusters == 1 ? "" : "s"))"
        }
        return line
    }

    /// `value` with `digits` digits after the point, as C's `printf("%.*f")` writes it.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([Int32(digits), value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.*f", arguments) }
        }
        guard count >= 0 && Int(count) < buffer.count else { return value.description }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
