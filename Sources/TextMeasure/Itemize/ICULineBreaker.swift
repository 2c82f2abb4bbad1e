import CICUBreak
import Synchronization

/// ICU's line break iterator (root locale), whose dictionaries find the words of Lao, Khmer and
/// Myanmar as Core Text does: owns one iterator, created the first time such text is measured
/// in the `.uikit` profile and never freed. An ICU iterator is not safe for concurrent use, so
/// calls are serialized by a lock.
final class ICULineBreaker: Sendable {
    /// The breaker every measurement shares (created on first use).
    static let shared = ICULineBreaker()

    /// The iterator, or `nil` when ICU could not open one (then no dictionary breaks).
    private let breaker: Mutex<UnsafeMutableRawPointer?>

    private init() {
        breaker = Mutex(rowheight_icu_line_breaker_open())
    }

    deinit {
        breaker.withLock { rowheight_icu_line_breaker_close($0) }
    }

    /// The UTF-16 offsets inside `text` (neither 0 nor its length) where ICU allows a line
    /// break, ascending.
    ///
    /// - Complexity: ICU's dictionary matching, about linear in the text's length.
    func breaks(inUTF16 text: [UInt16]) -> [Int] {
        guard !text.isEmpty else { return [] }
        var positions = [Int32](repeating: 0, count: text.count)
        let count = breaker.withLock { iterator -> Int in
            text.withUnsafeBufferPointer { utf16 in
                positions.withUnsafeMutableBufferPointer { out in
                    Int(rowheight_icu_line_breaks(
                        iterator, utf16.baseAddress, Int32(utf16.count), out.baseAddress, Int32(out.count)))
                }
            }
        }
        return positions.prefix(max(0, count)).map(Int.init)
    }
}
