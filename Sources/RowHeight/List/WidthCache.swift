/// The height indexes of the widths used most recently: one current, the others kept so that
/// turning back to them is free (their exact heights are still there). When more widths than
/// `capacity` have been used, the least recently used one (never the current) is evicted.
///
/// Each width's index carries every row, so batch updates are applied to all of them and a
/// moved row takes its heights at every cached width along.
struct WidthCache: Sendable {
    struct Entry: Sendable {
        let width: Double
        var index: HeightIndex
        var lastUse: UInt64
    }

    private(set) var entries: [Entry]
    /// The most widths kept (≥ 1).
    let capacity: Int
    /// The slot of the current width.
    private(set) var currentSlot: Int
    private var clock: UInt64 = 0

    init(width: Double, index: HeightIndex, capacity: Int) {
        entries = [Entry(width: width, index: index, lastUse: 0)]
        self.capacity = capacity
        currentSlot = 0
    }

    /// The current width.
    var currentWidth: Double { entries[currentSlot].width }

    /// The index at the current width (borrowed, not copied, by queries).
    var current: HeightIndex {
        _read { yield entries[currentSlot].index }
    }

    /// The cached widths, most recently used first.
    var widths: [Double] { entries.sorted { $0.lastUse > $1.lastUse }.map(\.width) }

    /// The slot of `width`, if cached.
    func slot(of width: Double) -> Int? { entries.firstIndex { $0.width == width } }

    /// Runs `body` on the current index in place.
    mutating func withCurrent<R, E: Error>(_ body: (inout HeightIndex) throws(E) -> R) throws(E) -> R {
        try body(&entries[currentSlot].index)
    }

    /// Runs `body` on the index in `slot` in place.
    mutating func withIndex<R, E: Error>(inSlot slot: Int, _ body: (inout HeightIndex) throws(E) -> R) throws(E) -> R {
        try body(&entries[slot].index)
    }

    /// Makes `width` current, reusing its cached index or, when it is not cached, storing the one
    /// `build` makes (evicting the least recently used width when full). Returns whether it was cached.
    @discardableResult
    mutating func select<E: Error>(width: Double, build: () throws(E) -> HeightIndex) throws(E) -> Bool {
        clock += 1
        if let slot = slot(of: width) {
            entries[slot].lastUse = clock
            currentSlot = slot
            return true
        }
        let index = try build()
        if entries.count >= capacity {
            // Evict the least recently used width; the current one was used more recently than any other.
            let victim = entries.indices.min { entries[$0].lastUse < entries[$1].lastUse }!
            entries[victim] = Entry(width: width, index: index, lastUse: clock)
            currentSlot = victim
        } else {
            entries.append(Entry(width: width, index: index, lastUse: clock))
            currentSlot = entries.count - 1
        }
        return false
    }

    /// Bytes held by all cached indexes.
    var allocatedBytes: Int { entries.reduce(0) { $0 + $1.index.allocatedBytes } }
}
