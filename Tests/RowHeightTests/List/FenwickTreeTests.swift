import Testing

@testable import RowHeight

@Suite struct FenwickTreeTests {
    @Test func prefixSumsUpdatesAndDescentMatchALinearScan() {
        var generator = SeededGenerator(seed: 11)
        var values = (0..<1000).map { _ in Int64.random(in: 0...50, using: &generator) }
        var tree = FenwickTree(values)
        for _ in 0..<200 {
            let index = Int.random(in: 0..<values.count, using: &generator)
            let delta = Int64.random(in: -values[index]...40, using: &generator)
            values[index] += delta
            tree.add(delta, at: index)
        }
        var running: Int64 = 0
        for count in 0...values.count {
            #expect(tree.prefixSum(count) == running)
            if count < values.count { running += values[count] }
        }
        for target in stride(from: Int64(0), through: running + 10, by: 37) {
            // Largest count with prefix ≤ target.
            var expected = 0
            var sum: Int64 = 0
            while expected < values.count, sum + values[expected] <= target {
                sum += values[expected]
                expected += 1
            }
            let (count, remainder) = tree.descend(target)
            #expect(count == expected)
            #expect(remainder == target - sum)
        }
    }

    @Test func emptyTree() {
        let tree = FenwickTree<Int>([])
        #expect(tree.prefixSum(0) == 0)
        #expect(tree.descend(5) == (0, 5))
    }
}
