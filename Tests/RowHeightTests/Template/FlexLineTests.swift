import Testing
@testable import RowHeight

/// CSS §9.7 worked by hand on items with known sizes.
@Suite("Flex line resolution (CSS §9.7)")
struct FlexLineTests {
    typealias Item = FlexLine.Item
    static func item(_ base: Double, grow: Double = 0, shrink: Double = 1, min: Double = 0, max: Double = .infinity) -> Item {
        Item(base: base, grow: grow, shrink: shrink, min: min, max: max)
    }

    @Test("Growing shares the free space by grow factor: 100+100 in 600 with 1:3 → 200, 400")
    func grow() {
        #expect(FlexLine.resolve([Self.item(100, grow: 1), Self.item(100, grow: 3)], available: 600) == [200, 400])
    }

    @Test("Shrinking is weighted by the basis: 200+400 in 300 → 100, 200")
    func shrinkWeighted() {
        #expect(FlexLine.resolve([Self.item(200), Self.item(400)], available: 300) == [100, 200])
    }

    @Test("A min violation freezes the item and the rest shrinks more: → 150, 150")
    func minViolation() {
        // Pass 1: 100, 200; the first is clamped to 150 (+50) and frozen. Pass 2: 300 − 150 − 400 = −250 → 150.
        #expect(FlexLine.resolve([Self.item(200, min: 150), Self.item(400)], available: 300) == [150, 150])
    }

    @Test("A max violation while growing: 100+100 in 500, the first at most 150 → 150, 350")
    func maxViolation() {
        #expect(
            FlexLine.resolve([Self.item(100, grow: 1, max: 150), Self.item(100, grow: 1)], available: 500) == [150, 350])
    }

    @Test("Grow factors summing below 1 take only that share of the free space: 100 + 0.5 × 200")
    func fractionalGrow() {
        #expect(FlexLine.resolve([Self.item(100, grow: 0.5)], available: 300) == [200])
    }

    @Test("shrink 0 keeps the basis; no grow keeps it too; min wins over max")
    func inflexible() {
        #expect(FlexLine.resolve([Self.item(200, shrink: 0), Self.item(400)], available: 300) == [200, 100])
        #expect(FlexLine.resolve([Self.item(50), Self.item(60)], available: 300) == [50, 60])
        #expect(FlexLine.resolve([Self.item(10, min: 80, max: 40)], available: 300) == [80])
        // Never negative, even when nothing can make room.
        #expect(FlexLine.resolve([Self.item(100), Self.item(100)], available: 0) == [0, 0])
    }
}
