#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a font of a chain comes from: a face of a font file, or a family name that fontconfig
/// resolves to the files of its faces.
public enum FontSource: Sendable, Hashable, CustomStringConvertible {
    /// Face `faceIndex` of the font file at `path` (TrueType, OpenType, or a `.ttc`/`.otc`
    /// collection).
    case file(path: String, faceIndex: Int)
    /// A family name, e.g. "Noto Sans": every face fontconfig lists for it. Generic names
    /// (`sans-serif`, `serif`, `monospace`, `emoji`, `system-ui`) take the family fontconfig
    /// configures for them.
    case family(String)

    /// File name endings that make a specification a path even when no such file exists (so a
    /// mistyped path says "file not found", not "family not found").
    static let fontFileExtensions = [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2", ".pfb", ".pfa", ".dfont",
                                     ".pcf", ".bdf", ".fon"]

    /// Reads a font specification as the command line and templates write it: `PATH`,
    /// `PATH#INDEX` (a face of a collection), or a family name.
    ///
    /// A specification is a file when, without its `#INDEX`, it names an existing file (a
    /// relative path is taken from `directory` when given), or when it looks like a path (it
    /// holds a `/`, ends with a font file extension, or has a `#INDEX`); otherwise it is a
    /// family name.
    ///
    /// - Throws: `FontError.invalidSpecification` for an empty specification or a `#` suffix
    ///   that is not a face index (a non-negative integer).
    public static func parse(_ specification: String, relativeTo directory: String? = nil) throws(FontError) -> FontSource {
        let trimmed = specification.trimmingSpaces
        guard !trimmed.isEmpty else { throw .invalidSpecification(specification, reason: "it is empty") }
        var path = trimmed
        var index: Int?
        if let hash = trimmed.lastIndex(of: "#") {
            let suffix = trimmed[trimmed.index(after: hash)...]
            let prefix = String(trimmed[..<hash])
            if let parsed = Int(suffix), suffix.allSatisfy(\.isASCII) {
                guard parsed >= 0 else {
                    throw .invalidSpecification(specification, reason: "face index \(parsed) is negative")
                }
                (path, index) = (prefix, parsed)
            } else if fileExists(resolve(prefix, in: directory)) {
                throw .invalidSpecification(
                    specification, reason: "'\(suffix)' after '#' is not a face index (a non-negative integer)")
            }
        }
        let resolved = resolve(path, in: directory)
        if index != nil || fileExists(resolved) || path.contains("/")
            || fontFileExtensions.contains(where: { path.lowercased().hasSuffix($0) })
        {
            return .file(path: resolved, faceIndex: index ?? 0)
        }
        return .family(trimmed)
    }

    /// `path` taken from `directory` when it is relative and a directory is given.
    static func resolve(_ path: String, in directory: String?) -> String {
        guard let directory, !directory.isEmpty, !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    private static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// `PATH`, `PATH#INDEX` (index other than 0), or the family name.
    public var description: String {
        switch self {
        case .file(let path, let faceIndex): faceIndex == 0 ? path : "\(path)#\(faceIndex)"
        case .family(let name): name
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
