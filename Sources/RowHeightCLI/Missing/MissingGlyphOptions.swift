import ArgumentParser

/// `--strict`: what the commands that measure do with characters no font covers.
struct MissingGlyphOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Make a row with a character no font covers an error (FILE:LINE naming the character; with --skip-invalid, an error record) instead of a warning at the end."))
    var strict = false

    /// The log of a run with these options.
    func makeLog() -> MissingGlyphLog { MissingGlyphLog(strict: strict) }
}
