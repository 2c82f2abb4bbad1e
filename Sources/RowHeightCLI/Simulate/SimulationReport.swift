/// What `rowheight simulate` prints.
struct SimulationReport: Sendable, Equatable {
    /// Rows in the input.
    var rows: Int
    /// Rows with an exact height at the end.
    var measuredRows: Int
    /// The content height (points) before anything was measured: every row estimated.
    var contentHeightInitial: Double
    /// The content height (points) at the end.
    var contentHeightFinal: Double
    /// The largest on-screen movement (points) of the first visible row caused by estimate
    /// corrections: replacing estimates while showing a viewport, and re-estimating.
    var maxAnchorShift: Double
    /// Mean |estimate − exact| (points) over the rows measured while scrolling, at the moment they
    /// were measured; nil when scrolling measured no row (e.g. after `--precompute`).
    var estimateMeanAbsError: Double?
    /// Median and 99th percentile of one step's time (show, plus re-estimating when due), µs.
    var stepTimeP50Us: Double
    var stepTimeP99Us: Double
    /// The model's memory per row (all cached widths; excluding the rows' contents), bytes.
    var bytesPerRow: Double

    /// One JSON object (`--json`).
    func appendJSON(to out: inout OutputBuffer) {
        out.append("{\"rows\":")
        out.append(rows)
        out.append(",\"measuredRows\":")
        out.append(measuredRows)
        for (key, value) in numbers {
            out.append(",\"")
            out.append(key)
            out.append("\":")
            out.append(value ?? .nan)  // nil prints as null
        }
        out.append("}\n")
    }

    /// Readable lines, one per value.
    func appendText(to out: inout OutputBuffer) {
        out.append("rows: \(rows)\nmeasuredRows: \(measuredRows)\n")
        for (key, value) in numbers {
            out.append(key)
            out.append(": ")
            if let value { out.append(value, fractionDigits: 3) } else { out.append("n/a") }
            out.append("\n")
        }
    }

    private var numbers: [(String, Double?)] {
        [
            ("contentHeightInitial", contentHeightInitial), ("contentHeightFinal", contentHeightFinal),
            ("maxAnchorShift", maxAnchorShift), ("estimateMeanAbsError", estimateMeanAbsError),
            ("stepTimeP50Us", stepTimeP50Us), ("stepTimeP99Us", stepTimeP99Us), ("bytesPerRow", bytesPerRow),
        ]
    }
}
