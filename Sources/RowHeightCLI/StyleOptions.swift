import ArgumentParser
import TextMeasure

/// Text-style options shared by the commands that measure.
struct StyleOptions: ParsableArguments {
    @OptionGroup var font: FontOptions

    @Option(help: ArgumentHelp("Font size in points.", valueName: "pt"))
    var size: Double = 17

    @Option(name: .customLong("line-break"), help: ArgumentHelp("Wrapping: word or char.", valueName: "mode"))
    var lineBreak: LineBreakModeArgument = .word

    @Option(name: .customLong("max-lines"), help: ArgumentHelp("Cap on reported lines (numberOfLines); 0 = unlimited.", valueName: "n"))
    var maxLines: Int = 0

    @Option(name: .customLong("line-spacing"), help: ArgumentHelp("Extra space between lines, points.", valueName: "pt"))
    var lineSpacing: Double = 0

    @Option(name: .customLong("line-height-multiple"), help: ArgumentHelp("Line height multiplier.", valueName: "x"))
    var lineHeightMultiple: Double = 1

    @Option(help: ArgumentHelp("Display scale; heights are rounded up to its pixel grid.", valueName: "s"))
    var scale: Double = 1

    @Option(help: ArgumentHelp("Layout rules: uikit (UIKit/Core Text) or pango (Pango 1.50).", valueName: "profile"))
    var profile: LayoutProfile = .uikit

    @Option(name: .customLong("line-break-strategy"), help: ArgumentHelp(
        "Korean: standard (no break between Hangul syllables, UIKit's default), hangul-word-priority (the same), or none (breaks between syllables, Pango's). Default: the profile's.",
        valueName: "strategy"))
    var lineBreakStrategy: LineBreakStrategyArgument?

    @Flag(
        name: .customLong("system-fallback"),
        help: ArgumentHelp(
            "Draw characters no --font has with the installed font fontconfig prefers for each (as Pango does), instead of the first font's missing glyph."))
    var systemFallback = false

    func validate() throws {
        try OptionRanges.fontSize.check(size, option: "--size")
        try OptionRanges.maxLines.check(maxLines, option: "--max-lines")
        try OptionRanges.lineSpacing.check(lineSpacing, option: "--line-spacing")
        try OptionRanges.lineHeightMultiple.check(lineHeightMultiple, option: "--line-height-multiple")
        try OptionRanges.scale.check(scale, option: "--scale")
    }

    /// The style these options describe (loads the fonts).
    ///
    /// - Throws: `FontError` for a missing or corrupt font, `TextMeasureError` for a bad number.
    func makeStyle() throws -> TextStyle {
        let chain = try font.makeChain()
        let style = TextStyle(
            fontChain: chain, fontSize: size, lineBreakMode: lineBreak.mode, numberOfLines: maxLines,
            lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, scale: scale, profile: profile,
            lineBreakStrategy: lineBreakStrategy?.strategy, systemFallback: systemFallback)
        try style.validate()
        return style
    }
}

/// `--line-break word|char`.
enum LineBreakModeArgument: String, ExpressibleByArgument, CaseIterable {
    case word, char
    var mode: LineBreakMode { self == .word ? .byWordWrapping : .byCharWrapping }
}

/// `--line-break-strategy standard|hangul-word-priority|none`.
enum LineBreakStrategyArgument: String, ExpressibleByArgument, CaseIterable {
    case standard, hangulWordPriority = "hangul-word-priority", none
    var strategy: LineBreakStrategy {
        switch self {
        case .standard: .standard
        case .hangulWordPriority: .hangulWordPriority
        case .none: []
        }
    }
}

extension LayoutProfile: ExpressibleByArgument {}
