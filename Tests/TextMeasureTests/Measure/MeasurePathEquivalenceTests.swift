import Testing
@testable import TextMeasure

/// The fast paths give exactly the general path's answers: the ASCII and ideographic fast paths
/// of the walker against a measurer whose tables disable them, and `PreparedText` against direct measuring, on
/// the accuracy corpora (plus rows joined from them, as long as the benchmark rows) at many
/// widths, in both profiles and both line-break modes. Every field must be identical, lines
/// included, down to the last bit of every width.
@Suite("Fast paths against the general path")
struct MeasurePathEquivalenceTests {
    static let widths: [Double] = [7, 23.5, 41, 80, 97.25, 150, 199.9, 280, 320, 375.5, 600]

    static func combinations() throws -> [TextStyle] {
        var styles: [TextStyle] = []
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                styles.append(try TextStyle.bundled(fontSize: 17, lineBreakMode: mode, profile: profile))
            }
        }
        return styles
    }

    /// Every `stride`-th text of a corpus, and texts joined into rows of about 150 characters.
    static func sample(_ corpus: String, stride: Int) throws -> [String] {
        let texts = try PangoAccuracyTests.texts(corpus)
        var sample = Swift.stride(from: 0, to: texts.count, by: stride).map { texts[$0] }
        var row = ""
        for text in texts.prefix(600) {
            row += row.isEmpty ? text : " " + text
            if row.count >= 150 {
                sample.append(row)
                row = ""
            }
        }
        return sample
    }

    @Test("Direct measuring: ASCII fast path = general path", arguments: ["en", "ja", "mixed", "emoji"])
    func fastPathMatchesGeneral(corpus: String) throws {
        let texts = try Self.sample(corpus, stride: 7)
        for style in try Self.combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            var differences = 0
            for text in texts {
                for width in Self.widths {
                    let includeLines = width == 80 || width == 280
                    let expected = try general.measure(text, width: width, includeLines: includeLines)
                    let actual = try fast.measure(text, width: width, includeLines: includeLines)
                    if actual != expected {
                        differences += 1
                        if differences <= 3 {
                            Issue.record("\(style.profile) \(style.lineBreakMode) width \(width): \(text.debugDescription)")
                        }
                    }
                }
            }
            #expect(differences == 0, "\(corpus) \(style.profile) \(style.lineBreakMode)")
        }
    }

    /// ASCII texts around the letters a ligature may start with ("f" of the bundled fonts' "fi",
    /// "fl", "ff", "ffi", "ffl"), which the ASCII fast path measures from its flat tables where
    /// no ligature starts (`StyleTableView.measuresSimply(ligatureStart:at:limit:in:)`): before a
    /// letter no ligature continues with, before a component, at a word's start and end, before
    /// white space and punctuation (the limit a ligature must end before), doubled and tripled,
    /// and in words longer than a line (broken between clusters).
    static let ligatureStartTexts: [String] = [
        "of for off offer office affluent fjord fi fl ffi ffl fff ffff",
        "f", "ff", "fi", "f f", "fo", "if", "of.", "(f)", "f, f; f: f!", "f\nfi\r\nfl\u{2028}ff",
        "waffle-iron soft-fail half-life of-fice f-i f/l f\tl elf\tfish",
        "Offline staff affix fluffy effigy baffling Jeff's stiff fifty-fifth",
        "fi1 f1 1f 1fi xf_fi f\u{301}i fi\u{301} \u{201C}fi\u{201D}",
        String(repeating: "ofiflff", count: 12), String(repeating: "f", count: 80),
    ]

    @Test("Direct measuring: bytes that may start a ligature, fast path = general path")
    func ligatureStartsMatchGeneral() throws {
        for style in try Self.combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            for text in Self.ligatureStartTexts {
                for width in Self.widths {
                    let expected = try general.measure(text, width: width, includeLines: true)
                    let actual = try fast.measure(text, width: width, includeLines: true)
                    #expect(actual == expected, "\(style.profile) \(style.lineBreakMode) width \(width): \(text.debugDescription)")
                }
            }
        }
    }

    /// Japanese and mixed texts that enter and leave the walker's ideographic fast path at every
    /// kind of neighbour: CJK punctuation and brackets (no break before 、。」, none after 「),
    /// the prolonged sound mark and small kana (NS), combining marks, variation selectors, ZWJ
    /// and emoji modifiers after ideographs (never split from them), the ideographic space (white
    /// space that hangs), mandatory breaks, numbers, Latin words, supplementary-plane ideographs
    /// and Hangul; runs longer than a line, and texts starting and ending inside a run (also in
    /// a right-to-left paragraph).
    static let ideographicTexts: [String] = [
        "「こんにちは」と言った。東京タワーは、とても高い！ちょっと待ってください…",
        "キャッシュ、ジェット機、ヴァイオリン、ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ",
        "漢字ー漢字・漢字：漢字；漢字？！漢字‼漢字〜漢字々漢字〃漢字ゝゞヽヾ漢字",
        "か\u{3099}き\u{309A}漢\u{0301}字\u{20DD}語\u{FE00}辻\u{E0100}城葛\u{200D}飾",
        // Kana that start a ligature of IPAexGothic (with U+309A) on the fast path, before and
        // after closing punctuation, before the mark, at the end.
        "かきくけこ漢カキクケコト漢かー漢か。漢ト\u{309A}ケ\u{309A}漢こ、きか",
        "漢字😀漢字👍🏽字👨\u{200D}👩\u{200D}👧字🇯🇵字",
        "漢字\u{3000}漢字\u{3000}\u{3000}漢字 漢字  漢字\t漢字",
        "漢字\u{3000}\t漢字\u{3000}\u{3000}\t\t字\u{3000} 字\t\u{3000}字\u{3000}\n\t字",
        "漢字\n漢字\r\n字\u{2028}字\u{2029}字\n\n",
        "第１２３回、2024年12月31日（火）午後11時59分、価格は¥1,000（税込）です。",
        "Swift言語でUIKitのテキストの高さを計算する。NSStringのboundingRectと比べる。",
        "𠀋𡈽𡌛𠮟る𩸽を食べた。𠀋漢𡈽字",
        "（注）“引用”‘単一’【見出し】『書名』〈山括弧〉《二重》〔亀甲〕［角］｛波｝",
        "한국어 텍스트와 日本語の混在、中文混排测试。",
        String(repeating: "漢字仮名交じり文", count: 12),
        String(repeating: "あ", count: 90) + "。" + String(repeating: "ア", count: 5),
        "漢", "漢字", "。漢字", "漢字。", "「漢」", "ー漢", "漢\u{3099}", "\u{3099}漢字",
        // Runs ending a right-to-left paragraph (closing punctuation there at another level).
        "مرحبا 漢字。", "שלום「漢字」。", "مرحبا 漢字。\nمرحبا 漢字」！", "א漢字",
        // Pieces of an opening bracket and an ideograph, of several closing scalars, and both.
        "漢字「仮名」。交じり！「文」、漢字ー漢字」」「漢」？！「終", "漢」。「字」…「『漢』」！？", "ちょっと「シュー」。漢",
    ]

    @Test("Direct measuring: ideographic fast path = general path")
    func ideographicPathMatchesGeneral() throws {
        for style in try Self.combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            // The fast path is on for kanji and kana in the one, off in the other (entries read
            // here, not by a walk: filled first).
            fast.tables.withTables { $0.fillAllEntries() }
            general.tables.withTables { $0.fillAllEntries() }
            #expect(fast.tables.entries[0x6F22].isIdeographic && fast.tables.entries[0x3042].isIdeographic)
            #expect(!general.tables.entries[0x6F22].isIdeographic)
            for text in Self.ideographicTexts {
                for width in Self.widths + [12, 17, 34, 51.5] {
                    let expected = try general.measure(text, width: width, includeLines: true)
                    let actual = try fast.measure(text, width: width, includeLines: true)
                    #expect(actual == expected, "\(style.profile) \(style.lineBreakMode) width \(width): \(text.debugDescription)")
                }
            }
        }
        for limit in [1, 2, 3] {
            let style = try TextStyle.bundled(fontSize: 17, numberOfLines: limit)
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            for text in Self.ideographicTexts {
                for width in [34.0, 80, 150] {
                    let expected = try general.measure(text, width: width, includeLines: true)
                    #expect(try fast.measure(text, width: width, includeLines: true) == expected)
                }
            }
        }
    }

    @Test("Direct measuring: ideographic fast path = general path, random text of kanji, kana, brackets and closing punctuation")
    func ideographicPathMatchesGeneralOnRandomText() throws {
        try Self.expectFastMatchesGeneral(
            onRandomTextOf: IdeographicPiecesTests.mixed, seed: 0x1DE0_3, texts: 300, maxLength: 60)
    }

    /// Ideographs and closing punctuation next to scalars of every other length and lead byte:
    /// two bytes (Latin-1 C3, Cyrillic D0, Syriac DC, Thaana DE, NKo DF — U+07FF, DF BF, whose
    /// bytes and the next scalar's lead byte make, decoded as one scalar of three bytes without
    /// the lead byte's test, a code point below 0x40), three bytes beyond CJK (Devanagari E0,
    /// "…" E2), four bytes (F0: emoji, CJK Extension B): the fast path's tests of where a scalar
    /// of three bytes starts.
    static let ideographsAmongOtherLengths: [Unicode.Scalar] = Array(
        "漢字仮名あか、。」「漢字漢字éжܐދߊ\u{07FF}\u{07FF}\u{07FF}क…😀𠀋 a".unicodeScalars)

    @Test("Direct measuring: ideographic fast path = general path, random text of ideographs among scalars of other lengths")
    func ideographicPathMatchesGeneralAmongOtherLengths() throws {
        try Self.expectFastMatchesGeneral(
            onRandomTextOf: Self.ideographsAmongOtherLengths, seed: 0x1DE0_4, texts: 200, maxLength: 40)
    }

    /// `texts` random texts per style of 1 to `maxLength` scalars drawn from `scalars` (a
    /// generator seeded with `seed`), measured by the fast and the general path in every profile
    /// and mode at widths where runs of ideographs break often: every field identical, lines
    /// included.
    static func expectFastMatchesGeneral(
        onRandomTextOf scalars: [Unicode.Scalar], seed: UInt64, texts: Int, maxLength: Int
    ) throws {
        var generator = SplitMix64(seed: seed)
        for style in try combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            for _ in 0..<texts {
                var drawn = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 1...maxLength, using: &generator) {
                    drawn.append(scalars[Int.random(in: 0..<scalars.count, using: &generator)])
                }
                let text = String(drawn)
                for width in [12, 34, 51.5, 97.25, 150] as [Double] {
                    let expected = try general.measure(text, width: width, includeLines: true)
                    let actual = try fast.measure(text, width: width, includeLines: true)
                    #expect(actual == expected, "\(style.profile) \(style.lineBreakMode) width \(width): \(text.debugDescription)")
                }
            }
        }
    }

    @Test("Prepared text = direct measuring (general path)", arguments: ["en", "ja", "mixed", "emoji"])
    func preparedMatchesGeneral(corpus: String) throws {
        let texts = try Self.sample(corpus, stride: 11)
        for style in try Self.combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            var differences = 0
            for text in texts {
                let prepared = fast.prepare(text)
                for width in Self.widths {
                    let includeLines = width == 97.25 || width == 320
                    let expected = try general.measure(text, width: width, includeLines: includeLines)
                    if try prepared.measure(width: width, includeLines: includeLines) != expected {
                        differences += 1
                        if differences <= 3 {
                            Issue.record("\(style.profile) \(style.lineBreakMode) width \(width): \(text.debugDescription)")
                        }
                    }
                }
            }
            #expect(differences == 0, "\(corpus) \(style.profile) \(style.lineBreakMode)")
        }
    }

    @Test("Prepared text at widths equal to its own line widths (decided by exact sums)")
    func preparedAtLineWidths() throws {
        let texts = try Self.sample("en", stride: 53) + Self.sample("mixed", stride: 97)
        for style in try Self.combinations() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            for text in texts {
                let prepared = fast.prepare(text)
                for width in [120.0, 280] {
                    for line in try general.measure(text, width: width, includeLines: true).lines ?? [] {
                        // The width a line needs exactly, as the fitter compares it in each profile.
                        let exact = style.profile == .pango ? line.width : line.width / (1 + 1e-9)
                        for candidate in [exact.nextDown, exact, exact.nextUp] where candidate > 0 {
                            let expected = try general.measure(text, width: candidate)
                            #expect(try prepared.measure(width: candidate) == expected, "\(text.debugDescription) at \(candidate)")
                        }
                    }
                }
            }
        }
    }

    @Test("numberOfLines: fast and prepared paths stop where the general path stops")
    func lineLimit() throws {
        let texts = try Self.sample("mixed", stride: 97)
        for limit in [1, 2, 3] {
            for profile in LayoutProfile.allCases {
                let style = try TextStyle.bundled(fontSize: 17, numberOfLines: limit, profile: profile)
                let fast = try TextMeasurer(style: style)
                let general = try TextMeasurer(generalPathFor: style)
                for text in texts {
                    let prepared = fast.prepare(text)
                    for width in Self.widths {
                        for includeLines in [false, true] {
                            let expected = try general.measure(text, width: width, includeLines: includeLines)
                            #expect(try fast.measure(text, width: width, includeLines: includeLines) == expected)
                            #expect(try prepared.measure(width: width, includeLines: includeLines) == expected)
                        }
                    }
                }
            }
        }
    }
}
