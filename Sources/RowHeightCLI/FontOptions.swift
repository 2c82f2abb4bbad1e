import ArgumentParser
import TextMeasure

/// `--font`: the font chain of the commands that measure and of `rowheight fonts`.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp(
        "A font file (PATH, or PATH#INDEX for a face of a collection) or a family name (\"Noto Sans\", through fontconfig); repeat for a fallback chain. Files of one family are its faces. Default: the bundled DejaVu Sans, IPAexGothic, Noto Color Emoji.",
        valueName: "font"))
    var fonts: [String] = []

    /// The chain `--font` names (files and family names in fallback order), or the bundled chain.
    ///
    /// - Throws: `FontError` for a missing or damaged font, an unknown family or a malformed
    ///   specification.
    func makeChain() throws(FontError) -> FontChain {
        if fonts.isEmpty { return try FontChain.bundled() }
        var sources: [FontSource] = []
        for spec in fonts { sources.append(try FontSource.parse(spec)) }
        return try FontChain(sources: sources)
    }
}
