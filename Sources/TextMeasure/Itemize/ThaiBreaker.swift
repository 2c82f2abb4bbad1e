import CLibThai
import Synchronization

/// libthai's dictionary word breaker (`th_brk_find_breaks`), which Pango 1.50 calls for every
/// Thai item (`break-thai.c`): owns one `ThBrk`, created the first time Thai is measured (libthai
/// is loaded then, and its dictionary, Debian `libthai-data`) and never freed.
///
/// libthai's breaker keeps per-call state in the `ThBrk`, so concurrent calls on one instance
/// are not safe: calls are serialized by a lock, as Pango serializes them (`G_LOCK (thai_brk)`).
final class ThaiBreaker: Sendable {
    /// The breaker every measurement shares (created on first use).
    static let shared = ThaiBreaker()

    /// The breaker, or `nil` when libthai or its dictionary could not be loaded (then Thai gets
    /// no dictionary breaks, only those of UAX #14).
    private let breaker: Mutex<UnsafeMutableRawPointer?>

    private init() {
        breaker = Mutex(rowheight_thai_breaker_new())
    }

    deinit {
        breaker.withLock { rowheight_thai_breaker_delete($0) }
    }

    /// The positions libthai finds in `scalars` (converted to TIS-620 as Pango converts them,
    /// `th_uni2tis`): indices of the scalars a line may break before, ascending.
    ///
    /// - Complexity: libthai's maximal matching, about linear in the text's length (tens of
    ///   microseconds for a row).
    func breaks(in scalars: [UInt32]) -> [Int] {
        var positions = [Int32](repeating: 0, count: scalars.count + 1)
        let count = breaker.withLock { brk -> Int in
            scalars.withUnsafeBufferPointer { text in
                positions.withUnsafeMutableBufferPointer { out in
                    Int(rowheight_thai_find_breaks(brk, text.baseAddress, Int32(text.count), out.baseAddress, Int32(out.count)))
                }
            }
        }
        return positions.prefix(max(0, count)).map(Int.init)
    }
}
