import Testing
@testable import TextMeasure

/// The fast paths give exactly the general path's answers: the ASCII fast path of the walker
/// against a measurer whose tables disable it, and `PreparedText` against direct measuring, on
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

    @Test("Direct measuring: ASCII fast path = general path", arguments: ["en", "ja", "mixed"])
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

    @Test("Prepared text = direct measuring (general path)", arguments: ["en", "ja", "mixed"])
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
