#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The pieces of a text being prepared, with their summaries, in one scratch allocation that it
/// owns (freed when it goes away), and what `ExactPieceSums.plan` needs to know of all of them,
/// gathered as they are appended: preparing reads each piece once instead of once per pass.
///
/// - Complexity: `append` is amortised O(1); nothing is allocated unless the text has more
///   pieces than a third of its bytes plus 4 (a word or a CJK character each).
struct PreparedPieceList: ~Copyable {
    /// The pieces appended (`count` of them, then room for more).
    private(set) var pieces: UnsafeMutablePointer<PreparedPiece>
    /// Their summaries, in the same allocation after room for `capacity` pieces.
    private(set) var summaries: UnsafeMutablePointer<PreparedPieceSummary>
    private(set) var count = 0
    private var capacity: Int
    private let pango: Bool
    /// Where the next piece starts if every piece before it shares its line (`PreparedPiece.offset`).
    private var offset = 0.0

    /// The sum of the magnitudes of every width and kerning value of the pieces (width units).
    private(set) var magnitude = 0.0
    /// The union of the pieces' font masks.
    private(set) var fontMask: UInt32 = 0
    /// The number of pieces that end with a mandatory break.
    private(set) var mandatoryBreakCount = 0
    /// The width from which a breakable piece keeps its clusters in the exact sums
    /// (`ExactPieceSums.longPieceWidth` in width units).
    let longPieceWidth: Double
    /// The number of breakable pieces at least `longPieceWidth` wide, and their content's bytes.
    private(set) var longPieceCount = 0
    private(set) var longPieceBytes = 0
    /// Some piece has counted white space.
    private(set) var hasCountedWhitespace = false
    /// Some piece only `LineFitter` places (`PreparedText.needsLineFitter`).
    private(set) var needsLineFitter = false
    /// Every width and kerning value is a multiple of `2^-ExactPieceSums.maxFractionBits` below
    /// 2⁵² of them, and the or of their bits at that scale (see `ExactPieceSums.plan`).
    private(set) var isExact = true
    private(set) var exactBits: UInt64 = 0

    /// An empty list with room for the pieces of most texts of `byteCount` bytes, in a style of
    /// `unitsPerPoint` width units per point.
    init(byteCount: Int, pango: Bool, unitsPerPoint: Double) {
        self.pango = pango
        longPieceWidth = ExactPieceSums.longPieceWidth * unitsPerPoint
        capacity = byteCount / 3 + 4
        (pieces, summaries) = PreparedPieceList.allocate(capacity: capacity)
    }

    deinit {
        free(pieces)
    }

    /// Room for `capacity` pieces and summaries, from `malloc` (freed with `free`): the runtime
    /// serves `UnsafeMutableRawPointer.allocate` through `posix_memalign` whatever the alignment,
    /// which cost four times as many instructions, once per prepared text. `malloc`'s alignment
    /// (16) covers both types'.
    private static func allocate(
        capacity: Int
    ) -> (UnsafeMutablePointer<PreparedPiece>, UnsafeMutablePointer<PreparedPieceSummary>) {
        let piecesBytes = capacity * MemoryLayout<PreparedPiece>.stride
        let byteCount = piecesBytes + capacity * MemoryLayout<PreparedPieceSummary>.stride
        guard let raw = malloc(max(byteCount, 1)) else { fatalError("out of memory preparing a text") }
        return (raw.bindMemory(to: PreparedPiece.self, capacity: capacity),
                (raw + piecesBytes).bindMemory(to: PreparedPieceSummary.self, capacity: capacity))
    }

    /// Appends the next piece of the text as `PreparedText` keeps it.
    @inline(__always)
    mutating func append(_ piece: LayoutPiece) {
        if _slowPath(count == capacity) { grow() }
        let prepared = PreparedPiece(layout: piece, offset: offset)
        offset += piece.leadingKern + piece.content + piece.whitespace
        let summary = PreparedPieceSummary(piece, offset: prepared.offset, pango: pango)
        let counted = piece.countedWhitespace(pango: pango)
        (pieces + count).initialize(to: prepared)
        (summaries + count).initialize(to: summary)
        count += 1
        magnitude += piece.leadingKern.magnitude + piece.content.magnitude + piece.whitespace.magnitude
            + counted.magnitude
        fontMask |= summary.fontMask
        if summary.isMandatoryBreak { mandatoryBreakCount += 1 }
        if _slowPath(PreparedText.needsLineFitter(summary, prepared, after: count > 1 ? summaries + count - 2 : nil)) {
            needsLineFitter = true
        }
        if _slowPath(PreparedPieceList.isLong(prepared, summary, longPieceWidth: longPieceWidth, pango: pango)) {
            longPieceCount += 1
            longPieceBytes += piece.contentEnd - piece.start
        }
        noteExactness(piece.leadingKern)
        noteExactness(piece.content)
        noteExactness(piece.whitespace)
        if pango {  // (`.uikit` counts no white space: 0 changes nothing here)
            hasCountedWhitespace = hasCountedWhitespace || counted != 0
            noteExactness(counted)
        }
    }

    /// Whether the exact sums keep the clusters of `piece`: breakable, at least `longPieceWidth`
    /// wide, and (`.pango`) with no white space that counts — Pango may end a line between such
    /// white-space characters (`LayoutCluster.Role`), which only `LineFitter` places.
    @inline(__always)
    static func isLong(
        _ piece: PreparedPiece, _ summary: PreparedPieceSummary, longPieceWidth: Double, pango: Bool
    ) -> Bool {
        summary.isBreakable && summary.fittingWidth >= longPieceWidth
            && (!pango || piece.layout.countedWhitespace(pango: true) == 0)
    }

    /// Notes one value for `isExact` and `exactBits`: an integer below 2⁵² plus 2⁵² is exact and
    /// has the integer as its significand bits; a non-integer is rounded, which the subtraction
    /// reveals (no conversions, which cost more than the rest).
    @inline(__always)
    mutating func noteExactness(_ value: Double) {
        let scaled = (value * Double(1 << ExactPieceSums.maxFractionBits)).magnitude
        let shifted = scaled + 0x1p52
        isExact = isExact && scaled < 0x1p52 && shifted - 0x1p52 == scaled
        exactBits |= shifted.bitPattern
    }

    /// Twice the room, the pieces and summaries moved over.
    @inline(never)
    private mutating func grow() {
        let (newPieces, newSummaries) = PreparedPieceList.allocate(capacity: capacity * 2)
        newPieces.moveInitialize(from: pieces, count: count)
        newSummaries.moveInitialize(from: summaries, count: count)
        free(pieces)
        (pieces, summaries) = (newPieces, newSummaries)
        capacity *= 2
    }

    /// The pieces appended (valid while the list lives and is not appended to).
    var pieceBuffer: UnsafeBufferPointer<PreparedPiece> {
        UnsafeBufferPointer(start: pieces, count: count)
    }

    /// The summaries appended (valid while the list lives and is not appended to).
    var summaryBuffer: UnsafeBufferPointer<PreparedPieceSummary> {
        UnsafeBufferPointer(start: summaries, count: count)
    }
}
