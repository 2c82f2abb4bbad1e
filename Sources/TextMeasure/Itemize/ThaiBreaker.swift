import CLibThai
import Synchronization

/// libthai's dictionary word breaker (`th_brk_find_breaks`), which Pango 1.50 calls for every
/// Thai item (`break-thai.c`): owns one `ThBrk`, created the first time Thai is measured (loading
/// the dictionary, Debian `libthai-data`, takes a few milliseconds) and never freed.
///
/// libthai's breaker keeps per-call state in the `ThBrk`, so concurrent calls on one instance
/// are not safe: calls are serialized by a lock, as Pango serializes them (`G_LOCK (thai_brk)`).
final class ThaiBreaker: Sendable {
    /// The breaker every measurement shares (created on first use).
    static let shared = ThaiBreaker()

    /// The `ThBrk`, or `nil` when libthai could not load its dictionary (then Thai gets no
    /// dictionary breaks, only those of UAX #14).
    private let breaker: Mutex<OpaquePointer?>

    private init() {
        breaker = Mutex(th_brk_new(nil))
    }

    deinit {
        breaker.withLock { if let brk = $0 { th_brk_delete(brk) } }
    }

    /// TIS-620 of a scalar as Pango converts it (`th_uni2tis`: ASCII as itself, Thai to
    /// 0xA1–0xFB, anything else to libthai's error value, which its breaker treats as a non-Thai
    /// character).
    @inline(__always)
    static func tis(_ value: UInt32) -> UInt8 {
        th_uni2tis(thwchar_t(value))
    }

    /// The break positions libthai finds in a NUL-terminated TIS-620 text: indices of the
    /// characters a line may break before, ascending.
    ///
    /// - Complexity: libthai's maximal matching, about linear in the text's length.
    func breaks(inTIS text: [UInt8]) -> [Int] {
        precondition(text.last == 0, "TIS-620 text must end with NUL")
        var positions = [Int32](repeating: 0, count: text.count)
        let count = breaker.withLock { brk -> Int in
            guard let brk else { return 0 }
            return text.withUnsafeBufferPointer { tis in
                positions.withUnsafeMutableBufferPointer { out in
                    Int(th_brk_find_breaks(brk, tis.baseAddress, out.baseAddress, out.count))
                }
            }
        }
        return positions.prefix(max(0, count)).map(Int.init)
    }
}
