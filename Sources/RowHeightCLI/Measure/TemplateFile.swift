import Foundation
import RowHeight

/// Loading the cell template file of `--template`, shared by the commands that take one.
enum TemplateFile {
    /// Loads a template file, failing before any output with a one-line reason.
    ///
    /// - Throws: `InputError` naming the file: missing, not valid JSON, or not a valid template.
    static func load(_ path: String) throws -> CellTemplate {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError("\(path): no such template file") }
        do {
            return try CellTemplate(contentsOf: path)
        } catch let error as DecodingError {
            throw InputError("\(path): invalid template: \(TemplateErrorText.describe(error))")
        } catch let error as CellTemplateSpecError {
            throw InputError("\(path): \(error.description)")
        }
    }
}
