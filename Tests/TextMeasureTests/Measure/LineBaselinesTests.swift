import CHarfBuzz
import Foundation
import Testing
@testable import TextMeasure

/// `.pango` line heights where a line holds runs of several fonts, checked against Pango 1.50
/// (the oracle) to the Pango unit: the runs aligned on the line's first run's baseline
/// (`BaselineShifts`, `LineBaselines`, `PangoScriptRuns`), and the fonts of white space and
/// tabs on lines of their own (`TextWalker.whitespaceMask`). Every row here differed from Pango
/// before these rules; each is measured directly and prepared.
@Suite("Pango line heights: baselines and white-space runs")
struct LineBaselinesTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#1"

    static let sizes: [Double] = [13, 17, 24]
    static let widths: [Double] = [200, 280, 375]

    /// Korean rows (Noto Sans → Noto Sans CJK KR).
    static let korean = [
        // First run Hangul: the Noto Sans run is raised to the ideographic baseline (24.62 pt
        // at 17 pt); first run Latin: no shift (24.70 pt).
        "말a", "a말", "말.", "1말a", "(말)",
        // ">" closes a bracket opened in a Latin run: the line starting there starts Latin.
        "abc (말)", "  -W, --word-regexp=<정규식>     키워드를 구분하는 데 <정규식>을 씁니다",
        "  -b, --break-file=<파일>        이 <파일>에 단어 구분 문자가 들어 있습니다",
        // A line starting with spaces that continue a Latin run: Noto Sans first, no shift.
        "  \\l[+]   [PATTERN]      데이터베이스 목록\n",
        // A tab starting a paragraph after Hangul takes the primary font.
        "가\n\tgit", "가\n\n\tgit", "문제를 바로잡고, 다음을 실행하십시오\n\n\tgit rebase --continue",
        // A line of a paragraph's leading spaces alone is as tall as the text's font after them.
        "\"\"을 \n" + String(repeating: " ", count: 44) + "접두어로 사용합니다",
    ]

    /// Tamil rows (Noto Sans → Noto Sans Tamil): a space after a word broken across lines moves
    /// to Noto Sans before "(", and its run makes the line as tall as Noto Sans's ascent.
    static let tamil = ["  COMMAND   விவரிப்பதற்கான (விருப்பமான) கட்டளை\n"]

    /// Thai rows (Noto Sans → Noto Sans Thai): spaces after Latin text that continue on the
    /// next line, before Thai, are Noto Sans's there.
    static let thai = ["  -v, --verbose                  แสดงข้อความโดยละเอียด\n  -D, --debug                     แสดงข้อความสำหรับดีบั๊ก"]

    /// Persian rows (Noto Sans → Noto Sans Arabic): U+202A starting a line inside a word broken
    /// across lines stays in the Arabic item before it, whose font makes the line as tall as
    /// Noto Sans Arabic.
    static let persian = ["والد دسترسی‌پذیری کنونی، آن‌گونه که به دست \u{202A}atk_object_get_parent()\u{202C} بازگشته"]

    @Test("Korean: runs aligned on the first run's baseline", arguments: [false, true])
    func korean(prepared: Bool) throws {
        try Self.compare(Self.korean, fonts: [Self.noto + "NotoSans-Regular.ttf", Self.cjk], prepared: prepared)
    }

    @Test("Tamil and Thai: white space in its run's font on every line", arguments: [false, true])
    func whitespaceRuns(prepared: Bool) throws {
        try Self.compare(
            Self.tamil, fonts: [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansTamil-Regular.ttf"],
            prepared: prepared)
        try Self.compare(
            Self.thai, fonts: [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansThai-Regular.ttf"],
            prepared: prepared)
    }

    @Test("Persian: a bidi embedding starting a line keeps the Arabic run's font", arguments: [false, true])
    func embeddingAtLineStart(prepared: Bool) throws {
        try Self.compare(
            Self.persian, fonts: [Self.noto + "NotoSans-Regular.ttf", Self.noto + "NotoSansArabic-Regular.ttf"],
            prepared: prepared)
    }

    @Test("A line's first run: font and baseline class")
    func firstRun() throws {
        let chain = try FontChain([Self.font(Self.noto + "NotoSans-Regular.ttf"), Self.font(Self.cjk)])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        var text = "a말 1말 (말) abc  말\n  말"
        text.withUTF8 { bytes in
            measurer.tables.fillEntries(coveringScalarsOf: bytes)  // as every walk of a text does first
            guard let baselines = LineBaselines(tables: measurer.tables, bytes: bytes) else {
                Issue.record("Noto Sans and Noto Sans CJK disagree on the ideographic baseline")
                return
            }
            func first(_ prefix: String) -> (Int, BaselineShifts.Lead) {
                let run = baselines.firstRun(at: prefix.utf8.count)
                return (run.font, run.lead)
            }
            #expect(first("") == (0, .roman))
            #expect(first("a") == (1, .hangul))
            #expect(first("a말 ") == (0, .hangul))  // "1" continues into Hangul
            #expect(first("a말 1말 ") == (0, .hangul))  // "(" then Hangul
            #expect(first("a말 1말 (말") == (0, .hangul))  // ")" closes the Hangul bracket
            #expect(first("a말 1말 (말) abc ") == (0, .roman))  // a space after "abc": Noto Sans, Latin
            #expect(first("a말 1말 (말) abc  말\n") == (1, .hangul))  // a paragraph's spaces: the text's font after them
        }
    }
}

extension LineBaselinesTests {
    @Test("A line starting with a scalar of a real script: its script is the script run's (no scan)", arguments: ["ko", "hi", "th", "mixed"])
    func realScriptNeedsNoScan(corpus: String) throws {
        let chain = try FontChain([Self.font(Self.noto + "NotoSans-Regular.ttf"), Self.font(Self.cjk)])
        let measurer = try TextMeasurer(style: TextStyle(fontChain: chain, fontSize: 17, profile: .pango))
        let url = PangoOracle.repositoryRoot.appendingPathComponent("Tests/TextMeasureTests/Fixtures/corpus/\(corpus).jsonl")
        var checked = 0
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").prefix(300) {
            guard var text = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
            else { continue }
            let label = text
            text.withUTF8 { bytes in
                measurer.tables.fillEntries(coveringScalarsOf: bytes)
                guard let baselines = LineBaselines(tables: measurer.tables, bytes: bytes) else { return }
                var i = 0
                while i < bytes.count {
                    let (value, length) = TextWalker.decode(bytes, at: i)
                    let script = hb_unicode_script(hb_unicode_funcs_get_default(), value)
                    if PangoScriptRuns.isReal(script) {
                        let scanned = baselines.firstRun(at: i)
                        let known = baselines.firstRun(at: i, script: script)
                        #expect(scanned.font == known.font && scanned.lead == known.lead, "\(corpus): \(label) at byte \(i)")
                        checked += 1
                    }
                    i += length
                }
            }
        }
        #expect(checked > 1_000)
    }

    /// The font at `spec`: a path, with "#N" for face N of a collection (as the oracle takes it).
    static func font(_ spec: String) throws -> Font {
        guard let hash = spec.lastIndex(of: "#"), let face = Int(spec[spec.index(after: hash)...]) else {
            return try Font(path: spec)
        }
        return try Font(path: String(spec[..<hash]), faceIndex: face)
    }

    /// Requires `.pango`'s line count of each row to equal Pango's and its height (the lines'
    /// heights summed, unrounded) to equal Pango's layout height to the Pango unit, in every
    /// size × width × wrap.
    static func compare(_ rows: [String], fonts: [String], prepared: Bool) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("line-baselines-\(getpid())-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: ["text": $0]), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let expected = try PangoOracle.layouts(corpus: file, fonts: fonts, sizes: sizes, widths: widths)
        let chain = try FontChain(fonts.map { try font($0) })
        var combination = 0
        for size in sizes {
            for width in widths {
                for wrap in PangoOracle.wraps {
                    let measurer = try TextMeasurer(style: TextStyle(
                        fontChain: chain, fontSize: size,
                        lineBreakMode: wrap == "word" ? .byWordWrapping : .byCharWrapping, profile: .pango))
                    for (row, text) in rows.enumerated() {
                        let measured = prepared
                            ? try measurer.prepare(text).measure(width: width, includeLines: true)
                            : try measurer.measure(text, width: width, includeLines: true)
                        let label = "\(Int(size))/\(Int(width))/\(wrap) \(text.debugDescription)"
                        #expect(measured.lineCount == expected[row].lineCounts[combination], "\(label)")
                        let sum = (measured.lines ?? []).reduce(0) { $0 + $1.lineHeight }
                        #expect(sum * 1024 == Double(expected[row].heights[combination]), "\(label)")
                        if prepared {
                            // The height-only paths (exact sums, the prepared wrapper) agree.
                            #expect(try measurer.prepare(text).measure(width: width).height == measured.height, "\(label)")
                        }
                    }
                    combination += 1
                }
            }
        }
    }
}
