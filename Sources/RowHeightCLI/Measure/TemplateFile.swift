#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RowHeight
import TextMeasure

/// Loading the cell template file of `--template`, shared by the commands that take one.
enum TemplateFile {
    /// Loads a template file, failing before any output with a one-line reason.
    ///
    /// - Throws: `InputError` naming the file: missing, not valid JSON, not a valid template, or naming a font that cannot be loaded.
    static func load(_ path: String) throws -> CellTemplate {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError("\(path): no such template file") }
        do {
            return try CellTemplate(contentsOf: path)
        } catch let error as DecodingError {
            let depth = FileManager.default.contents(atPath: path).map { JSONNesting.depth(of: $0) } ?? 0
            if depth > JSONNesting.decoderLimit {
                throw InputError(
                    "\(path): invalid template: nested \(depth) levels deep; at most \(JSONNesting.decoderLimit) can be read")
            }
            throw InputError("\(path): invalid template: \(TemplateErrorText.describe(error))")
        } catch let error as CellTemplateSpecError {
            throw InputError("\(path): \(error.description)")
        } catch let error as FontError {
            throw InputError("\(path): \(error.description)")
        }
    }
}
