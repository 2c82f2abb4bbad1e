import ArgumentParser

/// How `measure` prints its results: `--format`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// One JSON object per record (the default for `--input`).
    case jsonl
    /// A header row, then one comma-separated row per record.
    case csv
    /// A header row, then one tab-separated row per record.
    case tsv
    /// The readable summary (the default for a TEXT argument; TEXT only).
    case text

    /// The separator of a CSV-like format, `nil` for the others.
    var separator: UInt8? {
        switch self {
        case .csv: UInt8(ascii: ",")
        case .tsv: UInt8(ascii: "\t")
        case .jsonl, .text: nil
        }
    }
}
