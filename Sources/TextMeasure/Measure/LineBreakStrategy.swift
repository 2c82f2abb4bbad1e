import LineBreak

/// Extra rules for where lines may break, with the names of UIKit's
/// `NSParagraphStyle.LineBreakStrategy`.
///
/// Only `hangulWordPriority` changes where lines break here; `pushOut` (UIKit's widow
/// avoidance, which moves a word to the last line) is accepted and not modelled.
public struct LineBreakStrategy: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt

    /// Creates a strategy from UIKit's raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// UIKit's `.pushOut` (accepted, not modelled).
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// No line break between Hangul syllables: Korean wraps at spaces, like CSS
    /// `word-break: keep-all` (`LineBreakTailoring.keepHangulWords`).
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
    /// UIKit's default for labels (`UILabel.lineBreakStrategy`): includes `hangulWordPriority`.
    public static let standard = LineBreakStrategy(rawValue: 0xFFFF)

    /// The strategy a profile follows when a style sets none: `.standard` for `.uikit`, none
    /// (breaks between Hangul syllables, as UAX #14 and Pango) for `.pango`.
    public static func `default`(for profile: LayoutProfile) -> LineBreakStrategy {
        profile == .uikit ? .standard : []
    }

    /// The tailoring of UAX #14 this strategy makes.
    var tailoring: LineBreakTailoring {
        contains(.hangulWordPriority) ? .keepHangulWords : []
    }
}
