import ArgumentParser
import TextMeasure

/// Text-style options shared by the commands that measure.
struct StyleOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp(
        "A font file (TrueType, OpenType, collection as PATH or PATH#INDEX); repeat for a fallback chain. Default: the bundled DejaVu Sans, then IPAexGothic.",
        valueName: "path"))
    var fonts: [String] = []

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

    /// The style these options describe (loads the fonts).
    ///
    /// - Throws: `FontError` for a missing or corrupt font, `TextMeasureError` for a bad number.
    func makeStyle() throws -> TextStyle {
        let chain: FontChain
        if fonts.isEmpty {
            chain = try FontChain.bundled()
        } else {
            var loaded: [Font] = []
            for spec in fonts {
                var path = spec
                var index = 0
                if let hash = spec.lastIndex(of: "#"), let parsed = Int(spec[spec.index(after: hash)...]) {
                    path = String(spec[..<hash])
                    index = parsed
                }
                loaded.append(try Font(path: path, faceIndex: index))
            }
            chain = try FontChain(loaded)
        }
        let style = TextStyle(
            fontChain: chain, fontSize: size, lineBreakMode: lineBreak.mode, numberOfLines: maxLines,
            lineSpacing: lineSpacing, lineHeightMultiple: lineHeightMultiple, scale: scale, profile: profile,
            lineBreakStrategy: lineBreakStrategy?.strategy)
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
