#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--stats` summary.
struct RunStatistics: CustomStringConvertible {
    var rows: Int
    var seconds: Double

    var description: String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        return "rowheight: \(rows) rows in \(Self.fixed(seconds, 3)) s, \(Self.fixed(rate, 0)) rows/s, peak memory \(Self.fixed(peakMB, 1)) MB"
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
