/// The main sizes of the items of one flex line: CSS Flexible Box §9.7 "Resolving Flexible
/// Lengths", step by step, for a single-line container.
enum FlexLine {
    /// One item as the resolution reads it, points.
    struct Item: Sendable, Hashable {
        /// The flex base size.
        var base: Double
        var grow: Double
        var shrink: Double
        /// The resolved min and max main sizes (`max` is `.infinity` for none).
        var min: Double
        var max: Double

        /// The base size clamped by the min and max sizes (the min wins).
        var hypothetical: Double { clamp(base) }

        func clamp(_ size: Double) -> Double { Swift.max(min, Swift.min(size, max), 0) }
    }

    /// The main size of each item of a line `available` points long (gaps already taken off).
    static func resolve(_ items: [Item], available: Double) -> [Double] {
        var items = items
        var sizes = [Double](repeating: 0, count: items.count)
        items.withUnsafeMutableBufferPointer { items in
            sizes.withUnsafeMutableBufferPointer { sizes in resolve(UnsafeBufferPointer(items), available: available, into: sizes) }
        }
        return sizes
    }

    /// The main size of each of `items` (a line `available` points long, gaps already taken
    /// off), written to `target` (as many elements). Allocates nothing on the heap for a few items.
    ///
    /// - Complexity: O(n²) in the number of items at worst (each pass freezes at least one).
    static func resolve(_ items: UnsafeBufferPointer<Item>, available: Double, into target: UnsafeMutableBufferPointer<Double>) {
        let count = items.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { violation in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { frozen in
                var hypotheticalSum = 0.0
                for i in 0..<count {
                    target[i] = items[i].hypothetical
                    hypotheticalSum += target[i]
                }
                // 1. The flex factor in use: grow when the hypothetical sizes leave room, else shrink.
                let growing = hypotheticalSum < available
                // 2. Inflexible items: factor 0, or a base past the hypothetical size in the direction
                //    of flexing; they are frozen at their hypothetical size.
                var unfrozen = 0
                for i in 0..<count {
                    let item = items[i]
                    let factor = growing ? item.grow : item.shrink
                    frozen[i] = factor == 0 || (growing && item.base > target[i]) || (!growing && item.base < target[i])
                    if !frozen[i] { unfrozen += 1 }
                }
                // 3. The initial free space.
                func freeSpace() -> Double {
                    var used = 0.0
                    for i in 0..<count { used += frozen[i] ? target[i] : items[i].base }
                    return available - used
                }
                let initialFree = freeSpace()
                // 4. Loop until every item is frozen.
                while unfrozen > 0 {
                    // b. The remaining free space, scaled down when the unfrozen factors sum below 1.
                    var free = freeSpace()
                    var factors = 0.0
                    for i in 0..<count where !frozen[i] { factors += growing ? items[i].grow : items[i].shrink }
                    if factors < 1 {
                        let scaled = initialFree * factors
                        if scaled.magnitude < free.magnitude { free = scaled }
                    }
                    // c. Distribute it in proportion to the flex factors (shrink: scaled by the base).
                    if free != 0 && growing {
                        for i in 0..<count where !frozen[i] {
                            target[i] = items[i].base + free * (items[i].grow / factors)
                        }
                    } else if free != 0 {
                        var scaledSum = 0.0
                        for i in 0..<count where !frozen[i] { scaledSum += items[i].shrink * items[i].base }
                        for i in 0..<count where !frozen[i] {
                            let ratio = scaledSum > 0 ? items[i].shrink * items[i].base / scaledSum : 0
                            target[i] = items[i].base - free.magnitude * ratio
                        }
                    } else {
                        for i in 0..<count where !frozen[i] { target[i] = items[i].base }
                    }
                    // d. Fix min/max violations (and negative sizes).
                    var total = 0.0
                    for i in 0..<count where !frozen[i] {
                        let clamped = items[i].clamp(target[i])
                        violation[i] = clamped - target[i]
                        total += violation[i]
                        target[i] = clamped
                    }
                    // e. Freeze: all if no net violation, else the items violating in the net direction.
                    for i in 0..<count where !frozen[i] {
                        if total == 0 || (total > 0 && violation[i] > 0) || (total < 0 && violation[i] < 0) {
                            frozen[i] = true
                            unfrozen -= 1
                        }
                    }
                }
            }
        }
    }
}
