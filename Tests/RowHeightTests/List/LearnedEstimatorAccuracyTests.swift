import Foundation
import Testing
import TextMeasure

@testable import RowHeight

/// The learning estimator on real rows: the English corpus (`Tests/TextMeasureTests/Fixtures/corpus/en.jsonl`)
/// in a cell of 11 pt vertical and 16 pt horizontal insets around a 17 pt label of the bundled fonts.
@Suite struct LearnedEstimatorAccuracyTests {
    static func englishRows() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("TextMeasureTests/Fixtures/corpus/en.jsonl")
        let data = try String(contentsOf: url, encoding: .utf8)
        return try data.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["text"] as? String)
        }
    }

    /// Rows of `texts` measured by a cell template, described by their character count.
    struct TemplateRows: RowFeatureProviding {
        let texts: [String]
        let template: CellTemplate
        func height(ofRow row: Int, width: Double) throws -> Double {
            try template.height(for: ["text": texts[row]], width: width)
        }
        func features(ofRow row: Int) -> RowFeatures { RowFeatures(length: Double(texts[row].count)) }
    }

    /// After the list showed its first screen (the only rows it learned from) and re-estimated, the
    /// estimates of all other rows are on average within a third of the error of UIKit's customary
    /// 44 pt constant, at the phone widths that constant is made for. (At 768 pt most rows are one
    /// line, a line through height against length fits the steps of wrapping less well, and the
    /// learned error is about 0.6 of the constant's.)
    @Test(arguments: [320.0, 375])
    func learnedErrorIsAtMostAThirdOfAConstant44(width: Double) throws {
        let style = try TextStyle.bundled(fontSize: 17)
        let template = CellTemplate(
            .inset(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16), .text(TextNode(.field("text"), style: style))))
        let rows = TemplateRows(texts: try Self.englishRows(), template: template)
        let model = try ListHeightModel(rowCount: rows.texts.count, width: width, measurer: rows)
        let first = try model.show(Viewport(offset: 0, height: 800))
        #expect(model.estimator.sampleCount == first.measuredRowCount)
        #expect(first.measuredRowCount < 60)
        _ = model.reestimate()
        var learnedError = 0.0
        var constantError = 0.0
        let estimator = model.estimator
        for row in first.preparedRows.upperBound..<rows.texts.count {
            let exact = try rows.height(ofRow: row, width: width)
            learnedError += abs(
                estimator.estimate(forRow: row, features: rows.features(ofRow: row), width: width) - exact)
            constantError += abs(44 - exact)
            // The model holds the same estimate (to the fixed-point quantum).
            if row % 97 == 0 {
                let held = try model.height(ofRow: row)
                let expected = estimator.estimate(forRow: row, features: rows.features(ofRow: row), width: width)
                #expect(abs(held - expected) <= 1.0 / 384)
            }
        }
        #expect(learnedError <= constantError / 3, "learned \(learnedError), constant \(constantError)")
    }
}
