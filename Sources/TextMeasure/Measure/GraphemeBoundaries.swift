/// Extended grapheme cluster boundaries inside a UTF-8 range, as Swift's `Character` sees them.
///
/// Runs of ASCII (but CR LF) are one cluster per byte without calling into the standard
/// library; any other stretch is handed to `String`'s own grapheme breaking.
enum GraphemeBoundaries {
    /// Calls `body` with the UTF-8 offset of the end of every cluster in `from..<to` (the last
    /// is `to`). `from` must be a cluster boundary.
    ///
    /// - Parameter pango: Pango 1.50's clusters instead (`.pango`; `GraphemeBoundaries+Pango`):
    ///   Unicode's boundaries with those Pango 1.50's rules do not have removed (before every
    ///   spacing mark; after an Indic joiner) and those it has added (inside a Unicode 15.1
    ///   conjunct, before Thai and Lao SARA AM), so that char wrapping breaks where Pango may.
    static func forEach(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, pango: Bool = false,
        _ body: (Int) -> Void
    ) {
        var i = from
        while i < to {
            let b = bytes[i]
            if b < 0x80 {
                let next = i + 1
                if next == to { body(to); return }
                let c = bytes[next]
                if c < 0x80 && !(b == 0x0D && c == 0x0A) { body(next); i = next; continue }
                if b == 0x0D && c == 0x0A { body(next + 1); i = next + 1; continue }
            }
            // A non-ASCII stretch: let String find the clusters up to the next ASCII byte that
            // starts a cluster of its own (an ASCII byte other than CR/LF is never extended by
            // what precedes it, but it may be extended by what follows, so include one more).
            var j = i + 1
            while j < to && bytes[j] >= 0x80 { j += 1 }
            let stretchEnd = min(to, j + 1)
            let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<stretchEnd]), as: UTF8.self)
            var last = i
            for character in string {
                let end = last + character.utf8.count
                // The final cluster may continue past the stretch: re-examine it with more context,
                // unless it is the first (then it is whole, since the stretch ends in ASCII).
                if end >= stretchEnd && stretchEnd < to && last > i { break }
                if pango {
                    if end - last > 1 { forEachPangoBoundary(in: bytes, after: last, before: end, body) }
                    if end < to, !pangoKeepsBoundary(in: bytes, at: end) {
                        last = end
                        continue
                    }
                }
                body(end)
                last = end
            }
            i = last
        }
    }
}

extension GraphemeBoundaries {
    /// The UTF-8 offset just past the grapheme cluster that starts at `offset` of valid UTF-8
    /// (clusters longer than 64 bytes end at the last scalar boundary within 64 bytes).
    ///
    /// - Complexity: O(1): at most 64 bytes are read.
    static func clusterEnd(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        var end = min(bytes.count, offset + 64)
        while end < bytes.count, end > offset + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let window = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return offset + max(window.first?.utf8.count ?? 1, 1)
    }
}
