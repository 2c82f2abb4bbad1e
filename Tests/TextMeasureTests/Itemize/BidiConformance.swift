import Foundation
import Testing
@testable import TextMeasure

/// What `BidiConformanceTests` needs to read Unicode's bidi conformance files and check one of
/// their cases against the repository's resolvers.
enum BidiConformance {
    /// Where Debian's `unicode-data` installs the files.
    static let directory = "/usr/share/unicode/"

    /// The lines of `/usr/share/unicode/NAME`, numbered from 1; fails (does not skip) when the
    /// file is missing.
    static func read(_ name: String) throws -> [(number: Int, line: Substring)] {
        let path = directory + name
        try #require(
            FileManager.default.fileExists(atPath: path),
            "\(path) is missing: install Debian's unicode-data (Scripts/debian-packages.txt)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0 + 1, $1) }
    }

    /// The Bidi_Class of the code points listed in `UnicodeData.txt` (field 4), ranges
    /// (`<…, First>`/`<…, Last>`) included.
    struct UnicodeClasses {
        var listed: [UInt32: String] = [:]
        var ranges: [(range: ClosedRange<UInt32>, name: String)] = []

        subscript(scalar: UInt32) -> String? {
            listed[scalar] ?? ranges.first { $0.range.contains(scalar) }?.name
        }
    }

    static func unicodeClasses() throws -> UnicodeClasses {
        var classes = UnicodeClasses()
        var first: UInt32?
        for (number, line) in try read("UnicodeData.txt") where !line.isEmpty {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            let value = try #require(fields.count > 4 ? UInt32(fields[0], radix: 16) : nil, "UnicodeData.txt:\(number)")
            let name = String(fields[4])
            if fields[1].hasSuffix(", First>") {
                first = value
            } else if fields[1].hasSuffix(", Last>"), let start = first {
                classes.ranges.append((start...value, name))
                first = nil
            } else {
                classes.listed[value] = name
            }
        }
        return classes
    }

    /// The paragraph direction of a `BidiCharacterTest.txt` line: 0, 1 or 2 (auto, which is
    /// Pango's default: a weak left-to-right base).
    static func base(_ field: Substring) -> BidiLevels.Direction? {
        switch field {
        case "0": .leftToRight
        case "1": .rightToLeft
        case "2": .weakLeftToRight
        default: nil
        }
    }

    /// One character of each bidi class, for `BidiTest.txt`'s class sequences (no bracket: that
    /// file assumes none).
    static let representative: [String: UInt32] = [
        "L": 0x61, "R": 0x05D0, "AL": 0x0627, "EN": 0x31, "ES": 0x2B, "ET": 0x23, "AN": 0x0660, "CS": 0x2C,
        "NSM": 0x0300, "BN": 0x00AD, "B": 0x2029, "S": 0x09, "WS": 0x20, "ON": 0x21, "LRE": 0x202A,
        "RLE": 0x202B, "PDF": 0x202C, "LRO": 0x202D, "RLO": 0x202E, "LRI": 0x2066, "RLI": 0x2067,
        "FSI": 0x2068, "PDI": 0x2069,
    ]

    /// One conformance case: a paragraph (its last character may be a paragraph separator, B,
    /// which ends it), its base direction and Unicode's levels (`nil`: removed by X9).
    struct Case {
        var source: String
        var scalars: [UInt32]
        var classes: [String]
        var base: BidiLevels.Direction
        var expected: [UInt8?]
    }

    /// Why Pango's levels differ from Unicode's on purpose: `pango_log2vis_get_embedding_levels`'
    /// shortcuts and direction (`BidiLevels`' doc comment).
    enum Explanation: String, CaseIterable {
        /// A paragraph whose base is not right to left and that has no R, AL, AN, RLE, RLO or
        /// isolate (LRI, RLI, FSI, PDI) is all level 0, explicit LRE and LRO embeddings too.
        case allLeftToRight
        /// A paragraph with no number (EN, AN) nor isolate, whose strong characters (L, R, AL,
        /// LRE, RLE, LRO, RLO) are all right to left (R, AL, RLE, RLO), and whose base is right to
        /// left, or weak with a letter (L, R or AL) — then right to left — is all level 1.
        case allRightToLeft
        /// A weak paragraph without a strong letter outside isolates (rule P2 finds none): fribidi
        /// leaves its direction weak, which Pango reads as right to left, so the paragraph
        /// separator that ends it gets level 1 (Unicode: the paragraph level, 0).
        case weakWithoutLetterEndsRightToLeft

        /// Whether the explanation's condition holds for the paragraph of `classes` (Unicode
        /// classes, the ending B excluded) with base `base`.
        func applies(to classes: [String], base: BidiLevels.Direction) -> Bool {
            let isolates: Set = ["LRI", "RLI", "FSI", "PDI"]
            switch self {
            case .allLeftToRight:
                let raising = isolates.union(["R", "AL", "AN", "RLE", "RLO"])
                return base != .rightToLeft && !classes.contains { raising.contains($0) }
            case .allRightToLeft:
                let strong: Set = ["L", "R", "AL", "LRE", "RLE", "LRO", "RLO"]
                let rightToLeft: Set = ["R", "AL", "RLE", "RLO"]
                let hasLetter = classes.contains { $0 == "L" || $0 == "R" || $0 == "AL" }
                return !classes.contains { $0 == "EN" || $0 == "AN" || isolates.contains($0) }
                    && classes.allSatisfy { !strong.contains($0) || rightToLeft.contains($0) }
                    && (base == .rightToLeft || (base == .weakLeftToRight && hasLetter))
            case .weakWithoutLetterEndsRightToLeft:
                guard base == .weakLeftToRight else { return false }
                var depth = 0
                for name in classes {
                    if ["LRI", "RLI", "FSI"].contains(name) {
                        depth += 1
                    } else if name == "PDI" {
                        depth = max(depth - 1, 0)
                    } else if depth == 0, name == "L" || name == "R" || name == "AL" {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// The counts of a file's run, and the cases no explanation covers.
    struct Tally: CustomStringConvertible {
        /// Cases (a line with one paragraph direction).
        var cases = 0
        /// Cases whose levels are Unicode's through every path.
        var conformant = 0
        /// Cases the hand-written resolver resolves alone (its scan says `resolvable`), and those
        /// of them it resolves behind Pango's shortcuts too (no shortcut applies).
        var handResolvable = 0
        var handWritten = 0
        /// Cases whose Pango levels differ from Unicode's as an explanation says.
        var explained: [Explanation: Int] = [:]
        /// Cases whose levels differ from Unicode's with no explanation: failures.
        var unexplained: [String] = []

        var description: String {
            let reasons = Explanation.allCases.map { "\($0.rawValue) \(explained[$0, default: 0])" }
            return "\(cases) cases, \(conformant) with Unicode's levels, \(handResolvable) resolved by the "
                + "hand-written resolver alone (\(cases - handResolvable) left to fribidi: explicit "
                + "embeddings, overrides, isolates or separators), \(handWritten) by it behind Pango's "
                + "shortcuts; explained differences: \(reasons.joined(separator: ", ")); unexplained "
                + "\(unexplained.count)"
        }
    }

    /// Resolves cases, with scratch space for the hand-written resolver kept between them.
    struct Checker: ~Copyable {
        let runs = UnsafeMutableBufferPointer<BidiParagraphResolver.Run>.allocate(capacity: 4096)
        let intervals = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8194)

        deinit {
            runs.deallocate()
            intervals.deallocate()
        }

        /// Checks `test` through fribidi and the hand-written resolver, alone and behind Pango's
        /// shortcuts, and counts the outcome in `tally`.
        mutating func check(_ test: Case, into tally: inout Tally) {
            tally.cases += 1
            let endsWithSeparator = test.classes.last == "B"
            let count = endsWithSeparator ? test.scalars.count - 1 : test.scalars.count
            let classes = Array(test.classes.prefix(count))
            var bytes: [UInt8] = []
            var offsets: [Int] = []
            for value in test.scalars.prefix(count) {
                offsets.append(bytes.count)
                bytes.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
            }
            let expected = Array(test.expected.prefix(count))
            let delimiterExpected = endsWithSeparator ? test.expected.last! : nil
            var failures: [String] = []
            func matches(_ levels: [UInt8]) -> Bool {
                zip(levels, expected).allSatisfy { level, unicode in unicode.map { $0 == level } ?? true }
            }
            bytes.withUnsafeBufferPointer { text in
                // fribidi alone.
                var alone = BidiLevels()
                let fribidiDirection = alone.appendFriBidiParagraph(text, from: 0, to: text.count, base: test.base)
                let fribidi = offsets.map { alone[$0] }
                if !matches(fribidi) { failures.append("fribidi \(fribidi)") }
                // The hand-written resolver alone, which must give fribidi's levels.
                let scan = BidiParagraphResolver.scan(text, from: 0, to: text.count, runs: runs, intervals: intervals)
                if scan.resolvable {
                    tally.handResolvable += 1
                    var hand = BidiLevels()
                    let direction = hand.appendResolvedParagraph(
                        text, from: 0, to: text.count, base: test.base, scan: scan, runs: runs.baseAddress!,
                        intervals: intervals)
                    let levels = offsets.map { hand[$0] }
                    if levels != fribidi || direction != fribidiDirection {
                        failures.append("hand-written \(levels) \(direction), fribidi \(fribidi) \(fribidiDirection)")
                    }
                }
                // Both behind Pango's shortcuts, with the delimiter at the resolved direction.
                var pango: [[UInt8]] = []
                for handWritten in [false, true] {
                    var levels = BidiLevels()
                    let direction = withUnsafeTemporaryAllocation(of: BidiParagraphResolver.Run.self, capacity: 128) {
                        runs in
                        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { intervals in
                            levels.appendParagraph(
                                text, from: 0, to: text.count, base: test.base, handWritten: handWritten, runs: runs,
                                intervals: intervals)
                        }
                    }
                    var resolved = offsets.map { levels[$0] }
                    if endsWithSeparator { resolved.append(direction == .rightToLeft ? 1 : 0) }
                    pango.append(resolved)
                }
                let shortcut = Explanation.allLeftToRight.applies(to: classes, base: test.base)
                    || Explanation.allRightToLeft.applies(to: classes, base: test.base)
                if scan.resolvable && !shortcut { tally.handWritten += 1 }
                if pango[0] != pango[1] { failures.append("Pango's: fribidi \(pango[0]), hand-written \(pango[1])") }
                let levels = pango[1]
                let paragraph = Array(levels.prefix(count))
                let delimiterMatches = delimiterExpected.map { $0 == levels.last } ?? true
                if matches(paragraph) && delimiterMatches {
                    if failures.isEmpty { tally.conformant += 1 }
                    return
                }
                // A difference: one of Pango's, which leaves fribidi alone conformant.
                let uniform = { (level: UInt8) in levels.allSatisfy { $0 == level } }
                let explanation: Explanation? =
                    if Explanation.allLeftToRight.applies(to: classes, base: test.base), uniform(0) {
                        .allLeftToRight
                    } else if Explanation.allRightToLeft.applies(to: classes, base: test.base), uniform(1) {
                        .allRightToLeft
                    } else if Explanation.weakWithoutLetterEndsRightToLeft.applies(to: classes, base: test.base),
                        matches(paragraph), endsWithSeparator, levels.last == 1
                    {
                        .weakWithoutLetterEndsRightToLeft
                    } else {
                        nil
                    }
                if let explanation, matches(fribidi) {
                    tally.explained[explanation, default: 0] += 1
                } else {
                    failures.append("Pango's \(levels)")
                }
            }
            if !failures.isEmpty {
                tally.unexplained.append(
                    "\(test.source) \(test.classes.joined(separator: " ")) expected \(test.expected.map { $0.map(String.init) ?? "x" }): "
                        + failures.joined(separator: "; "))
            }
        }
    }
}
