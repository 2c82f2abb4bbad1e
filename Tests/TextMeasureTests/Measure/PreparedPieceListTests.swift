import Testing
@testable import TextMeasure

/// `PreparedPieceList` keeps every piece appended (also past the room it starts with) and gathers
/// what `ExactPieceSums.plan` reads as the pieces go by.
@Suite("Prepared piece list")
struct PreparedPieceListTests {
    static func piece(_ i: Int, content: Double, kern: Double = 0, whitespace: Double = 0, lastSpace: Double = 0)
        -> LayoutPiece
    {
        LayoutPiece(
            start: 4 * i, contentEnd: 4 * i + 3, end: 4 * i + 4, leadingKern: kern, content: content,
            whitespace: whitespace, lastSpace: lastSpace, fontMask: 1 << UInt32(i % 3),
            isMandatoryBreak: i % 7 == 6, isBreakable: i % 2 == 0)
    }

    @Test("Pieces past the first room are kept in order, with their offsets and summaries", arguments: [false, true])
    func growsAndKeepsPieces(pango: Bool) {
        // Room for 0 / 3 + 4 = 4 pieces at first: 50 pieces move three times.
        var list = PreparedPieceList(byteCount: 0, pango: pango, unitsPerPoint: pango ? 1024 : 1)
        let layout = (0..<50).map { Self.piece($0, content: Double($0) + 0.5, kern: -0.25, whitespace: 2, lastSpace: 1) }
        for piece in layout { list.append(piece) }
        let count = list.count
        #expect(count == 50)
        var offset = 0.0
        var magnitude = 0.0
        for (i, piece) in layout.enumerated() {
            let kept = list.pieceBuffer[i]
            let summary = list.summaryBuffer[i]
            let counted = piece.countedWhitespace(pango: pango)
            #expect(kept.offset == offset && kept.layout.content == piece.content && kept.layout.start == piece.start
                && kept.layout.lastSpace == piece.lastSpace && kept.layout.isBreakable == piece.isBreakable)
            #expect(summary.fittingEnd == offset + piece.leadingKern + piece.content + counted)
            #expect(summary.fittingWidth == piece.content + counted)
            #expect(summary.isMandatoryBreak == piece.isMandatoryBreak && summary.fontMask == piece.fontMask)
            offset += piece.leadingKern + piece.content + piece.whitespace
            magnitude += piece.leadingKern.magnitude + piece.content.magnitude + piece.whitespace.magnitude
                + counted.magnitude
        }
        // (`#expect` cannot read a property of a non-copyable value: the values first.)
        let (total, mask, breaks) = (list.magnitude, list.fontMask, list.mandatoryBreakCount)
        let (counted, exact, bits) = (list.hasCountedWhitespace, list.isExact, list.exactBits)
        #expect(total == magnitude)
        #expect(mask == 0b111)
        #expect(breaks == 7)
        #expect(counted == pango)
        #expect(exact)
        // Every value is a multiple of 1/4: 2 fraction bits, the lowest set at 2^(20 - 2).
        #expect(bits & ((1 << 52) - 1) & ((1 << 18) - 1) == 0)
        #expect(bits & (1 << 18) != 0)
    }

    @Test("A width that is no binary fraction makes the pieces inexact; long pieces are counted")
    func exactnessAndLongPieces() {
        var list = PreparedPieceList(byteCount: 100, pango: false, unitsPerPoint: 1)
        list.append(Self.piece(0, content: ExactPieceSums.longPieceWidth))  // breakable, long
        list.append(Self.piece(1, content: 500))  // not breakable
        list.append(Self.piece(2, content: 10))
        let (exact, longCount, longBytes) = (list.isExact, list.longPieceCount, list.longPieceBytes)
        #expect(exact)
        #expect(longCount == 1 && longBytes == 3)
        list.append(Self.piece(3, content: 0.1))
        let stillExact = list.isExact
        #expect(!stillExact)
    }
}
