import Foundation

/// A fresh directory under the system's temporary directory, removed when `body` returns.
func withTemporaryDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("RowHeightFontTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// Writes `bytes` to a file named `name` in `directory` and returns its path.
func writeFile(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}
