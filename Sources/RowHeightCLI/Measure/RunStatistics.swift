import Foundation

/// The `--stats` summary.
struct RunStatistics: CustomStringConvertible {
    var rows: Int
    var seconds: Double

    var description: String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peakMB = Double(usage.ru_maxrss) / 1024
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        return "rowheight: \(rows) rows in \(String(format: "%.3f", seconds)) s, \(String(format: "%.0f", rate)) rows/s, peak memory \(String(format: "%.1f", peakMB)) MB"
    }
}
