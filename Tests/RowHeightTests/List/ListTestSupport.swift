import Synchronization

@testable import RowHeight

/// A deterministic pseudo-random generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The exact height of a test row: multiples of 1/3 pt (the pixel grid at scale 3), some rows of
/// height 0, depending on identity, content version and width.
func testHeight(id: Int, version: Int, width: Double) -> Double {
    let mixed = (id &* 2_654_435_761 &+ version &* 40_503 &+ Int(width * 8) &* 977) & 0x7FFF_FFFF
    if id % 23 == 0 { return 0 }
    return Double(mixed % 301 + 12) / 3
}

/// Rows with identities, shared by a test and the measurer (like a table view's data source).
/// Counts every measurement.
final class TestRows: RowFeatureProviding {
    struct Row: Sendable, Equatable {
        var id: Int
        var version = 0
    }

    private let state: Mutex<(rows: [Row], measured: Int, log: [Int])>
    /// Busy time per measurement, to let tests act while a precompute runs.
    let delay: Duration

    init(count: Int, delay: Duration = .zero) {
        state = Mutex(((0..<count).map { Row(id: $0) }, 0, []))
        self.delay = delay
    }

    var rows: [Row] { state.withLock { $0.rows } }
    var ids: [Int] { state.withLock { $0.rows.map(\.id) } }
    func id(ofRow row: Int) -> Int { state.withLock { $0.rows[row].id } }
    var measuredCount: Int { state.withLock { $0.measured } }
    /// Rows measured since the last `resetLog()`.
    var log: [Int] { state.withLock { $0.log } }
    func resetLog() { state.withLock { $0.log = [] } }

    func update(_ body: (inout [Row]) -> Void) { state.withLock { body(&$0.rows) } }

    func height(ofRow row: Int, width: Double) throws -> Double {
        if delay > .zero {
            let clock = ContinuousClock()
            let end = clock.now + delay
            while clock.now < end {}
        }
        return try state.withLock { state in
            guard row >= 0, row < state.rows.count else { throw TestError.noSuchRow(row) }
            state.measured += 1
            state.log.append(row)
            let item = state.rows[row]
            return testHeight(id: item.id, version: item.version, width: width)
        }
    }

    func features(ofRow row: Int) -> RowFeatures {
        state.withLock { RowFeatures(length: Double($0.rows[row].id % 50), kind: 0) }
    }
}

enum TestError: Error, Equatable {
    case noSuchRow(Int)
    case broken
}

/// A measurer that counts calls and returns `height(row, width)`.
final class CountingMeasurer: RowMeasuring {
    private let calls = Mutex<[Int]>([])
    let heightOf: @Sendable (Int, Double) -> Double

    init(_ height: @escaping @Sendable (Int, Double) -> Double) { heightOf = height }

    var rowsMeasured: [Int] { calls.withLock { $0 } }
    var callCount: Int { calls.withLock { $0.count } }
    func reset() { calls.withLock { $0 = [] } }

    func height(ofRow row: Int, width: Double) throws -> Double {
        calls.withLock { $0.append(row) }
        return heightOf(row, width)
    }
}

/// The naive reference: an array of rows and, per width, a dictionary of exact heights, summed
/// linearly. Heights are kept in quanta (1/192 pt, like `FixedPointHeight`) as integers so sums are
/// exact.
struct ReferenceList {
    var rows: [TestRows.Row]
    /// Exact heights in quanta, per width, by row identity.
    var exact: [Double: [Int: Int]]
    /// Cached widths, most recently used first.
    var widths: [Double]
    let capacity: Int
    /// Estimate in quanta at a width, by row identity.
    let estimate: (Int, Double) -> Int
    /// When set, a new width gives every row this one estimate (quanta) instead of `estimate`'s.
    let newWidthEstimate: ((Double) -> Int)?
    /// Estimates each row got (frozen when assigned), per width, by identity.
    var estimates: [Double: [Int: Int]]
    var anchor: (id: Int, shift: Double)?

    init(
        rows: [TestRows.Row], width: Double, capacity: Int, estimate: @escaping (Int, Double) -> Int,
        newWidthEstimate: ((Double) -> Int)? = nil
    ) {
        self.rows = rows
        self.exact = [width: [:]]
        self.widths = [width]
        self.capacity = capacity
        self.estimate = estimate
        self.newWidthEstimate = newWidthEstimate
        self.estimates = [width: Dictionary(uniqueKeysWithValues: rows.map { ($0.id, estimate($0.id, width)) })]
    }

    var width: Double { widths[0] }

    func quanta(_ index: Int) -> Int {
        let row = rows[index]
        return exact[width]?[row.id] ?? estimates[width]![row.id]!
    }

    func isExact(_ index: Int) -> Bool { exact[width]?[rows[index].id] != nil }
    func height(_ index: Int) -> Double { Double(quanta(index)) / 192 }
    func top(_ index: Int) -> Int { (0..<index).reduce(0) { $0 + quanta($1) } }
    func offset(_ index: Int) -> Double { Double(top(index)) / 192 }
    var contentHeight: Double { offset(rows.count) }

    /// The row containing `offset` (linear scan), like `HeightIndex.row(atOffset:)`.
    func row(atOffset offset: Double) -> Int? {
        guard offset >= 0 else { return nil }
        var top = 0
        for index in rows.indices {
            let bottom = top + quanta(index)
            if Double(bottom) > offset * 192 { return index }
            top = bottom
        }
        return nil
    }

    /// Rows intersecting `lower ..< upper` (linear).
    func rows(from lower: Double, to upper: Double) -> Range<Int> {
        var first = rows.count
        var end = 0
        var top = 0
        for index in rows.indices {
            let bottom = top + quanta(index)
            if first == rows.count, Double(bottom) > lower * 192 { first = index }
            if Double(top) < upper * 192 { end = index + 1 }
            top = bottom
        }
        if lower < 0 { first = 0 }
        if lower >= upper { return first..<first }
        return first..<max(first, end)
    }

    mutating func measure(_ index: Int) -> Bool {
        let row = rows[index]
        guard exact[width]?[row.id] == nil else { return false }
        exact[width]![row.id] = Int((testHeight(id: row.id, version: row.version, width: width) * 192).rounded())
        return true
    }

    /// The viewport walk, done naively: returns (new offset, measured count, anchor row).
    mutating func show(
        offset: Double, height viewportHeight: Double, overscan: Double
    ) -> (offset: Double, measured: Int, anchor: Int)? {
        guard !rows.isEmpty else { return nil }
        let anchorRow: Int
        if offset < 0 {
            anchorRow = 0
        } else if let row = row(atOffset: offset) {
            anchorRow = row
        } else {
            anchorRow = rows.count - 1
        }
        let shift = offset - self.offset(anchorRow)
        var measured = 0
        // Above.
        var bottom = 0.0
        var index = anchorRow - 1
        while index >= 0, bottom > shift - overscan {
            if measure(index) { measured += 1 }
            bottom -= height(index)
            index -= 1
        }
        var top = 0.0
        index = anchorRow
        while index < rows.count, index == anchorRow || top < shift + viewportHeight + overscan {
            if measure(index) { measured += 1 }
            top += height(index)
            index += 1
        }
        let newOffset = self.offset(anchorRow) + shift
        let visible = rows(from: newOffset, to: newOffset + viewportHeight)
        let first = visible.isEmpty ? anchorRow : visible.lowerBound
        anchor = (rows[first].id, newOffset - self.offset(first))
        return (newOffset, measured, anchorRow)
    }

    func anchoredOffset() -> Double? {
        guard let anchor, let index = rows.firstIndex(where: { $0.id == anchor.id }) else { return nil }
        return offset(index) + anchor.shift
    }

    mutating func setWidth(_ width: Double) {
        guard width != self.width else { return }
        var fraction: Double?
        var anchorIndex: Int?
        if let anchor, let index = rows.firstIndex(where: { $0.id == anchor.id }) {
            anchorIndex = index
            let height = self.height(index)
            if height > 0, anchor.shift >= 0, anchor.shift < height { fraction = anchor.shift / height }
        }
        if let position = widths.firstIndex(of: width) {
            widths.remove(at: position)
            widths.insert(width, at: 0)
        } else {
            widths.insert(width, at: 0)
            exact[width] = [:]
            let uniform = newWidthEstimate?(width)
            estimates[width] = Dictionary(
                uniqueKeysWithValues: rows.map { ($0.id, uniform ?? estimate($0.id, width)) })
            if widths.count > capacity {
                let evicted = widths.removeLast()
                exact[evicted] = nil
                estimates[evicted] = nil
            }
        }
        if let fraction, let anchorIndex, anchor != nil {
            _ = measure(anchorIndex)
            anchor!.shift = fraction * height(anchorIndex)
        }
    }

    /// Re-estimates every row without an exact height at the current width with `estimate`.
    mutating func reestimate() {
        for row in rows where exact[width]?[row.id] == nil { estimates[width]![row.id] = estimate(row.id, width) }
    }

    /// Heights (quanta) and exactness of every row at a cached width.
    func column(at width: Double) -> [(quanta: Int, exact: Bool)] {
        rows.map { row in
            if let exact = exact[width]?[row.id] { return (exact, true) }
            return (estimates[width]![row.id]!, false)
        }
    }

    /// Applies a batch update naively; `newRows` is the data after it (with new identities for
    /// insertions and bumped versions for reloads).
    mutating func apply(_ update: ListUpdate, newRows: [TestRows.Row]) {
        let removed = Set(update.deletions + update.moves.map(\.source))
        // Anchor: first stayer at or after the anchor row, else the last before it.
        if let anchor, let anchorIndex = rows.firstIndex(where: { $0.id == anchor.id }) {
            let stayer =
                (anchorIndex..<rows.count).first { !removed.contains($0) }
                ?? (0..<anchorIndex).reversed().first { !removed.contains($0) }
            if let stayer {
                let shift = anchor.shift - (offset(stayer) - offset(anchorIndex))
                self.anchor = (rows[stayer].id, shift)
            } else {
                self.anchor = nil
            }
        }
        for index in update.reloads {
            let id = rows[index].id
            for width in widths {
                exact[width]![id] = nil
                estimates[width]![id] = estimate(id, width)
            }
        }
        rows = newRows
        for row in newRows {
            for width in widths where estimates[width]![row.id] == nil {
                estimates[width]![row.id] = estimate(row.id, width)
            }
        }
    }
}

/// `rows` after `update`, built the naive way (UIKit semantics): stayers keep their order and fill
/// the new indices that are neither inserted nor a move's destination. Inserted rows get fresh
/// identities from `nextID`, reloaded rows a new content version.
func applyNaively(_ update: ListUpdate, to rows: [TestRows.Row], nextID: inout Int) -> [TestRows.Row] {
    let removed = Set(update.deletions + update.moves.map(\.source))
    let reloaded = Set(update.reloads)
    var stayers: [TestRows.Row] = []
    for (index, row) in rows.enumerated() where !removed.contains(index) {
        var row = row
        if reloaded.contains(index) { row.version += 1 }
        stayers.append(row)
    }
    var result = [TestRows.Row?](repeating: nil, count: stayers.count + update.insertions.count + update.moves.count)
    for index in update.insertions {
        result[index] = TestRows.Row(id: nextID)
        nextID += 1
    }
    for move in update.moves { result[move.destination] = rows[move.source] }
    var next = stayers.makeIterator()
    return result.map { $0 ?? next.next()! }
}

/// A random valid batch update of a list of `count` rows.
func randomUpdate(count: Int, maxChanges: Int, using generator: inout SeededGenerator) -> ListUpdate {
    var old = Array(0..<count).shuffled(using: &generator)
    func take(_ k: Int) -> [Int] {
        let taken = Array(old.prefix(k))
        old.removeFirst(min(k, old.count))
        return taken
    }
    let deletions = take(Int.random(in: 0...min(maxChanges, count), using: &generator))
    let sources = take(Int.random(in: 0...min(maxChanges, old.count), using: &generator))
    let reloads = take(Int.random(in: 0...min(maxChanges, old.count), using: &generator))
    let insertionCount = Int.random(in: 0...maxChanges, using: &generator)
    let newCount = count - deletions.count + insertionCount
    let destinations = Array(Array(0..<newCount).shuffled(using: &generator).prefix(insertionCount + sources.count))
    let moves = zip(sources, destinations.suffix(sources.count)).map { ListUpdate.Move(source: $0, destination: $1) }
    return ListUpdate(
        deletions: deletions, insertions: Array(destinations.prefix(insertionCount)), moves: moves, reloads: reloads)
}

/// The estimate of a test row by identity, in thirds of a point.
func testEstimateThirds(id: Int, width: Double) -> Int { 90 + (id % 7) * 15 + Int(width) % 4 }

/// `testEstimateThirds` in quanta (1/192 pt), for the reference.
func testEstimateQuanta(id: Int, width: Double) -> Int { testEstimateThirds(id: id, width: width) * 64 }

/// A per-row estimator that looks the row's identity up in `rows`.
func testEstimator(_ rows: TestRows) -> HeightEstimator {
    .perRow { row, width in Double(testEstimateThirds(id: rows.id(ofRow: row), width: width)) / 3 }
}
