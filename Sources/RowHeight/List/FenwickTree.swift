/// A Fenwick (binary indexed) tree over non-negative integers: prefix sums, point updates and
/// "how many leading values fit under a target" in O(log n).
///
/// `HeightIndex` keeps two of them over its blocks (row counts and height sums), so the tree stays
/// small (one entry per few thousand rows) and hot in cache.
struct FenwickTree<Value: FixedWidthInteger & Sendable>: Sendable {
    /// `tree[i - 1]` holds the sum of values `(i - lowbit(i)) ..< i` (1-based Fenwick layout).
    private var tree: [Value]
    /// The largest power of two ≤ `count` (0 when empty): the first step of `descend`.
    private var topStep: Int

    /// Builds the tree over `values` in O(n).
    init(_ values: some Collection<Value>) {
        tree = Array(values)
        let n = tree.count
        tree.withUnsafeMutableBufferPointer { tree in
            for i in 1..<(n + 1) {
                let parent = i + (i & -i)
                if parent <= n { tree[parent - 1] &+= tree[i - 1] }
            }
        }
        topStep = n == 0 ? 0 : 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
    }

    /// The number of values.
    var count: Int { tree.count }

    /// Adds `delta` to value `index` (0-based). O(log n).
    mutating func add(_ delta: Value, at index: Int) {
        let n = tree.count
        tree.withUnsafeMutableBufferPointer { tree in
            var i = index + 1
            while i <= n {
                tree[i - 1] &+= delta
                i += i & -i
            }
        }
    }

    /// The sum of the first `count` values. O(log n).
    func prefixSum(_ count: Int) -> Value {
        tree.withUnsafeBufferPointer { tree in
            var sum: Value = 0
            var i = count
            while i > 0 {
                sum &+= tree[i - 1]
                i &= i - 1
            }
            return sum
        }
    }

    /// The largest `count` whose prefix sum is ≤ `target`, and `target` minus that prefix sum.
    /// With non-negative values (and `target` ≥ 0) this finds the value a running total of
    /// `target` falls into. O(log n).
    @inline(__always)
    func descend(_ target: Value) -> (count: Int, remainder: Value) {
        tree.withUnsafeBufferPointer { tree in
            var position = 0
            var remainder = target
            var step = topStep
            while step > 0 {
                let next = position + step
                if next <= tree.count {
                    let value = tree[next - 1]
                    if value <= remainder {
                        position = next
                        remainder -= value
                    }
                }
                step >>= 1
            }
            return (position, remainder)
        }
    }

    /// Bytes held by the tree's storage.
    var allocatedBytes: Int { tree.capacity * MemoryLayout<Value>.stride }
}
