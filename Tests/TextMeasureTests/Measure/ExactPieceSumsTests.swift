import Testing
@testable import TextMeasure

/// The exact fixed-point wrapping of prepared texts (`ExactPieceSums`) answers exactly as the
/// floating-point wrapper (`PreparedWrapper`) and as direct measuring with the general path, and
/// it is the path that answers for the bundled fonts at list widths.
@Suite("Exact fixed-point wrapping of prepared texts")
struct ExactPieceSumsTests {
    /// Styles that change every number the exact path copies from the style.
    static func styles() throws -> [TextStyle] {
        var styles: [TextStyle] = []
        for profile in LayoutProfile.allCases {
            for mode in LineBreakMode.allCases {
                styles.append(try TextStyle.bundled(fontSize: 17, lineBreakMode: mode, profile: profile))
            }
            styles.append(try TextStyle.bundled(
                fontSize: 13, numberOfLines: 2, lineSpacing: 3, lineHeightMultiple: 1.2, scale: 3, profile: profile))
            styles.append(try TextStyle.bundled(fontSize: 24, lineBreakMode: .byCharWrapping, numberOfLines: 1, profile: profile))
        }
        return styles
    }

    /// The answer of the exact path alone (`nil` when it leaves the text to `PreparedWrapper`).
    static func exactAnswer(_ prepared: PreparedText, width: Double) throws -> TextMeasurement? {
        prepared.storage.exactMeasurement(width: width)
    }

    @Test("Bundled fonts at whole and half sizes have exact sums; 17.3 pt in .uikit has none")
    func exactSumsExist() throws {
        let text = "Hello, world — 日本語のテキスト ffi 😀"
        for size in [13.0, 17, 17.5, 24] {
            for profile in LayoutProfile.allCases {
                let measurer = try TextMeasurer(style: try TextStyle.bundled(fontSize: size, profile: profile))
                #expect(measurer.prepare(text).storage.hasExactSums, "\(size) pt \(profile)")
            }
        }
        // 17.3 / 2048 is no binary fraction: widths are rounded products, not fixed-point values.
        let odd = try TextMeasurer(style: try TextStyle.bundled(fontSize: 17.3))
        let prepared = odd.prepare(text)
        #expect(!prepared.storage.hasExactSums)
        let general = try TextMeasurer(generalPathFor: try TextStyle.bundled(fontSize: 17.3))
        for width in [50.0, 120, 300] {
            #expect(try prepared.measure(width: width) == general.measure(text, width: width))
        }
    }

    /// Whether the exact sums keep the clusters of every piece of `prepared` wider than
    /// `longPieceWidth` (not so for a `.pango` piece whose white space counts: Pango may end a
    /// line between its white-space characters), and the text needs no line fitter.
    static func keepsEveryLongPiece(_ prepared: PreparedText) -> Bool {
        let storage = prepared.storage
        guard !storage.needsLineFitter else { return false }
        guard storage.measurer.style.profile == .pango else { return true }
        let long = ExactPieceSums.longPieceWidth * storage.measurer.tables.unitsPerPoint
        return !zip(storage.pieces, storage.summaries).contains {
            $1.isBreakable && $1.fittingWidth >= long && $0.layout.countedWhitespace(pango: true) != 0
        }
    }

    @Test("Exact path = floating-point wrapper = general path on the corpora", arguments: ["en", "ja", "mixed"])
    func matchesOtherPaths(corpus: String) throws {
        let texts = try MeasurePathEquivalenceTests.sample(corpus, stride: 13)
        let long = ExactPieceSums.longPieceWidth
        let widths: [Double] = [7, 41, 99.5, long.nextDown, long, 200, 280, 375, 414, 1000]
        for style in try Self.styles() {
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            var answered = 0
            var atListWidths = 0
            var differences = 0
            for text in texts {
                let prepared = fast.prepare(text)
                for width in widths {
                    let expected = try general.measure(text, width: width)
                    let wrapper = prepared.wrappedHeight(widthUnits: try fast.widthUnits(width))
                    let exact = try Self.exactAnswer(prepared, width: width)
                    let measured = try prepared.measure(width: width)
                    if width >= long && Self.keepsEveryLongPiece(prepared) { atListWidths += 1 }
                    if exact != nil && width >= long && Self.keepsEveryLongPiece(prepared) { answered += 1 }
                    // The wrapper declines (`nil`) where a piece must be broken between clusters.
                    if (wrapper != nil && wrapper != expected) || measured != expected
                        || (exact != nil && exact != expected)
                    {
                        differences += 1
                        if differences <= 3 { Issue.record("\(style) width \(width): \(text.debugDescription)") }
                    }
                }
            }
            #expect(differences == 0, "\(corpus) \(style.profile) \(style.lineBreakMode) \(style.fontSize) pt")
            // Every piece wider than `longPieceWidth` keeps its clusters: from that width on, the
            // exact path answers all (but texts that need the line fitter, and `.pango` pieces
            // whose white space counts).
            #expect(answered == atListWidths, "\(corpus) \(style.profile) \(style.fontSize) pt")
        }
    }

    @Test("Long tokens are broken between clusters by the exact path, lines capped or not")
    func longTokens() throws {
        let texts = [
            "See https://example.com/a/very/long/path/that/never/ends/index.html?query=1&other=2 for more",
            "Supercalifragilisticexpialidocious antidisestablishmentarianism",
            "\n" + String(repeating: "x", count: 80) + "\n\nend",
            String(repeating: "日本語", count: 40),
        ]
        for profile in LayoutProfile.allCases {
            for lines in [0, 1, 2, 3] {
                let style = try TextStyle.bundled(numberOfLines: lines, profile: profile)
                let fast = try TextMeasurer(style: style)
                let general = try TextMeasurer(generalPathFor: style)
                for text in texts {
                    let prepared = fast.prepare(text)
                    for width in stride(from: ExactPieceSums.longPieceWidth, through: 420, by: 7.5) {
                        let expected = try general.measure(text, width: width)
                        let exact = try #require(try Self.exactAnswer(prepared, width: width), "\(text) at \(width)")
                        #expect(exact == expected, "\(profile) \(lines) lines \(text.debugDescription) at \(width)")
                    }
                }
            }
        }
    }

    @Test("Empty, white-space-only and break-only texts")
    func edgeTexts() throws {
        for profile in LayoutProfile.allCases {
            let style = try TextStyle.bundled(profile: profile)
            let fast = try TextMeasurer(style: style)
            let general = try TextMeasurer(generalPathFor: style)
            for text in ["", " ", "   ", "\n", "\n\n", "a\n", "\na", " \n ", "\r\n", "a\u{2028}b"] {
                let prepared = fast.prepare(text)
                for width in [1.0, 100, 160, 375] {
                    let expected = try general.measure(text, width: width)
                    if let exact = try Self.exactAnswer(prepared, width: width) {
                        #expect(exact == expected, "\(profile) \(text.debugDescription) at \(width)")
                    }
                    #expect(try prepared.measure(width: width) == expected)
                }
            }
        }
    }
}
