@testable import LineBreak

/// Sample scalars for every input code of the line breaker (the resolved classes and the
/// refinements the rules distinguish), found by scanning the whole code space, for building random test strings.
enum ScalarSamples {
    /// Up to a few dozen scalars per input code (resolved class or refinement of one), spread over the code
    /// space, plus hand-picked ones (white space, regional indicators, emoji).
    static let all: [[Unicode.Scalar]] = {
        var groups: [UInt8: [Unicode.Scalar]] = [:]
        var value: UInt32 = 0
        while value < 0x11_0000 {
            if let scalar = Unicode.Scalar(value) {
                let entry = LineBreakTables.code(value)
                if groups[entry, default: []].count < 24 { groups[entry, default: []].append(scalar) }
            }
            // Dense at the start (ASCII, Latin, punctuation), sparser further out.
            value += value < 0x3100 ? 1 : 7
        }
        var result = groups.keys.sorted().map { groups[$0]! }
        let handPicked: [UInt32] = [
            0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0x200B, 0x200D, 0x2060, 0xA0,
            0x3000, 0x2003, 0x1F1E6, 0x1F1EF, 0x1F1F5, 0x1F466, 0x1F3FB, 0x1F3FF, 0x1F469, 0x2764,
            0x1FAF8, 0x1F02C, 0x0301, 0xFE0F, 0x28, 0x29, 0xFF08, 0xFF09, 0x22, 0x2D, 0x24, 0x25,
            0x30, 0x2C, 0x2E, 0x2F, 0x5D0, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x0E01, 0x0E31,
            0x3041, 0x30A1, 0x4E00, 0x3001, 0x3002, 0x300C, 0x300D, 0xE000, 0x378, 0x10FFFF,
        ]
        result.append(handPicked.map { Unicode.Scalar($0)! })
        return result
    }()

    /// A random string of `length` scalars: a random group, then a random scalar from it.
    static func randomScalars(length: Int, using generator: inout SplitMix64) -> [Unicode.Scalar] {
        (0..<length).map { _ in all.randomElement(using: &generator)!.randomElement(using: &generator)! }
    }
}

extension Array where Element == Unicode.Scalar {
    /// The scalars as a string.
    var string: String {
        var s = ""
        s.unicodeScalars.append(contentsOf: self)
        return s
    }
}
