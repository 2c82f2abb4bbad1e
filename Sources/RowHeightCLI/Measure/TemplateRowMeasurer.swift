import Foundation
import RowHeight

/// A worker's state for `measure --template`: reads the template's fields from each JSON Lines
/// record and prints the cell height at every width.
struct TemplateRowMeasurer {
    let template: CellTemplate
    let fields: [String]
    let widths: [Double]
    var parser = JSONLineParser()

    init(template: CellTemplate, widths: [Double]) {
        self.template = template
        self.fields = template.fields
        self.widths = widths
    }

    /// `{"height":H}` with one width, `{"height":[H1,H2,…]}` with several.
    mutating func measure(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into output: inout OutputBuffer)
        throws(RecordFailure)
    {
        do throws(JSONLineParser.Failure) {
            try parser.parse(line)
        } catch {
            throw RecordFailure(line: lineNumber, message: "invalid JSON at column \(error.column): \(error.message)")
        }
        var row: [String: String] = [:]
        for name in fields {
            guard let field = parser.field(named: name) else {
                throw RecordFailure(line: lineNumber, message: "field \"\(name)\" is missing")
            }
            guard field.kind == .string else {
                throw RecordFailure(line: lineNumber, message: "field \"\(name)\" must be a string, found \(field.kind)")
            }
            row[name] = parser.string(field)
        }
        output.append("{\"height\":")
        if widths.count > 1 { output.append("[") }
        for (i, width) in widths.enumerated() {
            if i > 0 { output.append(",") }
            do {
                output.append(try template.height(for: row, width: width))
            } catch {
                throw RecordFailure(line: lineNumber, message: "\(error)")
            }
        }
        if widths.count > 1 { output.append("]") }
        output.append("}\n")
    }
}

/// One-line descriptions of JSON decoding errors in template files.
enum TemplateErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON" + (context.codingPath.isEmpty ? "" : " at \(path(context))")
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context).isEmpty ? "top level" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
