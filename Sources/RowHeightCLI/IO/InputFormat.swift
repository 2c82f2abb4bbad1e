import ArgumentParser

/// How an input file holds its records: `--input-format`, or guessed from the file's extension.
enum InputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// JSON Lines: one JSON object per line.
    case jsonl
    /// Comma-separated values with a header row (RFC 4180 quoting).
    case csv
    /// Tab-separated values with a header row (the same quoting as CSV).
    case tsv

    /// The format a path's extension names: `.csv`, `.tsv`, else (`.jsonl`, `.json`, standard
    /// input, anything else) JSON Lines.
    static func detect(path: String) -> InputFormat {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".tsv") { return .tsv }
        return .jsonl
    }

    /// The field separator of a CSV-like format, `nil` for JSON Lines.
    var separator: UInt8? {
        switch self {
        case .jsonl: nil
        case .csv: UInt8(ascii: ",")
        case .tsv: UInt8(ascii: "\t")
        }
    }
}
