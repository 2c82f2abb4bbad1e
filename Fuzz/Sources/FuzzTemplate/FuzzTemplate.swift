import Foundation
import FuzzSupport
import RowHeight
import TextMeasure

/// Fuzzes the cell template parser and layout: the input is a template's JSON. A template that
/// loads (and names no font files, so the fuzzer never opens arbitrary paths) is laid out for a
/// few rows and widths; every height must be finite and ≥ 0, or a typed error.
@main
enum FuzzTemplate {
    static let rows: [[String: String]] = [
        [:],
        ["title": "Hello, world", "subtitle": "", "body": "A longer line of text that wraps at narrow widths."],
        ["title": "日本語のテキスト", "body": "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.\nNew line"],
    ]
    static let widths: [Double] = [0.5, 40, 280, 1e6]

    static func main() {
        FuzzDriver.run { data, size in
            FuzzTemplate.check(data.map { Data(bytes: $0, count: size) } ?? Data())
            return 0
        }
    }

    static func check(_ json: Data) {
        guard let spec = try? JSONDecoder().decode(CellTemplateSpec.self, from: json), !namesFonts(spec.root)
        else { return }
        let template: CellTemplate
        do {
            template = try CellTemplate(json: json)
        } catch {
            require(!String(describing: error).isEmpty, "an error without a description")
            return
        }
        for row in rows {
            var filled = row
            for field in template.fields where filled[field] == nil { filled[field] = "x" }
            for width in widths {
                guard let height = try? template.height(for: filled, width: width) else { continue }
                require(height.isFinite && height >= 0, "height \(height) at width \(width)")
            }
        }
    }

    /// Whether some text node of the tree names font files.
    static func namesFonts(_ node: CellTemplateSpec.NodeSpec) -> Bool {
        if node.style?.fonts.map({ !$0.isEmpty }) == true { return true }
        if let child = node.child, namesFonts(child) { return true }
        return node.children?.contains(where: namesFonts) ?? false
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
