#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Locates the open-licensed fonts bundled with RowHeight (DejaVu Sans, IPAexGothic and Noto
/// Color Emoji).
///
/// The fonts live in the repository's top-level `fonts/` folder. They are found, in order:
/// 1. in the folder named by the environment variable `ROWHEIGHT_FONTS_DIR`;
/// 2. in a `fonts/` folder beside the running executable (for a copied binary);
/// 3. in the source checkout the package was built from (so `swift run`, `swift test` and a
///    built binary run from any directory all work).
public enum BundledFonts {
    /// File name of the bundled DejaVu Sans.
    public static let dejaVuSansFileName = "DejaVuSans.ttf"
    /// File name of the bundled IPAexGothic.
    public static let ipaexGothicFileName = "ipaexg.ttf"
    /// File name of the bundled Noto Color Emoji (CBDT/CBLC colour bitmaps).
    public static let notoColorEmojiFileName = "NotoColorEmoji.ttf"
    /// The default chain's files in fallback order.
    public static let chainFileNames = [dejaVuSansFileName, ipaexGothicFileName, notoColorEmojiFileName]

    /// The directory holding the bundled font files, or `nil` if none of the places above has them.
    public static var directory: String? { cachedDirectory }

    private static let cachedDirectory: String? = {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["ROWHEIGHT_FONTS_DIR"], !env.isEmpty {
            candidates.append(env)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("fonts").path)
        // #filePath is …/Sources/TextMeasure/BundledFonts.swift; fonts/ is two levels above Sources.
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(
            source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("fonts").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/" + dejaVuSansFileName) }
    }()

    /// Path of the bundled DejaVu Sans, if found.
    public static var dejaVuSansPath: String? { directory.map { $0 + "/" + dejaVuSansFileName } }
    /// Path of the bundled IPAexGothic, if found.
    public static var ipaexGothicPath: String? { directory.map { $0 + "/" + ipaexGothicFileName } }
    /// Path of the bundled Noto Color Emoji, if found.
    public static var notoColorEmojiPath: String? { directory.map { $0 + "/" + notoColorEmojiFileName } }
}
