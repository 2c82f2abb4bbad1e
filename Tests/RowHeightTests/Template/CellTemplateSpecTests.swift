import Foundation
import Testing
@testable import RowHeight

/// Template files are range-checked when read (issue 13, finding 6).
@Suite("Template files: values checked when read")
struct CellTemplateSpecTests {
    static func error(_ json: String) -> CellTemplateSpecError? {
        do {
            _ = try CellTemplate(json: Data(json.utf8))
            return nil
        } catch let error as CellTemplateSpecError {
            return error
        } catch {
            Issue.record("not a CellTemplateSpecError: \(error)")
            return nil
        }
    }

    @Test("Negative lengths, min > max, non-positive sizes and unknown enum values name their JSON path and value")
    func ranges() {
        let cases: [(String, String)] = [
            (#"{"root": {"type": "inset", "top": -5, "child": {"type": "box", "width": 1, "height": 1}}}"#,
             "root.top: -5.0 is negative; it must be 0 or more"),
            (#"{"root": {"type": "box", "width": 10, "height": -180}}"#, "root.height: -180.0 is negative; it must be 0 or more"),
            (#"{"root": {"type": "vstack", "spacing": -1, "children": []}}"#, "root.spacing: -1.0 is negative; it must be 0 or more"),
            (#"{"root": {"type": "sized", "minHeight": 50, "maxHeight": 20, "child": {"type": "box", "width": 1, "height": 1}}}"#,
             "root: minHeight 50.0 is greater than maxHeight 20.0"),
            (#"{"scale": 0, "root": {"type": "box", "width": 1, "height": 1}}"#, "scale: 0.0 must be greater than 0"),
            (#"{"root": {"type": "text", "text": "a", "style": {"size": -3}}}"#, "root.style.size: -3.0 must be greater than 0"),
            (#"{"root": {"type": "vstack", "alignment": "middle", "children": []}}"#,
             #"root.alignment: unknown alignment "middle" (use leading, center or trailing)"#),
            (#"{"root": {"type": "text", "text": "a", "style": {"profile": "gtk"}}}"#,
             #"root.style.profile: unknown profile "gtk" (use uikit or pango)"#),
            (#"{"root": {"type": "hstack", "children": [{"type": "box", "width": 1, "height": 1, "shrink": -1}]}}"#,
             "root.children[0].shrink: -1.0 is negative; it must be 0 or more"),
        ]
        for (json, message) in cases {
            #expect(Self.error(json)?.description == message, "\(json)")
        }
    }

    @Test("Nesting deeper than the limit is reported as such")
    func depth() {
        var json = #"{"type": "box", "width": 1, "height": 1}"#
        for _ in 0..<CellTemplateSpec.maxDepth { json = #"{"type": "inset", "child": \#(json)}"# }
        let error = Self.error(#"{"root": \#(json)}"#)
        #expect(error?.problem == "nodes nested more than 64 deep")
    }

    @Test("Flex settings and required fields are read")
    func flexAndRequired() throws {
        let template = try CellTemplate(json: Data(#"""
            {"root": {"type": "hstack", "children": [
              {"type": "text", "field": "text", "grow": 1, "maxWidth": 300},
              {"type": "text", "field": "time", "required": true, "shrink": 0}]}}
            """#.utf8))
        guard case .hstack(_, let children) = template.root, case .flex(let message, _) = children[0],
            case .flex(let time, .text(let timeNode)) = children[1]
        else {
            Issue.record("unexpected tree \(template.root)")
            return
        }
        #expect(message == FlexItem(grow: 1, maxWidth: 300))
        #expect(time == FlexItem(shrink: 0))
        #expect(timeNode.isRequired)
        #expect(template.requiredFields == ["time"])
    }
}
