import Foundation
import Testing
@testable import RowHeightCLI

/// The tool links only FoundationEssentials; these helpers replace the Foundation calls it used
/// to make, and must answer exactly as those calls do (which the tests, linking Foundation, ask).
@Suite("Helpers that replace Foundation calls")
struct FoundationFreeHelpersTests {
    @Test("trimmingWhitespace removes what trimmingCharacters(in: .whitespaces) removes")
    func trimming() {
        let samples = [
            "", " ", "\t", "320", " 320 ", "\t375\t", "\u{3000}414\u{2003}", " \u{A0}12.5\u{202F} ", "1 2",
            "\n320\n", "\u{200B}320", " \u{1680}x\u{205F}", "é ", " 漢 ", "\u{2028}3\u{2029}",
        ]
        for sample in samples {
            for text in [Substring(sample), Substring("#" + sample + "#").dropFirst().dropLast()] {
                let expected = text.trimmingCharacters(in: .whitespaces)
                #expect(String(MeasureCommand.trimmingWhitespace(text)) == expected, "\(sample.debugDescription)")
            }
        }
    }

    @Test("Every BMP scalar around a number is trimmed or kept as Foundation does")
    func trimmingEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = Substring("\(scalar)5\(scalar)")
            if MeasureCommand.trimmingWhitespace(text) != text.trimmingCharacters(in: .whitespaces) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test("RunStatistics.fixed writes what String(format:) writes")
    func fixedDigits() {
        let values: [Double] = [0, 0.0005, 0.0015, 1.25, 2.5, 3.5, 0.1234567, 12345.6789, 1e9 + 0.5, 21.95, 99.95, -1.5]
        for value in values {
            for digits in [0, 1, 3] {
                #expect(RunStatistics.fixed(value, digits) == String(format: "%.\(digits)f", value), "\(value) \(digits)")
            }
        }
    }
}
