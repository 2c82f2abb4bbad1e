import Testing
@testable import TextMeasure

/// Paths of the bundled fonts; records an issue and throws if they cannot be found.
enum BundledFontPaths {
    static func dejaVuSans() throws -> String { try #require(BundledFonts.dejaVuSansPath) }
    static func ipaexGothic() throws -> String { try #require(BundledFonts.ipaexGothicPath) }
}
