import Foundation
import Testing
@testable import RowHeightCLI

private func written(_ body: (inout OutputBuffer) -> Void) -> String {
    var buffer = OutputBuffer()
    body(&buffer)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

/// Swift's `description`, without the `.0` of integral values (what `append(Double)` promises).
private func expectedText(_ value: Double) -> String {
    if value == 0 { return "0" }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

@Suite("OutputBuffer")
struct OutputBufferTests {
    @Test("Integers in decimal")
    func integers() {
        let values = [0, 7, 9, 10, 42, 99, 100, 12345, -1, -10, 1_000_000_007, Int.max, Int.min]
        for value in values {
            #expect(written { $0.append(value) } == String(value))
        }
    }

    @Test("Unsigned integers around every power of ten, and the largest")
    func powersOfTenBoundaries() {
        var values: [UInt] = [0, 1, UInt.max, UInt.max - 1]
        var power: UInt = 1
        for _ in 0..<20 {
            values += [power - 1, power, power + 1]
            if power <= UInt.max / 2 { values.append(power * 2 - 1) }
            if power > UInt.max / 10 { break }
            power *= 10
        }
        for value in values {
            #expect(written { $0.appendDecimal(value) } == String(value))
        }
    }

    @Test("Doubles: the shortest round-trip text, integral values without .0")
    func doubles() {
        let fixed: [(Double, String)] = [
            (20, "20"), (20.5, "20.5"), (-3, "-3"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"), (-0.0, "0"),
            (1.0 / 3, "0.3333333333333333"), (41.0 + 1.0 / 3, "41.333333333333336"), (1e15, "1000000000000000"),
            (1e16, "1e+16"), (123456.789, "123456.789"), (0.001, "0.001"), (0.0001, "0.0001"),
            (11.62939453125, "11.62939453125"), (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
            (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        ]
        for (value, text) in fixed {
            #expect(written { $0.append(value) } == text, "\(value)")
        }
        // Against `description` on many values: pixel-grid heights, font-unit widths, random doubles.
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for scale in [1.0, 2, 3] {
            for k in 0..<3000 { values.append(Double(k) / scale) }
        }
        for units in 0..<3000 { values.append(Double(units) * 17 / 2048) }
        for _ in 0..<20_000 {
            values.append(Double.random(in: 0..<1000, using: &generator))
            values.append(-Double.random(in: 0..<1e14, using: &generator))
            values.append(Double.random(in: 0.001..<1, using: &generator))
            values.append((Double.random(in: 0..<10_000, using: &generator) * 10_000).rounded() / 10_000)
            values.append(Double(bitPattern: UInt64.random(in: 0..<UInt64.max, using: &generator)))
            // Decimals of 1 to 17 significant digits from 10⁻³ to 10¹⁵.
            let digits = Int.random(in: 1...17, using: &generator)
            let mantissa = String(UInt64.random(in: 1...UInt64(999_999_999_999_999_999), using: &generator)).prefix(digits)
            values.append(Double("\(mantissa)e\(Int.random(in: -3...15, using: &generator) - digits)")!)
        }
        var mismatches: [String] = []
        for value in values where value.isFinite {
            let text = written { $0.append(value) }
            if text != expectedText(value) && mismatches.count < 10 { mismatches.append("\(value): \(text)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("Short binary fractions (most widths) read as their descriptions")
    func binaryFractions() {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            // n / 2^s for every s up to 24 and wholes of 0 to 15 digits, either sign.
            let s = Int.random(in: 1...24, using: &generator)
            let whole = UInt64.random(in: 0...UInt64(1) << Int.random(in: 0...50, using: &generator), using: &generator)
            let fraction = Double(UInt64.random(in: 1..<(UInt64(1) << s), using: &generator)) / Double(UInt64(1) << s)
            var value = Double(whole) + fraction
            if Bool.random(using: &generator) { value = -value }
            let text = written { $0.append(value) }
            if text != expectedText(value) && mismatches.count < 10 { mismatches.append("\(value): \(text)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(written { $0.append(224.818359375) } == "224.818359375")
        #expect(written { $0.append(-0.5) } == "-0.5")
        #expect(written { $0.append(0.0009765625) } == "0.0009765625")
        #expect(written { $0.append(999_999_999_999.5) } == "999999999999.5")
    }

    @Test("Rounded doubles")
    func roundedDoubles() {
        #expect(written { $0.append(19.789123, fractionDigits: 4) } == "19.7891")
        #expect(written { $0.append(20.00001, fractionDigits: 2) } == "20")
        #expect(written { $0.append(-0.5, fractionDigits: 0) } == "-1")
    }

    @Test("JSON strings escape what they must and read back the same")
    func jsonStrings() throws {
        #expect(written { $0.appendJSONString("a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1F} é😀/") }
            == #""a\"b\\c\n\r\t\b\f\u0001\u001f é😀/""#)
        #expect(written { $0.appendJSONString("") } == #""""#)
        let alphabet: [Unicode.Scalar] = ["a", " ", "\"", "\\", "\n", "\u{0}", "\u{7F}", "é", "😀", "\u{2028}"]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...30) { text.unicodeScalars.append(alphabet.randomElement()!) }
            let json = written { $0.appendJSONString(text) }
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
            #expect(decoded == [text])
        }
    }

    @Test("Text, bytes, truncation")
    func basics() {
        var buffer = OutputBuffer(capacity: 4)
        buffer.append("abc")
        buffer.append(String("déf"))
        buffer.appendByte(0x21)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "abcdéf!")
        buffer.truncate(to: 2)
        #expect(buffer.bytes == Array("ab".utf8))
        buffer.truncate(to: 5)
        #expect(buffer.count == 2)
        buffer.removeAll()
        #expect(buffer.isEmpty)
    }
}
