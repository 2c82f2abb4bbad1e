extension HeightIndex {
    /// A run of consecutive rows: one leaf of the index.
    ///
    /// A block stores one `UInt32` entry per row (height quanta in the low 31 bits, the exact flag
    /// in the top bit) plus the running local sum at the end of every group of 64 rows, so a row's
    /// local offset is one group sum plus at most 63 additions, and the row at a local offset is a
    /// binary search over at most 128 group sums plus a short forward scan. A block whose rows all
    /// have the same entry (typically a fresh block of estimates) stores no per-row data at all.
    struct Block: Sendable {
        /// log2 of the rows per group.
        static let groupShift = 6
        /// Rows per group.
        static let groupSize = 1 << groupShift
        /// The size blocks are built and split to.
        static let targetCount = 4096
        /// A block that grows beyond this is split.
        static let maxCount = 8192
        /// A block that shrinks below this is merged with a neighbour when they fit together.
        static let minCount = 1024

        /// Number of rows (> 0 in a stored block).
        var count: Int
        /// Every row's entry while `isUniform`.
        var uniform: UInt32
        /// Whether every row has the entry `uniform` and `entries` is empty. Kept in the block rather
        /// than read from `entries` so a lookup does not touch the entries' header.
        private(set) var isUniform: Bool
        /// One entry per row, or empty when every row's entry is `uniform`.
        var entries: [UInt32]
        /// `groupEnds[g]` = local sum of the heights of rows `0 ..< min((g + 1) × 64, count)`;
        /// empty when uniform.
        var groupEnds: [Int64]
        /// Rows whose entry has the exact flag.
        var exactCount: Int
        /// Sum of the heights of all rows, in quanta.
        var sum: Int64

        /// A block of `count` rows with the same entry. O(1).
        init(count: Int, uniform: UInt32) {
            self.count = count
            self.uniform = uniform
            self.isUniform = true
            self.entries = []
            self.groupEnds = []
            self.exactCount = uniform & FixedPointHeight.exactFlag != 0 ? count : 0
            self.sum = Int64(uniform & FixedPointHeight.maxRowQuanta) * Int64(count)
        }

        /// A block of the given entries, stored uniformly when they are all equal. O(count).
        init(_ source: UnsafeBufferPointer<UInt32>) {
            let first = source.first ?? 0
            var allEqual = true
            for entry in source where entry != first {
                allEqual = false
                break
            }
            if allEqual {
                self.init(count: source.count, uniform: first)
            } else {
                self.init(materialized: Array(source))
            }
        }

        /// A block that stores `entries` row by row. O(count).
        init(materialized entries: [UInt32]) {
            self.count = entries.count
            self.uniform = 0
            self.isUniform = false
            self.entries = entries
            self.groupEnds = []
            self.exactCount = 0
            self.sum = 0
            for entry in entries where entry & FixedPointHeight.exactFlag != 0 { exactCount += 1 }
            recomputeGroups(from: 0)
        }

        /// The entry of local row `k`.
        @inline(__always)
        func entry(at k: Int) -> UInt32 { isUniform ? uniform : entries[k] }

        /// The local offset of row `k` (0 ... count): the sum of the heights of rows before it.
        @inline(__always)
        func localOffset(of k: Int) -> Int64 {
            if isUniform { return Int64(uniform & FixedPointHeight.maxRowQuanta) * Int64(k) }
            if k == count { return sum }
            let group = k >> Self.groupShift
            var offset = group > 0 ? groupEnds[group - 1] : 0
            entries.withUnsafeBufferPointer { entries in
                for i in (group << Self.groupShift)..<k { offset &+= Int64(entries[i] & FixedPointHeight.maxRowQuanta) }
            }
            return offset
        }

        /// The largest local row k with `localOffset(of: k) ≤ remainder`; requires
        /// `0 ≤ remainder < sum`, so k < count and row k contains the offset.
        @inline(__always)
        func localRow(atMost remainder: Int64) -> Int {
            if isUniform { return Int(remainder / Int64(uniform & FixedPointHeight.maxRowQuanta)) }
            // First group whose end exceeds the remainder: guessed by interpolation (rows of similar
            // heights put it within a step or two, in the same cache line), then narrowed by bisection.
            let group = groupEnds.withUnsafeBufferPointer { ends -> Int in
                var low = 0
                var high = ends.count - 1  // ends[high] = sum > remainder
                let guess = Swift.min(high, Int(Double(remainder) * Double(ends.count) / Double(sum)))
                if ends[guess] > remainder {
                    high = guess
                    if guess > 0, ends[guess - 1] <= remainder { return guess }
                } else {
                    low = guess + 1
                    if ends[low] > remainder { return low }
                }
                while low < high {
                    let middle = (low + high) >> 1
                    if ends[middle] > remainder { high = middle } else { low = middle + 1 }
                }
                return low
            }
            var running = group > 0 ? groupEnds[group - 1] : 0
            return entries.withUnsafeBufferPointer { entries in
                var k = group << Self.groupShift
                while true {
                    let next = running &+ Int64(entries[k] & FixedPointHeight.maxRowQuanta)
                    if next > remainder { return k }
                    running = next
                    k += 1
                }
            }
        }

        /// Stores the entries row by row (no-op when already materialized). O(count).
        mutating func materialize() {
            guard isUniform else { return }
            entries = Array(repeating: uniform, count: count)
            isUniform = false
            recomputeGroups(from: 0)
        }

        /// Recomputes the group sums from group `first` on (after entries changed there), and `sum`.
        mutating func recomputeGroups(from first: Int) {
            let groupCount = (count + Self.groupSize - 1) >> Self.groupShift
            let start = Swift.min(first, groupEnds.count, groupCount)
            if groupEnds.count > groupCount {
                groupEnds.removeLast(groupEnds.count - groupCount)
            } else if groupEnds.count < groupCount {
                groupEnds.append(contentsOf: repeatElement(0, count: groupCount - groupEnds.count))
            }
            let count = self.count
            var running: Int64 = start > 0 ? groupEnds[start - 1] : 0
            entries.withUnsafeBufferPointer { entries in
                groupEnds.withUnsafeMutableBufferPointer { ends in
                    var k = start << Self.groupShift
                    for group in start..<groupCount {
                        let end = Swift.min(k + Self.groupSize, count)
                        while k < end {
                            running &+= Int64(entries[k] & FixedPointHeight.maxRowQuanta)
                            k += 1
                        }
                        ends[group] = running
                    }
                }
            }
            sum = running
        }

        /// Sets the entry of local row `k` and returns the change of `sum`. O(count / 64).
        mutating func set(_ entry: UInt32, at k: Int) -> Int64 {
            let old = self.entry(at: k)
            guard old != entry else { return 0 }
            materialize()
            entries[k] = entry
            exactCount += Self.exactDelta(old: old, new: entry)
            let delta = Int64(entry & FixedPointHeight.maxRowQuanta) - Int64(old & FixedPointHeight.maxRowQuanta)
            if delta != 0 {
                groupEnds.withUnsafeMutableBufferPointer { ends in
                    for group in (k >> Self.groupShift)..<ends.count { ends[group] &+= delta }
                }
                sum &+= delta
            }
            return delta
        }

        /// +1 when an entry becomes exact, −1 when it stops being exact, else 0.
        @inline(__always)
        static func exactDelta(old: UInt32, new: UInt32) -> Int {
            Int(new >> 31) - Int(old >> 31)
        }

        /// Inserts `newEntries` before local row `k` (0 ... count). O(count + new).
        mutating func insert(_ newEntries: some Collection<UInt32>, at k: Int) {
            guard !newEntries.isEmpty else { return }
            if isUniform, newEntries.allSatisfy({ $0 == uniform }) {
                count += newEntries.count
                if uniform & FixedPointHeight.exactFlag != 0 { exactCount += newEntries.count }
                sum += Int64(uniform & FixedPointHeight.maxRowQuanta) * Int64(newEntries.count)
                return
            }
            materialize()
            entries.insert(contentsOf: newEntries, at: k)
            count = entries.count
            for entry in newEntries where entry & FixedPointHeight.exactFlag != 0 { exactCount += 1 }
            recomputeGroups(from: k >> Self.groupShift)
        }

        /// Removes local rows `range`. O(count).
        mutating func remove(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if isUniform {
                count -= range.count
                if uniform & FixedPointHeight.exactFlag != 0 { exactCount -= range.count }
                sum -= Int64(uniform & FixedPointHeight.maxRowQuanta) * Int64(range.count)
                return
            }
            for entry in entries[range] where entry & FixedPointHeight.exactFlag != 0 { exactCount -= 1 }
            entries.removeSubrange(range)
            count = entries.count
            recomputeGroups(from: range.lowerBound >> Self.groupShift)
        }

        /// Appends the rows of `other` (used to merge small neighbours). O(count + other.count).
        mutating func append(_ other: Block) {
            if isUniform, other.isUniform, other.uniform == uniform {
                insert(repeatElement(uniform, count: other.count), at: count)
                return
            }
            materialize()
            let start = count
            if other.isUniform {
                entries.append(contentsOf: repeatElement(other.uniform, count: other.count))
            } else {
                entries.append(contentsOf: other.entries)
            }
            count = entries.count
            exactCount += other.exactCount
            recomputeGroups(from: start >> Self.groupShift)
        }

        /// This block cut into blocks of `targetCount` rows (the last may be shorter). O(count).
        func split() -> [Block] {
            var pieces: [Block] = []
            var start = 0
            while start < count {
                let end = Swift.min(start + Self.targetCount, count)
                if isUniform {
                    pieces.append(Block(count: end - start, uniform: uniform))
                } else {
                    pieces.append(
                        entries.withUnsafeBufferPointer { Block(UnsafeBufferPointer(rebasing: $0[start..<end])) })
                }
                start = end
            }
            return pieces
        }

        /// Bytes of per-row storage this block holds.
        var allocatedBytes: Int {
            MemoryLayout<Block>.stride + entries.capacity * MemoryLayout<UInt32>.stride
                + groupEnds.capacity * MemoryLayout<Int64>.stride
        }
    }
}
