import Foundation
import RowHeight

extension CellTemplate {
    /// Loads the template file a command line names, failing with a one-line `InputError` that
    /// names the file: missing, not valid JSON, or not a valid template.
    ///
    /// (`measure --template` has its own copy of this in `MeasureCommand`; one of them can go.)
    static func load(commandLinePath path: String) throws -> CellTemplate {
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
