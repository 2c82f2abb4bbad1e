import Foundation
@testable import TextMeasure

extension PangoOracle {
    /// One combination of a corpus measured against the oracle.
    struct Comparison {
        var size: Double
        var width: Double
        var wrap: String
        /// Rows (0-based) whose line counts differ.
        var mismatches: [Int]
        var rowCount: Int

        /// The fraction of rows with identical line counts.
        var agreement: Double { 1 - Double(mismatches.count) / Double(rowCount) }

        /// "size S width W wrap: k rows differ, e.g. rows …" (1-based rows).
        var detail: String {
            "size \(Int(size)) width \(Int(width)) \(wrap): \(mismatches.count) rows differ, e.g. rows \(mismatches.prefix(8).map { $0 + 1 })"
        }
    }

    /// Measures every text with the `.pango` profile in every combination, in the oracle's
    /// order (size-major, then width, then wrap), and compares line counts with `expected`.
    static func compare(
        texts: [String], expected: [[Int]], chain: FontChain, sizes: [Double], widths: [Double]
    ) throws -> [Comparison] {
        var results: [Comparison] = []
        for size in sizes {
            for width in widths {
                for wrap in wraps {
                    let style = TextStyle(
                        fontChain: chain, fontSize: size,
                        lineBreakMode: wrap == "word" ? .byWordWrapping : .byCharWrapping, profile: .pango)
                    let measurer = try TextMeasurer(style: style)
                    let combination = results.count
                    var mismatches: [Int] = []
                    for (row, text) in texts.enumerated() where try measurer.measure(text, width: width).lineCount
                        != expected[row][combination]
                    {
                        mismatches.append(row)
                    }
                    results.append(Comparison(size: size, width: width, wrap: wrap, mismatches: mismatches, rowCount: texts.count))
                }
            }
        }
        return results
    }
}
