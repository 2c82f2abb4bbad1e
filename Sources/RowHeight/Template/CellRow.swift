/// The values of a template's fields for one row, as UTF-8, numbered as `CellTemplate.fields`.
///
/// One buffer holds every value, so a row read from bytes (the command line's JSON Lines and
/// CSV readers) is measured without a `String` or a dictionary per row; clear and refill the
/// same `CellRow` for each row to reuse its storage. A field never set is missing: an empty
/// text, unless its node requires it.
public struct CellRow: Sendable, Hashable {
    /// Every set value's UTF-8, one after the other.
    private var bytes: [UInt8] = []
    /// Per field: where its value starts and ends in `bytes`, or (-1, -1) when missing.
    private var starts: [Int]
    private var ends: [Int]

    /// A row of `fieldCount` missing fields.
    public init(fieldCount: Int) {
        starts = Array(repeating: -1, count: fieldCount)
        ends = Array(repeating: -1, count: fieldCount)
    }

    /// The number of fields (set or missing).
    public var fieldCount: Int { starts.count }

    /// Makes every field missing, keeping the storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        for k in starts.indices {
            starts[k] = -1
            ends[k] = -1
        }
    }

    /// Sets field `index` to valid UTF-8 (as a `String`'s; not checked).
    ///
    /// - Complexity: O(n) in the value's length (one copy).
    public mutating func setField(_ index: Int, utf8 value: UnsafeBufferPointer<UInt8>) {
        starts[index] = bytes.count
        bytes.append(contentsOf: value)
        ends[index] = bytes.count
    }

    /// Sets field `index` to `value`.
    public mutating func setField(_ index: Int, _ value: String) {
        var value = value
        value.withUTF8 { setField(index, utf8: $0) }
    }

    /// Whether field `index` was set.
    public func hasField(_ index: Int) -> Bool { starts[index] >= 0 }

    /// Field `index` as a string, or `nil` when missing.
    public func string(_ index: Int) -> String? {
        hasField(index) ? withField(index) { String(decoding: $0, as: UTF8.self) } : nil
    }

    /// Calls `body` with the UTF-8 of field `index` (empty when missing).
    @inline(__always)
    func withField<R, E: Error>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let start = Swift.max(starts[index], 0)
        let end = Swift.max(ends[index], 0)
        return try bytes.withUnsafeBufferPointer { (all) throws(E) -> R in
            try body(UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    /// The UTF-8 length of field `index` (0 when missing).
    func byteCount(_ index: Int) -> Int { Swift.max(ends[index] - starts[index], 0) }
}
