import ArgumentParser
import TextMeasure

/// `rowheight fonts`: which font of the chain draws each character of a text, and why; the
/// fonts' metrics; what no font has.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Show which font draws each character of a text, the fonts' metrics, and what is missing.",
        usage: "rowheight fonts <text> [--font <font> ...] [<options>]",
        discussion: """
            For each grapheme cluster of TEXT: the font (file and face) it comes from and why — the first font of the chain that has all of its characters —, or that no font has it (then it is measured as the primary font's missing glyph). Then each font of the chain: its family, faces, colour tables, and its metrics at --size (ascender, descender, line gap, line height = ascender − descender + line gap; the pango profile leaves out the line gap) and units per em. Last, what is missing, as U+XXXX.

            --system-fallback also names, for each missing character, the installed font fontconfig would draw it with (as Pango falls back), or that none has it. --json prints one JSON object instead.

            Examples:
              rowheight fonts 'Hi 👋 日本'
              rowheight fonts '漢字 ✓' --font 'Noto Sans' --font fonts/ipaexg.ttf --json
              rowheight fonts 'Ünïcödé' --font NotoSansCJK-Regular.ttc#1
            """
    )

    @Argument(help: "The text to look at.")
    var text: String

    @OptionGroup var font: FontOptions

    @Option(help: ArgumentHelp("Font size in points, for the metrics.", valueName: "pt"))
    var size: Double = 17

    @Option(help: ArgumentHelp("Line height rule: uikit (with the line gap) or pango (without).", valueName: "profile"))
    var profile: LayoutProfile = .uikit

    @Flag(name: .customLong("system-fallback"), help: "Also show the installed font fontconfig would take for each missing character.")
    var systemFallback = false

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard size.isFinite, size > 0 else { throw ValidationError("--size must be a positive number of points.") }
    }

    func run() throws {
        let report = FontsReport(
            text: text, chain: try font.makeChain(), size: size, profile: profile, systemFallback: systemFallback)
        var out = OutputBuffer()
        if json { report.appendJSON(to: &out) } else { out.append(report.text) }
        try out.flush()
    }
}
