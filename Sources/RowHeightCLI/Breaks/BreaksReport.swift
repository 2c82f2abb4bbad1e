import LineBreak

/// The readable form of `rowheight breaks TEXT`: the text with its break opportunities marked,
/// the segments between them, and each scalar's Line_Break class — what one needs to see why a
/// line broke where it did.
///
/// ```
/// Hello,·÷world!␊⏎Bye÷
/// ```
/// `÷` marks a break opportunity, `⏎` a mandatory break; a space shows as `·`, control
/// characters as their control pictures (`␊` LF, `␍` CR, `␉` tab…), other invisible characters
/// (format, separators, private use, unassigned) as `⟨U+XXXX⟩`.
struct BreaksReport: CustomStringConvertible {
    /// The text's scalars.
    let scalars: [Unicode.Scalar]
    /// Its break opportunities in scalar offsets (see `BreaksRecordEncoder`).
    let breaks: [(offset: Int, isMandatory: Bool)]

    /// The report for `text`.
    init(text: String) {
        scalars = Array(text.unicodeScalars)
        breaks = text.lineBreakScalarOffsets
    }

    /// The whole report: marked text, legend, segments and scalars.
    var description: String { render(compact: false) }

    /// The report; `compact` gives only the marked text.
    func render(compact: Bool) -> String {
        if compact { return markedText + "\n" }
        if scalars.isEmpty { return "(empty text: no break opportunities)\n" }
        var lines = [markedText, "", BreaksReport.legend, ""]
        lines.append(contentsOf: segmentLines)
        lines.append("")
        lines.append(contentsOf: scalarLines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the marks mean.
    static let legend = """
        ÷ a line may break here   ⏎ a line must break here (after LF, CR, CR LF, NEL, VT, FF, U+2028, U+2029)
        · space   ␊ line feed   ␍ carriage return   ␉ tab   ⟨U+200B⟩ an invisible character
        """

    /// The text, each scalar visible, with `÷` / `⏎` after the scalars a line may / must end
    /// with.
    var markedText: String {
        var marked = ""
        var next = 0
        for (i, scalar) in scalars.enumerated() {
            marked += BreaksReport.visible(scalar)
            if next < breaks.count && breaks[next].offset == i + 1 {
                marked += breaks[next].isMandatory ? "⏎" : "÷"
                next += 1
            }
        }
        return marked
    }

    /// A summary line, then one line per segment: its scalar range, the break ending it, its text.
    var segmentLines: [String] {
        let offsets = breaks.map { "\($0.offset)" }.joined(separator: ",")
        let mandatory = breaks.filter(\.isMandatory).map { "\($0.offset)" }.joined(separator: ",")
        var lines = [
            "\(breaks.count) segment\(breaks.count == 1 ? "" : "s") in \(scalars.count) scalar\(scalars.count == 1 ? "" : "s")"
                + " — as JSON: {\"breaks\":[\(offsets)],\"mandatory\":[\(mandatory)]}",
            "  " + pad("scalars", 12) + pad("break", 10) + "text",
        ]
        var start = 0
        for (offset, isMandatory) in breaks {
            let text = scalars[start..<offset].map(BreaksReport.visible).joined()
            lines.append("  " + pad("\(start)..<\(offset)", 12) + pad("\(isMandatory ? "⏎" : "÷") \(offset)", 10) + "│\(text)│")
            start = offset
        }
        return lines
    }

    /// A header, then one line per scalar: offset, code point, Line_Break class, the break after
    /// it (`×` none, `÷ k` allowed, `⏎ k` mandatory), the scalar and its name.
    var scalarLines: [String] {
        var lines = [
            "Each scalar with its Line_Break class (UAX #14, after rule LB1) and the break after it:",
            "  " + pad("offset", 8) + pad("scalar", 10) + pad("class", 7) + pad("after", 9) + "char  name",
        ]
        var next = 0
        for (i, scalar) in scalars.enumerated() {
            var after = "×"
            if next < breaks.count && breaks[next].offset == i + 1 {
                after = (breaks[next].isMandatory ? "⏎ " : "÷ ") + "\(i + 1)"
                next += 1
            }
            let lineBreakClass = String(describing: LineBreakClass(resolving: scalar)).uppercased()
            var char = BreaksReport.visible(scalar)
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
                char = "◌" + char
            }
            let name = scalar.properties.name ?? scalar.properties.nameAlias ?? BreaksReport.controlNames[scalar.value] ?? ""
            lines.append(
                "  " + pad("\(i)", 8) + pad(BreaksReport.codePoint(scalar), 10) + pad(lineBreakClass, 7) + pad(after, 9)
                    + pad(char, 6) + name)
        }
        return lines
    }

    /// `scalar` as shown in the marked text.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x20: return "·"
        case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "␡"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .unassigned,
            .surrogate:
            return "⟨\(codePoint(scalar))⟩"
        default:
            return String(scalar)
        }
    }

    /// Names of the control characters that matter to line breaking (Unicode gives controls no
    /// `Name`, only aliases, which Swift does not always have).
    static let controlNames: [UInt32: String] = [
        0x09: "CHARACTER TABULATION (tab)", 0x0A: "LINE FEED (LF)", 0x0B: "LINE TABULATION (VT)",
        0x0C: "FORM FEED (FF)", 0x0D: "CARRIAGE RETURN (CR)", 0x85: "NEXT LINE (NEL)",
    ]

    /// `U+0041`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func pad(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }
}
