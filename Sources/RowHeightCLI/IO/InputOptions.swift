import ArgumentParser

/// The options of every command that reads rows (`measure`, `simulate`, `render`): where the rows
/// are, in which format, and which column or key holds the text.
struct InputOptions: ParsableArguments {
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Rows: a JSON Lines, CSV or TSV file, or - for standard input.", valueName: "file"))
    var input: String?

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp(
            "jsonl, csv or tsv (default: from the extension of --input; standard input is jsonl).",
            valueName: "format"))
    var inputFormat: InputFormat?

    @Option(
        name: .customLong("text-column"),
        help: ArgumentHelp("The CSV/TSV column (or JSON key) that holds the text.", valueName: "name"))
    var textColumn: String = "text"

    /// The input's format: `--input-format`, or what the extension of `path` says.
    func format(of path: String) -> InputFormat { inputFormat ?? InputFormat.detect(path: path) }

    /// Opens the input (`--input`, or `defaultPath` without it) and finds the record fields
    /// `fields` — by default the text column — and `kept` in it: for CSV/TSV it reads the header
    /// row now, so a missing column fails before any output.
    ///
    /// - Throws: `InputError` for a missing or unreadable file, an empty CSV input, or a header
    ///   without one of the fields.
    func open(fields: [String]? = nil, keeping kept: [String] = [], defaultPath: String = "-") throws(InputError)
        -> (InputSource, RecordLayout)
    {
        let path = input ?? defaultPath
        let format = format(of: path)
        let source = try InputSource(path: path, format: format)
        let names = fields ?? [textColumn]
        guard format != .jsonl else { return (source, RecordLayout(jsonFields: names, keeping: kept)) }
        guard let header = try source.firstRecord() else {
            throw InputError("\(source.name): empty input, expected a header row")
        }
        let layout = try RecordLayout(
            names: names, keeping: kept, format: format, header: header.bytes, line: header.line, source: source.name)
        return (source, layout)
    }
}
