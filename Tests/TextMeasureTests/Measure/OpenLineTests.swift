import Testing
@testable import TextMeasure

/// The greedy rule itself (`OpenLine`), in both width types its fitters use: the comparisons
/// every fitter makes, at the corners the corpora rarely reach.
@Suite("OpenLine: the one greedy rule")
struct OpenLineTests {
    /// A line holding one piece of `content` with `whitespace` after it.
    static func line<Width: LineWidth>(content: Width, whitespace: Width) -> OpenLine<Width> {
        var line = OpenLine<Width>()
        line.append(kern: .zero, content: content, whitespace: whitespace, mask: 1)
        return line
    }

    @Test("A piece fits while its reach (pen + kern + content + counted white space) is within the width")
    func reachDecides() {
        let line = Self.line(content: 60.0, whitespace: 10)
        #expect(line.pen == 70 && line.content == 60)
        #expect(line.reach(kern: -2, content: 30, counted: 2) == 100)
        #expect(line.fits(kern: -2, content: 30, counted: 2, maxWidth: 100, takesNoWidth: false))
        #expect(!line.fits(kern: -2, content: 30, counted: 3, maxWidth: 100, takesNoWidth: false))
        // On an empty line the kerning is dropped and the pen is 0.
        let empty = OpenLine<Double>()
        #expect(empty.reach(kern: 50, content: 90, counted: 10) == 100)
    }

    @Test("The plain forms (no kerning, no white space, content not 0) answer and place as the general forms, bit for bit")
    func plainFormsEqualGeneral() {
        // Pens reached by contents of every sign and size, kerning and hanging white space;
        // contents to compare and add, widths around each reach.
        var pens: [(Double, Double)] = [(0, 0), (60, 10), (1e-300, 0), (0.1, 0.2), (-3, 0), (1e15, 0.5)]
        pens.append((Double.greatestFiniteMagnitude / 2, 0))
        let contents: [Double] = [0.1, 0.2, 1, -1, 17.5, 1e-300, -1e-300, 3e14, .leastNonzeroMagnitude]
        var checked = 0
        for (content, whitespace) in pens {
            for kern in [0.0, -0.0, 0.7] {
                var line = OpenLine<Double>()
                line.append(kern: kern, content: content, whitespace: whitespace, mask: 1)
                for added in contents {
                    let reach = line.pen + added
                    for maxWidth in [reach, reach.nextUp, reach.nextDown, 0, 100, -1] {
                        let general = line.fits(
                            kern: 0, content: added, counted: 0, maxWidth: maxWidth,
                            takesNoWidth: OpenLine.takesNoWidth(kern: 0, content: added, whitespace: 0))
                        #expect(line.fits(plainContent: added, maxWidth: maxWidth) == general, "\(line.pen) \(added) \(maxWidth)")
                        checked += 1
                    }
                    for zero in [0.0, -0.0] {
                        var expected = line
                        expected.append(kern: zero, content: added, whitespace: zero, mask: 4)
                        var actual = line
                        actual.append(plainContent: added, mask: 4)
                        #expect(actual.pen.bitPattern == expected.pen.bitPattern && actual.content.bitPattern == expected.content.bitPattern)
                        #expect(actual.mask == expected.mask && actual.hasPiece && actual.mask == 5)
                    }
                }
            }
        }
        #expect(checked > 1000)
        // In fixed point too.
        let fixed = Self.line(content: Int64(60), whitespace: 10)
        #expect(fixed.fits(plainContent: 30, maxWidth: 100) && !fixed.fits(plainContent: 31, maxWidth: 100))
    }

    @Test("A piece of no width fits after white space that hangs past the width, in both width types")
    func zeroWidthAfterHangingSpace() {
        let double = Self.line(content: 100.0, whitespace: 7)
        #expect(double.pen > 100)
        #expect(!double.fits(kern: 0, content: 0, counted: 0, maxWidth: 100, takesNoWidth: false))
        let noWidth = OpenLine.takesNoWidth(kern: 0.0, content: 0, whitespace: 0)
        #expect(double.fits(kern: 0, content: 0, counted: 0, maxWidth: 100, takesNoWidth: noWidth))
        let fixed = Self.line(content: Int64(100), whitespace: 7)
        #expect(!fixed.fits(kern: 0, content: 0, counted: 0, maxWidth: 100, takesNoWidth: false))
        #expect(fixed.fits(kern: 0, content: 0, counted: 0, maxWidth: 100, takesNoWidth: true))
        // Kerning that cancels the content is no width either; white space alone is some.
        #expect(OpenLine.takesNoWidth(kern: -3.0, content: 3, whitespace: 0))
        #expect(!OpenLine.takesNoWidth(kern: 0.0, content: 0, whitespace: 1))
    }

    @Test("A piece starting a line goes on it whole when it fits or cannot be broken")
    func wholeOrBroken() {
        #expect(OpenLine.fitsWhole(extent: 100.0, maxWidth: 100, breaksWhenOverlong: true))
        #expect(!OpenLine.fitsWhole(extent: 100.5, maxWidth: 100, breaksWhenOverlong: true))
        #expect(OpenLine.fitsWhole(extent: 500.0, maxWidth: 100, breaksWhenOverlong: false))
        #expect(!OpenLine.fitsWhole(extent: Int64(101), maxWidth: 100, breaksWhenOverlong: true))
        // Whether it breaks is not read when it fits. (Called outside `#expect`, which
        // evaluates every argument to show it.)
        var read = false
        func breaks() -> Bool { read = true; return true }
        let whole = OpenLine.fitsWhole(extent: 1.0, maxWidth: 100, breaksWhenOverlong: breaks())
        #expect(whole && !read)
        let broken = OpenLine.fitsWhole(extent: 101.0, maxWidth: 100, breaksWhenOverlong: breaks())
        #expect(!broken && read)
    }

    @Test("An overlong piece at the very start: its first cluster drops its kerning, the line ends before a cluster that does not fit")
    func overlongAtStart() {
        var line = OpenLine<Int64>()
        var ended: [Int64] = []
        for (kern, width) in [(Int64(-4), Int64(10)), (-1, 10), (2, 10), (0, 4)] {
            if line.endsBefore(cluster: .content, kern: kern, width: width, maxWidth: 25) {
                ended.append(line.content)
                line.reset()
            }
            line.place(cluster: .content, kern: kern, width: width, mask: 1)
        }
        // 10, then 10 + (−1 + 10) = 19; 19 + 2 + 10 > 25 ends the line; 10, then 10 + 4.
        #expect(ended == [19])
        #expect(line.pen == 14 && line.content == 14)
    }

    @Test("White-space clusters of an overlong piece: hanging, counted, starting a run")
    func spaceRoles() {
        var line = OpenLine<Double>()
        // Nothing placed: no line ends before any cluster.
        for role in [LayoutCluster.Role.content, .hangingSpace, .countedSpace, .spaceStartingRun] {
            #expect(!line.endsBefore(cluster: role, kern: 0, width: 50, maxWidth: 20))
        }
        line.place(cluster: .content, kern: 3, width: 20, mask: 1)
        #expect(line.pen == 20)
        // The pen is at the width: a hanging space still fits (it is compared before it), a
        // counted one does not, one starting a run always fits, content does not.
        #expect(!line.endsBefore(cluster: .hangingSpace, kern: 0, width: 5, maxWidth: 20))
        #expect(line.endsBefore(cluster: .countedSpace, kern: 0, width: 5, maxWidth: 20))
        #expect(!line.endsBefore(cluster: .spaceStartingRun, kern: 0, width: 5, maxWidth: 20))
        #expect(line.endsBefore(cluster: .content, kern: 0, width: 0.5, maxWidth: 20))
        // White space moves the pen and adds no content.
        line.place(cluster: .hangingSpace, kern: 0, width: 5, mask: 2)
        #expect(line.pen == 25 && line.content == 20 && line.mask == 3)
        #expect(line.endsBefore(cluster: .hangingSpace, kern: 0, width: 5, maxWidth: 20))
    }

    @Test("Tabs and the hanging white space of a broken piece move the pen, not the content")
    func tabAndHang() {
        var line = OpenLine<Double>()
        line.placeTab(at: 28, mask: 1)
        #expect(line.hasPiece && line.pen == 28 && line.content == 0)
        line.append(kern: 1, content: 10, whitespace: 0, mask: 1)
        #expect(line.content == 39)
        line.hang(whitespace: 6)
        #expect(line.pen == 45 && line.content == 39)
        line.reset()
        #expect(!line.hasPiece && line.pen == 0 && line.content == 0 && line.mask == 0)
    }
}
