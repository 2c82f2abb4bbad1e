import ArgumentParser

/// `rowheight dataset`: realistic cell texts to measure, as JSON Lines, deterministic for a seed.
struct DatasetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dataset",
        abstract: "Write realistic cell texts as JSON Lines, the same bytes for the same seed.",
        usage: "rowheight dataset --rows <n> [--kind <kind>] [--seed <s>] [<options>]",
        discussion: """
            Writes --rows lines {"text":"…"} of generated table-cell texts: message lengths with a long tail, URLs, e-mail addresses, hashes, paths, numbers, prices, times, newlines, stray spaces and empty rows (en); Japanese prose with its punctuation (ja); both, with emoji (mixed); or chat-like short messages with emoji and the occasional long one (chat).

            The same --seed, --kind and --rows give identical bytes, across runs and --jobs; fewer rows give a prefix of more.

            Examples:
              rowheight dataset --rows 1000000 --kind mixed -o rows.jsonl
              rowheight dataset --rows 5 --kind chat --seed 7
              rowheight dataset --rows 100000 | rowheight measure -i - --stats
            """
    )

    @Option(help: ArgumentHelp("How many rows to write.", valueName: "n"))
    var rows: Int

    @Option(help: ArgumentHelp("en, ja, mixed or chat.", valueName: "kind"))
    var kind: DatasetKind = .en

    @Option(help: ArgumentHelp("The seed: the same seed, the same bytes.", valueName: "s"))
    var seed: UInt64 = 2026

    @OptionGroup(title: "Run") var execution: RunOptions

    func validate() throws {
        try OptionRanges.rows.check(rows, option: "--rows")
    }

    func run() throws {
        let start = ContinuousClock.now
        let writer = try execution.makeWriter()
        let total = rows
        var written = 0
        let progress = execution.makeProgress { [total] in
            total > 0 ? Double(written) / Double(total) : 1
        }
        do {
            try DatasetWriter(kind: kind, seed: seed, rows: rows, jobs: execution.jobs).write(to: writer) { done in
                written = done
                progress.update(rows: done)
            }
        } catch {
            progress.finish(rows: written)
            throw error
        }
        progress.finish(rows: rows)
        execution.printStatistics(rows: rows, since: start)
    }
}
