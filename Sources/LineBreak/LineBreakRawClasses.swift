/// The raw Line_Break property of the code points whose class rule LB1 replaces (AI, SG, XX, SA,
/// CJ), decoded once from the change points in `Generated/LineBreakData.swift`. The hot path
/// never needs it: only `LineBreakClass.init(_:)` does.
struct LineBreakRawClasses: @unchecked Sendable {  // immutable after creation
    /// Sorted change points `codePoint << 8 | class` (class 0xFF: "the resolved class").
    let points: UnsafeBufferPointer<UInt32>

    /// The shared table.
    static let shared = LineBreakRawClasses()

    private init() {
        let bytes = LineBreakTables.decodeBase64(LineBreakData.rawPointsBase64)
        precondition(bytes.count == LineBreakData.rawPointCount * 4, "corrupt raw line-break classes")
        let points = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: LineBreakData.rawPointCount)
        for i in points.indices {
            points[i] = UInt32(bytes[4 * i]) | UInt32(bytes[4 * i + 1]) << 8 | UInt32(bytes[4 * i + 2]) << 16
                | UInt32(bytes[4 * i + 3]) << 24
        }
        self.points = UnsafeBufferPointer(points)
    }

    /// The raw class of `value` if LB1 changes it, else `nil`.
    ///
    /// - Complexity: O(log n) in the number of change points (about 1,700).
    func rawClass(_ value: UInt32) -> LineBreakClass? {
        // The last change point at or before `value`.
        let key = value << 8 | 0xFF
        var low = 0
        var high = points.count
        while low < high {
            let middle = (low + high) / 2
            if points[middle] <= key { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        return LineBreakClass(rawValue: UInt8(truncatingIfNeeded: points[low - 1]))
    }
}
