import Foundation
import Testing
@testable import TextMeasure

/// What `BidiConformanceTests` needs to read Unicode's bidi conformance files and check one of
/// their paragraphs against the repository's resolvers.
enum BidiConformance {
    /// Where Debian's `unicode-data` installs the files.
    static let directory = "/usr/share/unicode/"

    /// A line of a file that does not have the documented format.
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    /// The lines of `/usr/share/unicode/NAME`, numbered from 1; fails (does not skip) when the
    /// file is missing.
    static func read(_ name: String) throws -> [(number: Int, line: Substring)] {
        try #require(
            lines(name), "\(directory + name) is missing: install Debian's unicode-data (Scripts/debian-packages.txt)")
    }

    /// The lines of `/usr/share/unicode/NAME`, numbered from 1, or `nil` when it cannot be read.
    static func lines(_ name: String) -> [(number: Int, line: Substring)]? {
        guard let text = try? String(contentsOfFile: directory + name, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0 + 1, $1) }
    }

    /// `BidiTest.txt`'s lines, read once for the parts that check them in parallel (`nil` when
    /// the file is missing).
    static let bidiTestLines = lines("BidiTest.txt")

    /// A UAX #9 bidi class (Bidi_Class), with a bit for sets of classes.
    enum Class: Int, CaseIterable {
        case l, r, al, en, es, et, an, cs, nsm, bn, b, s, ws, on, lre, lro, rle, rlo, pdf, lri, rli, fsi, pdi

        /// The class's short name, as the files spell it.
        var name: String { String(describing: self).uppercased() }
        /// The class's bit in a `mask(_:)`.
        var bit: UInt32 { 1 << UInt32(rawValue) }
        /// The classes named by the files' short names.
        static let byName = Dictionary(uniqueKeysWithValues: allCases.map { (Substring($0.name), $0) })
        /// The bits of `classes`.
        static func mask(_ classes: Class...) -> UInt32 { classes.reduce(0) { $0 | $1.bit } }
        /// The isolate initiators and PDI.
        static let isolates = mask(.lri, .rli, .fsi, .pdi)
        /// What makes Pango resolve a paragraph (`allLeftToRight`): R, AL, AN, RLE, RLO, isolates.
        static let raising = isolates | mask(.r, .al, .an, .rle, .rlo)
        /// Numbers and isolates, and strong left-to-right classes (for `allRightToLeft`).
        static let numbersOrIsolates = isolates | mask(.en, .an)
        static let strongLeftToRight = mask(.l, .lre, .lro)
        /// The right-to-left letters.
        static let rightToLeftLetters = mask(.r, .al)

        /// One character of the class, for `BidiTest.txt`'s class sequences (no bracket: that
        /// file assumes none).
        var representative: UInt32 {
            switch self {
            case .l: 0x61
            case .r: 0x05D0
            case .al: 0x0627
            case .en: 0x31
            case .es: 0x2B
            case .et: 0x23
            case .an: 0x0660
            case .cs: 0x2C
            case .nsm: 0x0300
            case .bn: 0x00AD
            case .b: 0x2029
            case .s: 0x09
            case .ws: 0x20
            case .on: 0x21
            case .lre: 0x202A
            case .lro: 0x202D
            case .rle: 0x202B
            case .rlo: 0x202E
            case .pdf: 0x202C
            case .lri: 0x2066
            case .rli: 0x2067
            case .fsi: 0x2068
            case .pdi: 0x2069
            }
        }
    }

    /// The Bidi_Class of the code points listed in `UnicodeData.txt` (field 4), ranges
    /// (`<…, First>`/`<…, Last>`) included.
    struct UnicodeClasses {
        var listed: [UInt32: Class] = [:]
        var ranges: [(range: ClosedRange<UInt32>, class: Class)] = []

        subscript(scalar: UInt32) -> Class? {
            listed[scalar] ?? ranges.first { $0.range.contains(scalar) }?.class
        }

        /// Reads `UnicodeData.txt`.
        init() throws {
            var first: UInt32?
            for (number, line) in try read("UnicodeData.txt") where !line.isEmpty {
                let fields = line.split(separator: ";", omittingEmptySubsequences: false)
                guard fields.count > 4, let value = UInt32(fields[0], radix: 16), let found = Class.byName[fields[4]] else {
                    throw FormatError(description: "UnicodeData.txt:\(number): \(line)")
                }
                if fields[1].hasSuffix(", First>") {
                    first = value
                } else if fields[1].hasSuffix(", Last>"), let start = first {
                    ranges.append((start...value, found))
                    first = nil
                } else {
                    listed[value] = found
                }
            }
        }
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

    /// One conformance paragraph: its characters (the last may be a paragraph separator, B, which
    /// ends it), their classes and Unicode's levels (`nil`: removed by X9), as UTF-8.
    struct Paragraph {
        /// The file and line it comes from.
        var source: String
        var classes: [Class]
        var expected: [UInt8?]
        /// The UTF-8 of the characters before the ending B (all if none), and where each starts.
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        /// The bits of the classes before the ending B.
        var mask: UInt32 = 0
        var endsWithSeparator: Bool { classes.last == .b }

        init(source: String, scalars: [UInt32], classes: [Class], expected: [UInt8?]) {
            self.source = source
            self.classes = classes
            self.expected = expected
            for k in 0..<(classes.last == .b ? scalars.count - 1 : scalars.count) {
                offsets.append(bytes.count)
                UTF8.encode(Unicode.Scalar(scalars[k])!) { bytes.append($0) }
                mask |= classes[k].bit
            }
        }
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

        /// Whether the explanation's condition holds for `paragraph` with base `base`.
        func applies(to paragraph: Paragraph, base: BidiLevels.Direction) -> Bool {
            let mask = paragraph.mask
            switch self {
            case .allLeftToRight:
                return base != .rightToLeft && mask & Class.raising == 0
            case .allRightToLeft:
                return mask & (Class.numbersOrIsolates | Class.strongLeftToRight) == 0
                    && (base == .rightToLeft || (base == .weakLeftToRight && mask & Class.rightToLeftLetters != 0))
            case .weakWithoutLetterEndsRightToLeft:
                guard base == .weakLeftToRight else { return false }
                var depth = 0
                for found in paragraph.classes.prefix(paragraph.offsets.count) {
                    switch found {
                    case .lri, .rli, .fsi: depth += 1
                    case .pdi: depth = max(depth - 1, 0)
                    case .l, .r, .al: if depth == 0 { return false }
                    default: break
                    }
                }
                return true
            }
        }
    }

    /// The counts of a file's run, and the cases no explanation covers.
    struct Tally: CustomStringConvertible {
        /// Cases (a paragraph with one base direction).
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
                + "embeddings, overrides or isolates), \(handWritten) by it behind Pango's shortcuts; "
                + "differences explained by Pango's shortcuts: \(reasons.joined(separator: ", ")); "
                + "unexplained \(unexplained.count)"
        }
    }

    /// Resolves paragraphs, with scratch space for the hand-written resolver kept between them.
    struct Checker: ~Copyable {
        let runs = UnsafeMutableBufferPointer<BidiParagraphResolver.Run>.allocate(capacity: 4096)
        let intervals = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8194)

        deinit {
            runs.deallocate()
            intervals.deallocate()
        }

        /// Checks `paragraph` with base `base` through fribidi and the hand-written resolver,
        /// alone and behind Pango's shortcuts, and counts the outcome in `tally`.
        func check(_ paragraph: Paragraph, base: BidiLevels.Direction, into tally: inout Tally) {
            tally.cases += 1
            let offsets = paragraph.offsets
            let count = offsets.count
            let expected = paragraph.expected
            var failures: [String] = []
            func matches(_ levels: [UInt8]) -> Bool {
                for k in 0..<count where expected[k] != nil && expected[k] != levels[k] { return false }
                return true
            }
            paragraph.bytes.withUnsafeBufferPointer { text in
                // fribidi alone.
                var alone = BidiLevels()
                let fribidiDirection = alone.appendFriBidiParagraph(text, from: 0, to: text.count, base: base)
                let fribidi = count == 0 ? [] : offsets.map { alone[$0] }
                if !matches(fribidi) { failures.append("fribidi \(fribidi)") }
                // The hand-written resolver alone, which must give fribidi's levels.
                let scan = BidiParagraphResolver.scan(text, from: 0, to: text.count, runs: runs, intervals: intervals)
                if scan.resolvable {
                    tally.handResolvable += 1
                    var hand = BidiLevels()
                    let direction = hand.appendResolvedParagraph(
                        text, from: 0, to: text.count, base: base, scan: scan, runs: runs.baseAddress!,
                        intervals: intervals)
                    let levels = count == 0 ? [] : offsets.map { hand[$0] }
                    if levels != fribidi || direction != fribidiDirection {
                        failures.append("hand-written \(levels) \(direction), fribidi \(fribidi) \(fribidiDirection)")
                    }
                }
                // Both behind Pango's shortcuts (as `BidiLevels.init` calls them: 128 runs and 16
                // L1 ranges of scratch space), the ending B at the resolved direction.
                var pango: [[UInt8]] = []
                for handWritten in [false, true] {
                    var levels = BidiLevels()
                    let direction = withUnsafeTemporaryAllocation(of: BidiParagraphResolver.Run.self, capacity: 128) {
                        runs in
                        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { intervals in
                            levels.appendParagraph(
                                text, from: 0, to: text.count, base: base, handWritten: handWritten, runs: runs,
                                intervals: intervals)
                        }
                    }
                    var resolved = count == 0 ? [] : offsets.map { levels[$0] }
                    if paragraph.endsWithSeparator { resolved.append(direction == .rightToLeft ? 1 : 0) }
                    pango.append(resolved)
                }
                let allLeftToRight = Explanation.allLeftToRight.applies(to: paragraph, base: base)
                let allRightToLeft = Explanation.allRightToLeft.applies(to: paragraph, base: base)
                if scan.resolvable && !allLeftToRight && !allRightToLeft { tally.handWritten += 1 }
                if pango[0] != pango[1] { failures.append("Pango's: fribidi \(pango[0]), hand-written \(pango[1])") }
                let levels = pango[1]
                let separatorMatches = !paragraph.endsWithSeparator || expected.last == levels.last
                if matches(levels) && separatorMatches {
                    if failures.isEmpty { tally.conformant += 1 }
                    return
                }
                // A difference: one of Pango's, which leaves fribidi alone conformant.
                let explanation: Explanation? =
                    if allLeftToRight, levels.allSatisfy({ $0 == 0 }) {
                        .allLeftToRight
                    } else if allRightToLeft, levels.allSatisfy({ $0 == 1 }) {
                        .allRightToLeft
                    } else if paragraph.endsWithSeparator, matches(levels), levels.last == 1,
                        Explanation.weakWithoutLetterEndsRightToLeft.applies(to: paragraph, base: base)
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
                let classes = paragraph.classes.map(\.name).joined(separator: " ")
                let levels = expected.map { $0.map(String.init) ?? "x" }.joined(separator: " ")
                tally.unexplained.append(
                    "\(paragraph.source) \(classes), base \(base), Unicode's levels \(levels): "
                        + failures.joined(separator: "; "))
            }
        }
    }
}
