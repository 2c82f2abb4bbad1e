/// The line a greedy fitter is filling, and the rule that decides what goes on it — written once
/// for the three fitters, which differ only in how they obtain the sums: `LineFitter` adds the
/// pieces one by one in floating point, `PreparedWrapper` estimates from floating-point prefix
/// sums and sums this way only near the limit, `ExactPieceSums` compares exact fixed-point
/// prefix sums (where `reach` is a difference of two of them).
///
/// The rule (UIKit and Pango both fill greedily):
/// - a piece goes on a line that has pieces when its reach — pen + kerning + content + the
///   trailing white space that counts — is within the width, or when it takes no width at all
///   (`fits`); otherwise the line ends before it;
/// - a piece that starts a line goes on it whole when its content and counted white space fit,
///   or when it cannot be broken (`fitsWhole`); otherwise it is placed cluster by cluster
///   (`endsBefore(cluster:kern:width:maxWidth:)`, `place(cluster:kern:width:mask:)`), the line ending
///   before each cluster that does not fit;
/// - a line's content ends where its last piece's content ends (`content`): the white space
///   after it hangs (what counts of it only decides what fits).
///
/// The sums keep the order written here — a comparison sums `((pen + kern) + content) + counted`,
/// the pen moves by `kern + content` — on which every floating-point result depends.
///
/// The width compared with, `maxWidth`, is the fitter's (`LineFitter.comparedWidth`, or its
/// fixed-point form for exact sums), passed to each comparison.
struct OpenLine<Width: LineWidth> {
    /// Where the pen is after what was placed: content, kerning and trailing white space.
    private(set) var pen: Width = .zero
    /// Where the line's content ends: the pen before the last piece's trailing white space.
    private(set) var content: Width = .zero
    /// Something was placed on the line (it may still be of no width).
    private(set) var hasPiece = false
    /// The fonts of what was placed (`StyleTables.lineHeight(mask:heights:)`).
    private(set) var mask: UInt32 = 0

    /// An empty line.
    @inline(__always)
    init() {}

    /// Empties the line (after it ended).
    @inline(__always)
    mutating func reset() {
        pen = .zero
        content = .zero
        hasPiece = false
        mask = 0
    }

    // MARK: Pieces

    /// Where a piece would reach on the line: where it is compared with the width (`fits`,
    /// `fitsWhole`); a line start drops the piece's kerning.
    ///
    /// - Parameters: kern: kerning with the piece before; content: width of the piece's
    ///   content; counted: the width of its trailing white space that counts
    ///   (`LayoutPiece.countedWhitespace(pango:)`).
    @inline(__always)
    func reach(kern: Width, content: Width, counted: Width) -> Width {
        hasPiece ? pen + kern + content + counted : content + counted
    }

    /// Whether a piece goes on the line after the pieces on it: it reaches no farther than the
    /// width, or it takes no width at all (`takesNoWidth`: the mandatory break after white space
    /// in char mode, which fits wherever the pen is, also past the width after white space that
    /// hangs — Pango compares with its remaining width clamped at 0).
    @inline(__always)
    func fits(kern: Width, content: Width, counted: Width, maxWidth: Width, takesNoWidth: @autoclosure () -> Bool) -> Bool {
        pen + kern + content + counted <= maxWidth || _slowPath(takesNoWidth())
    }

    /// `fits(kern:content:counted:maxWidth:takesNoWidth:)` for a plain piece
    /// (`LayoutPiece.isPlain(pango:)`: no kerning, no white space, no counted white space, a
    /// content that is not 0): the same answer in fewer operations — adding a zero to the sum
    /// changes at most the sign of a zero, which no comparison sees, and such a piece takes width.
    ///
    /// - Complexity: one addition and one comparison (the ideographic runs' loop,
    ///   `LineFitter.appendCommonWhileFitting`).
    @inline(__always)
    func fits(plainContent content: Width, maxWidth: Width) -> Bool {
        pen + content <= maxWidth
    }

    /// Whether a piece that starts a line goes on it whole: its content and counted white space
    /// (`extent`) fit the width, or it is not broken when overlong
    /// (`LayoutPiece.breaksWhenOverlong(pango:)`, read only when it does not fit).
    @inline(__always)
    static func fitsWhole(extent: Width, maxWidth: Width, breaksWhenOverlong: @autoclosure () -> Bool) -> Bool {
        extent <= maxWidth || !breaksWhenOverlong()
    }

    /// Whether a piece of these widths takes no width: it fits any line (`fits`).
    @inline(__always)
    static func takesNoWidth(kern: Width, content: Width, whitespace: Width) -> Bool {
        kern + content + whitespace == .zero
    }

    /// Places a piece (`kern` is 0 at a line start): the pen moves over its content, where the
    /// line's content now ends, then over its trailing white space.
    @inline(__always)
    mutating func append(kern: Width, content: Width, whitespace: Width, mask: UInt32) {
        pen += kern + content
        self.content = pen
        pen += whitespace
        self.mask |= mask
        hasPiece = true
    }

    /// `append(kern:content:whitespace:mask:)` for a plain piece (see `fits(plainContent:maxWidth:)`):
    /// the same line, bit for bit, in fewer operations — a content that is not 0 added to the
    /// pen never gives −0, so the zeros added by the general form change nothing.
    @inline(__always)
    mutating func append(plainContent content: Width, mask: UInt32) {
        pen += content
        self.content = pen
        self.mask |= mask
        hasPiece = true
    }

    /// Places a tab, which moves the pen to `stop` (`TabStops`) and always fits: as white space
    /// it adds no content.
    @inline(__always)
    mutating func placeTab(at stop: Width, mask: UInt32) {
        pen = stop
        self.mask |= mask
        hasPiece = true
    }

    /// Ends an overlong piece placed cluster by cluster whose trailing white space was not among
    /// its clusters (`.uikit`): the white space hangs after its last cluster.
    @inline(__always)
    mutating func hang(whitespace: Width) {
        pen += whitespace
        hasPiece = true
    }

    // MARK: Clusters of an overlong piece

    /// Whether the line ends before a cluster of an overlong piece (`LayoutCluster.Role`):
    /// it has something placed and the cluster does not fit after it — content when the pen after
    /// it and its kerning would pass the width; a white-space scalar that hangs when the pen
    /// before it already has; the counted last one before a mandatory break when the pen after it
    /// would; a white-space scalar starting a run never.
    @inline(__always)
    func endsBefore(cluster role: LayoutCluster.Role, kern: Width, width: Width, maxWidth: Width) -> Bool {
        guard hasPiece else { return false }
        switch role {
        case .content: return !(pen + kern + width <= maxWidth)
        case .hangingSpace: return !(pen <= maxWidth)
        case .countedSpace: return !(pen + width <= maxWidth)
        case .spaceStartingRun: return false
        }
    }

    /// Places a cluster of an overlong piece (after the line ended if `endsBefore` said so):
    /// content moves the pen by its kerning and width (its width alone at a line start) and ends
    /// the content there; white space moves the pen only.
    @inline(__always)
    mutating func place(cluster role: LayoutCluster.Role, kern: Width, width: Width, mask: UInt32) {
        if role == .content {
            pen = hasPiece ? pen + (kern + width) : width
            content = pen
        } else {
            pen += width
        }
        self.mask |= mask
        hasPiece = true
    }
}
