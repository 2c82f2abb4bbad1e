/// Greedy line filling (UIKit and Pango both fill greedily): pieces are placed on the current
/// line while they fit; a piece that does not fit starts a new line; a piece wider than a whole
/// line is broken between grapheme clusters.
///
/// The fitter only counts: it keeps the line count, the sum of line heights and the widest line,
/// and builds `LineFragment`s only when asked to.
///
/// A tab moves the pen to the next tab stop (`TabStops`) and always fits; in `.pango`, an
/// overlong piece is broken between its white-space characters too (`LayoutCluster.Role`).
///
/// A line's height comes from the fonts its pieces used (`LayoutPiece.fontMask`, bit i = font
/// i of `lineHeights`, see `StyleTables.lineHeight(mask:heights:)`): a style's own fonts for
/// plain text, or the font slots of an attributed text (`LineHeightSlots`), whose runs have
/// fonts and sizes of their own. In a `.pango` style whose fonts' baselines differ, a line of
/// several fonts also reads its first run from the text (`LineBaselines`).
struct LineFitter {
    /// The width lines are compared with, width units (`comparedWidth`).
    let maxWidth: Double
    /// The profile is `.pango` (that of `tabStops`).
    var pango: Bool {
        @inline(__always) get { tabStops.pango }
    }
    let recordLines: Bool
    /// Per font: line height, ascent, descent (`StyleTableView.lineHeights`' layout), points.
    let lineHeights: UnsafeBufferPointer<Double>
    /// Width units per point.
    let unitsPerPoint: Double
    /// Where tabs move the pen.
    let tabStops: TabStops
    /// The text, when its lines' runs are aligned on their first run's baseline (`.pango`,
    /// fonts whose baselines differ); `nil` for every other style and for attributed text.
    let baselines: LineBaselines?

    /// The open line and the rule of what goes on it.
    private var line: OpenLine<Double>
    /// The lines ended: count, heights, widest (width units).
    private var tally: LineTally<Double>
    /// The lines ended, when `recordLines` (else `nil`: a fitter that records none holds no
    /// array, which it would release at its end, every measurement).
    private(set) var lines: [LineFragment]? = nil
    /// UTF-8 offsets where the open line starts and where what was placed on it ends.
    private var lineStart = 0
    private var lastEnd = 0
    /// The height of the last line of several fonts (`endLine`).
    private var heights = LineHeightMemo()

    /// A fitter for the pieces of `text` (valid UTF-8, which the pieces' offsets index) in the
    /// style of `tables`.
    ///
    /// - Parameter maxWidth: in width units; a tolerance for floating-point sums is added here.
    @inline(__always)
    init(maxWidth: Double, tables: StyleTableView, text: UnsafeBufferPointer<UInt8>, lineLimit: Int, recordLines: Bool) {
        self.init(
            maxWidth: maxWidth, lineHeights: tables.lineHeights, unitsPerPoint: tables.unitsPerPoint,
            tabStops: TabStops(tables: tables), baselines: LineBaselines(tables: tables, bytes: text),
            lineLimit: lineLimit, recordLines: recordLines)
    }

    /// A fitter whose pieces' font masks index `lineHeights` (valid while the fitter is used),
    /// in the profile of `tabStops` (the base style's, for an attributed text), with the
    /// baselines of the style of `lineHeights` (`nil`: none differ, or attributed text).
    ///
    /// - Parameter maxWidth: in width units; a tolerance for floating-point sums is added here.
    @inline(__always)
    init(
        maxWidth: Double, lineHeights: UnsafeBufferPointer<Double>, unitsPerPoint: Double, tabStops: TabStops,
        baselines: LineBaselines?, lineLimit: Int, recordLines: Bool
    ) {
        self.tabStops = tabStops
        self.baselines = baselines
        self.maxWidth = LineFitter.comparedWidth(maxWidth, pango: tabStops.pango)
        line = OpenLine()
        tally = LineTally(numberOfLines: lineLimit)
        self.lineHeights = lineHeights
        self.unitsPerPoint = unitsPerPoint
        self.recordLines = recordLines
    }

    /// The width line widths are compared with: Pango compares whole units exactly; UIKit's
    /// sums get a tolerance far below a pixel.
    static func comparedWidth(_ maxWidth: Double, pango: Bool) -> Double {
        pango ? maxWidth : maxWidth + 1e-9 * max(1, maxWidth)
    }

    /// Lines ended so far.
    var lineCount: Int { tally.count }

    /// True once `numberOfLines` lines are complete: the rest of the text cannot change the result.
    var isFull: Bool {
        @inline(__always) get { tally.isFull }
    }

    /// Places `piece` if it fits on the current line or on a new one (`OpenLine.fits`,
    /// `OpenLine.fitsWhole`).
    ///
    /// - Returns: `false` when the piece is wider than a whole line and breakable: the caller
    ///   then places its clusters with `placeCluster(_:)` and ends it with `endBroken(_:)`.
    @inline(__always)
    mutating func tryPlace(_ piece: LayoutPiece) -> Bool {
        if _slowPath(piece.isTab) {
            placeTab(mask: piece.fontMask, end: piece.end, isMandatoryBreak: piece.isMandatoryBreak)
            return true
        }
        let counted = piece.countedWhitespace(pango: pango)
        if line.hasPiece {
            if line.fits(kern: piece.leadingKern, content: piece.content, counted: counted, maxWidth: maxWidth, takesNoWidth: piece.takesNoWidth) {
                append(piece, kern: piece.leadingKern)
                return true
            }
            endLine()
            if isFull { return true }
        }
        if OpenLine.fitsWhole(
            extent: piece.content + counted, maxWidth: maxWidth, breaksWhenOverlong: piece.breaksWhenOverlong(pango: pango))
        {
            append(piece, kern: 0)
            return true
        }
        return false
    }

    /// Places the common pieces of an ideographic run (`IdeographicPieces.peekCommon()`) for as
    /// long as `tryPlace` would append each: on the open line where it fits, else (`tryPlace`'s
    /// `endLine()`) on the next line, which it starts — unless it is breakable and wider than a
    /// whole line, or `numberOfLines` lines are then complete (`isFull`; `tryPlace` places
    /// nothing then). The line must have a piece when this starts (else the first piece is
    /// returned). Such a piece is plain (`IdeographicPieces.CommonPiece`: no tab, no paragraph
    /// end, `LayoutPiece.isPlain(pango:)`), for which `OpenLine.fits(plainContent:maxWidth:)`
    /// and `OpenLine.append(plainContent:mask:)` answer as `tryPlace`'s `fits` and `append` do.
    /// The open line and the pieces' state stay in registers meanwhile (copies, written back at
    /// a line's end and once at the end): the loop of a run of ideographs, which goes on from
    /// line to line.
    ///
    /// - Returns: The first piece not appended, not taken (for `IdeographicPieces.take(_:)` and
    ///   `place(_:clusters:)`; when `isFull`, one that no line holds), or `nil` where
    ///   `peekCommon()` gives none.
    @inline(__always)
    mutating func appendCommonWhileFitting(_ pieces: inout IdeographicPieces) -> IdeographicPieces.CommonPiece? {
        // Tested once: appending gives the line a piece.
        guard self.line.hasPiece else { return pieces.peekCommon() }
        var line = self.line
        var local = pieces
        let start = local.start
        defer {
            self.line = line
            // (Each piece ends where the next starts.)
            if local.start != start { lastEnd = local.start }
            pieces = local
        }
        let maxWidth = self.maxWidth
        return local.takeCommon { content, mask, pieceStart, pieceEnd in
            if line.fits(plainContent: content, maxWidth: maxWidth) {
                line.append(plainContent: content, mask: mask)
                return true
            }
            // A piece that does not fit: `tryPlace(commonContent:mask:end:isBreakable:)`, with
            // the line and the last piece's end (where this one starts) written back. The line
            // ends, and the piece starts the next one — unless it is breakable and wider than a
            // whole line (not placed: for the caller to place as any piece) or `numberOfLines`
            // lines are complete (`isFull`: the caller takes it and stops).
            // (`tryPlace`'s steps written out on the local line: as a call the loop around
            // lost 300–450 instructions a Japanese row. `LineFitterTests` compares the two.)
            self.line = line
            if pieceStart != start { lastEnd = pieceStart }
            endLine()
            line = self.line
            guard !isFull,
                OpenLine.fitsWhole(extent: content, maxWidth: maxWidth, breaksWhenOverlong: pieceEnd != pieceStart &+ 3)
            else { return false }
            line.append(plainContent: content, mask: mask)
            return true
        }
    }

    /// `tryPlace` for a common piece of an ideographic run (`IdeographicPieces.CommonPiece`, plain:
    /// no kerning, no white space, no tab or paragraph end, a content above 0) of `content`,
    /// font mask `mask`, ending at `end`, breakable or not (`isBreakable`): the piece that
    /// `appendCommonWhileFitting` did not append, which mostly starts a line. The same line
    /// and tally as `tryPlace` gives it, in the plain forms (`OpenLine.fits(plainContent:maxWidth:)`,
    /// `OpenLine.append(plainContent:mask:)`), without building the piece.
    ///
    /// - Returns: `false` as `tryPlace` would: the piece is wider than a whole line and
    ///   breakable (nothing placed; the caller places it as any piece).
    @inline(__always)
    mutating func tryPlace(commonContent content: Double, mask: UInt32, end: Int, isBreakable: Bool) -> Bool {
        if line.hasPiece {
            if line.fits(plainContent: content, maxWidth: maxWidth) {
                line.append(plainContent: content, mask: mask)
                lastEnd = end
                return true
            }
            endLine()
            if isFull { return true }
        }
        guard OpenLine.fitsWhole(extent: content, maxWidth: maxWidth, breaksWhenOverlong: isBreakable) else { return false }
        line.append(plainContent: content, mask: mask)
        lastEnd = end
        return true
    }

    /// How far the piece would reach on the open line: where `tryPlace` compares it with the
    /// width (`OpenLine.reach`; `maxWidth` unbounded, where it always fits), or 0 for a tab
    /// (which hangs).
    @inline(__always)
    func reach(of piece: LayoutPiece) -> Double {
        if piece.isTab { return 0 }
        return line.reach(kern: piece.leadingKern, content: piece.content, counted: piece.countedWhitespace(pango: pango))
    }

    /// Places a tab (a piece that `isTab`, of these fonts, ending at `end`, with a mandatory
    /// break after it or not): the pen moves to the next stop; the tab fits wherever the pen is.
    /// (Given the piece's fields, not the piece: the loops placing pieces then need the piece in
    /// memory only for the overlong ones, `placeBroken`.)
    @inline(never)
    private mutating func placeTab(mask: UInt32, end: Int, isMandatoryBreak: Bool) {
        line.placeTab(at: tabStops.stop(after: line.pen, maxWidth: maxWidth), mask: mask)
        lastEnd = end
        if isMandatoryBreak { endLine(mandatory: true) }
    }

    @inline(__always)
    private mutating func append(_ piece: LayoutPiece, kern: Double) {
        line.append(kern: kern, content: piece.content, whitespace: piece.whitespace, mask: piece.fontMask)
        lastEnd = piece.end
        if piece.isMandatoryBreak { endLine(mandatory: true) }
    }

    /// Places `piece`, breaking it between the clusters `clusters` gives (in order) when it is
    /// wider than a whole line: `tryPlace`, then `placeCluster` for each and `endBroken`.
    @inline(__always)
    mutating func place(_ piece: LayoutPiece, clusters: (LayoutPiece, (LayoutCluster) -> Void) -> Void) {
        if tryPlace(piece) { return }
        // The piece's fields one by one: a piece (passed by reference, too large for registers)
        // would be stored to memory for this call before `tryPlace`, for every piece placed.
        placeBroken(
            start: piece.start, contentEnd: piece.contentEnd, end: piece.end, leadingKern: piece.leadingKern,
            content: piece.content, whitespace: piece.whitespace, lastSpace: piece.lastSpace,
            fontMask: piece.fontMask, isMandatoryBreak: piece.isMandatoryBreak, isBreakable: piece.isBreakable,
            isTab: piece.isTab, clusters: clusters)
    }

    /// `placeBroken(_:clusters:)` of the piece of these fields, out of line.
    @inline(never)
    private mutating func placeBroken(
        start: Int, contentEnd: Int, end: Int, leadingKern: Double, content: Double, whitespace: Double,
        lastSpace: Double, fontMask: UInt32, isMandatoryBreak: Bool, isBreakable: Bool, isTab: Bool,
        clusters: (LayoutPiece, (LayoutCluster) -> Void) -> Void
    ) {
        placeBroken(
            LayoutPiece(
                start: start, contentEnd: contentEnd, end: end, leadingKern: leadingKern, content: content,
                whitespace: whitespace, lastSpace: lastSpace, fontMask: fontMask, isMandatoryBreak: isMandatoryBreak,
                isBreakable: isBreakable, isTab: isTab),
            clusters: clusters)
    }

    /// Places an overlong piece cluster by cluster (`place(_:clusters:)`). Out of line: only such
    /// a piece gets here, and the loops placing pieces keep their registers.
    @inline(__always)
    private mutating func placeBroken(_ piece: LayoutPiece, clusters: (LayoutPiece, (LayoutCluster) -> Void) -> Void) {
        var full = false
        clusters(piece) { cluster in
            if !full { full = !placeCluster(cluster) }
        }
        if !full { endBroken(piece) }
    }

    /// Places one cluster of an overlong piece (the first on an empty line; `OpenLine.endsBefore`,
    /// `OpenLine.place(cluster:kern:width:mask:)`).
    ///
    /// - Returns: `false` once `numberOfLines` lines are complete: skip the piece's other
    ///   clusters and `endBroken(_:)`.
    @inline(__always)
    mutating func placeCluster(_ cluster: LayoutCluster) -> Bool {
        if _slowPath(cluster.role != .content) { return placeSpace(cluster) }
        if line.endsBefore(cluster: .content, kern: cluster.leadingKern, width: cluster.width, maxWidth: maxWidth) {
            endLine()
            if isFull { return false }
        }
        line.place(cluster: .content, kern: cluster.leadingKern, width: cluster.width, mask: cluster.fontMask)
        lastEnd = cluster.end
        return true
    }

    /// Places a white-space cluster of an overlong piece (`.pango`, see `LayoutCluster.Role`):
    /// a line may end before it; it adds no content width.
    @inline(never)
    private mutating func placeSpace(_ cluster: LayoutCluster) -> Bool {
        if line.endsBefore(cluster: cluster.role, kern: cluster.leadingKern, width: cluster.width, maxWidth: maxWidth) {
            endLine()
            if isFull { return false }
        }
        line.place(cluster: cluster.role, kern: cluster.leadingKern, width: cluster.width, mask: cluster.fontMask)
        lastEnd = cluster.end
        return true
    }

    /// Ends an overlong piece after its clusters: `.uikit` places its trailing white space (which
    /// hangs); in `.pango` the clusters included it.
    @inline(__always)
    mutating func endBroken(_ piece: LayoutPiece) {
        line.hang(whitespace: pango ? 0 : piece.whitespace)
        lastEnd = piece.end
        if piece.isMandatoryBreak { endLine(mandatory: true) }
    }

    private mutating func endLine(mandatory: Bool = false) {
        let height = heights.lineHeight(mask: line.mask, heights: lineHeights, baselines: baselines, lineStart: lineStart)
        tally.end(width: line.content, height: height, mandatory: mandatory)
        if _slowPath(recordLines) { recordLine(height: height) }
        line.reset()
        lineStart = lastEnd
    }

    /// Records the line that ends now, `height` points tall (`recordLines`): out of line, away
    /// from `endLine`, which every measurement calls for every line.
    @inline(never)
    private mutating func recordLine(height: Double) {
        if lines == nil { lines = [] }
        lines?.append(LineFragment(utf8Range: lineStart..<lastEnd, width: line.content / unitsPerPoint, lineHeight: height))
    }

    /// Ends the text (`LineTally.endsLineAtEndOfText`): closes the open line; a text ending in a
    /// mandatory break has one more (empty) line; an empty text has none (`.uikit`) or one (`.pango`).
    mutating func finish() {
        if tally.endsLineAtEndOfText(hasOpenLine: line.hasPiece, pango: pango) { endLine() }
    }

    /// The measurement: line count capped, height per DESIGN.md rounded up to the pixel grid.
    @inline(__always)
    func measurement(style: TextStyle) -> TextMeasurement {
        tally.measurement(maxLineWidth: tally.widest / unitsPerPoint, style: style, lines: recordLines ? lines ?? [] : nil)
    }

    /// `ceil(h × scale) / scale`, ignoring floating-point noise far below a pixel.
    static func roundUp(_ height: Double, scale: Double) -> Double {
        let pixels = height * scale
        return (pixels - 1e-9 * max(1, pixels)).rounded(.up) / scale
    }
}
