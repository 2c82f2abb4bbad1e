/// The fonts, each at its size, that the lines of one attributed text use, numbered as one
/// line-height table for `LineFitter`: runs have fonts and sizes of their own, so a piece's
/// font mask (bit i = font i of its run's chain) is renumbered into slots of this table.
///
/// Slots are deduplicated by their numbers (line height, ascent, descent): a font at a size used
/// by several runs takes one slot. Slot 0 is the base style's primary font, the height of a line
/// with nothing visible. A text using more than `capacity` distinct fonts and sizes shares the
/// last slot among the rest, with the largest ascent and descent among them (a line of only
/// those may then come out taller than it is).
struct LineHeightSlots {
    /// The most slots (a font mask has 32 bits).
    static let capacity = 32
    /// Doubles the storage holds: line heights, ascents, descents (`capacity` each), the layout
    /// `StyleTables.lineHeight(mask:heights:)` reads.
    static let storageCount = 3 * capacity

    /// The table, `storageCount` doubles (owned by the caller).
    let storage: UnsafeMutablePointer<Double>
    /// Slots in use.
    private(set) var count: Int
    /// The last renumbering `mask(_:of:)` did (most pieces repeat it): tables, local, global.
    private var last: (tables: StyleTableView?, local: UInt32, global: UInt32) = (nil, 0, 0)

    /// The table as `LineFitter` reads it.
    var heights: UnsafeBufferPointer<Double> {
        UnsafeBufferPointer(start: storage, count: LineHeightSlots.storageCount)
    }

    /// Empty slots in `storage` but slot 0, the primary font of `base`.
    init(storage: UnsafeMutablePointer<Double>, base: StyleTableView) {
        self.storage = storage
        storage.initialize(repeating: 0, count: LineHeightSlots.storageCount)
        count = 0
        _ = slot(font: 0, of: base)
    }

    /// Slots already filled in `storage` (`count` of them).
    init(filled storage: UnsafeMutablePointer<Double>, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// `local` (font mask of a run drawn with `tables`) in slots, new slots added as needed.
    @inline(__always)
    mutating func mask(_ local: UInt32, of tables: StyleTableView) -> UInt32 {
        if local == last.local, let lastTables = last.tables, lastTables.isSame(as: tables), count < LineHeightSlots.capacity {
            return last.global
        }
        var global: UInt32 = 0
        var m = local
        while m != 0 {
            let font = m.trailingZeroBitCount
            global |= 1 << UInt32(slot(font: font, of: tables))
            m &= m - 1
        }
        last = (tables, local, global)
        return global
    }

    /// `local` in slots, for fonts that already have one (an overlong piece's clusters, whose
    /// fonts its mask had); a font without one counts as slot 0.
    func existingMask(_ local: UInt32, of tables: StyleTableView) -> UInt32 {
        var global: UInt32 = 0
        var m = local
        while m != 0 {
            let font = m.trailingZeroBitCount
            global |= 1 << UInt32(find(font: font, of: tables) ?? 0)
            m &= m - 1
        }
        return global
    }

    /// The numbers of font `font` of `tables`, or `nil` past its fonts.
    private func numbers(font: Int, of tables: StyleTableView) -> (height: Double, ascent: Double, descent: Double)? {
        let heights = tables.lineHeights
        let n = heights.count / 3
        guard font < n else { return nil }
        return (heights[font], heights[n + font], heights[2 * n + font])
    }

    private func find(font: Int, of tables: StyleTableView) -> Int? {
        guard let numbers = numbers(font: font, of: tables) else { return nil }
        let c = LineHeightSlots.capacity
        for i in 0..<count
        where storage[i] == numbers.height && storage[c + i] == numbers.ascent && storage[2 * c + i] == numbers.descent {
            return i
        }
        return count == c ? c - 1 : nil
    }

    private mutating func slot(font: Int, of tables: StyleTableView) -> Int {
        guard let numbers = numbers(font: font, of: tables) else { return 0 }
        if let i = find(font: font, of: tables) {
            if i == LineHeightSlots.capacity - 1 { merge(numbers, into: i) }
            return i
        }
        let c = LineHeightSlots.capacity
        let i = count
        storage[i] = numbers.height
        storage[c + i] = numbers.ascent
        storage[2 * c + i] = numbers.descent
        count += 1
        return i
    }

    /// The shared last slot: the largest of each number.
    private func merge(_ numbers: (height: Double, ascent: Double, descent: Double), into i: Int) {
        let c = LineHeightSlots.capacity
        storage[i] = max(storage[i], numbers.height)
        storage[c + i] = max(storage[c + i], numbers.ascent)
        storage[2 * c + i] = max(storage[2 * c + i], numbers.descent)
    }
}
