import Foundation
import Synchronization
import Testing
@testable import TextMeasure

@Suite("PointerSlots")
struct PointerSlotsTests {
    /// A distinct non-null pointer for `k`.
    private func pointer(_ k: Int) -> OpaquePointer { OpaquePointer(bitPattern: 0x1000 + 16 * k)! }

    @Test("Put pointers come back out, each once; a full set refuses more; empty slots give nil")
    func putAndTake() {
        let slots = PointerSlots(count: 4)
        #expect(slots.take() == nil)
        for k in 0..<4 { #expect(slots.put(pointer(k))) }
        #expect(!slots.put(pointer(4)))
        #expect(slots.occupiedCount == 4)
        var taken: Set<Int> = []
        while let p = slots.take() { taken.insert(Int(bitPattern: UnsafeRawPointer(p))) }
        #expect(taken == Set((0..<4).map { Int(bitPattern: UnsafeRawPointer(pointer($0))) }))
        #expect(slots.occupiedCount == 0)
        #expect(slots.put(pointer(9)))
        var removed: [OpaquePointer] = []
        slots.removeAll { removed.append($0) }
        #expect(removed == [pointer(9)] && slots.occupiedCount == 0)
    }

    @Test("Threads taking and putting back at once never hold the same pointer, and lose none")
    func exclusiveAcrossThreads() {
        let count = 2  // few slots, so that the threads keep racing for the same ones
        let slots = PointerSlots(count: count)
        for k in 0..<count { #expect(slots.put(pointer(k))) }
        // Holders per pointer: a taker that finds its pointer already held has found a double hand-out.
        let holders = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: count)
        for k in 0..<count { (holders + k).initialize(to: Atomic(0)) }
        defer { holders.deinitialize(count: count); holders.deallocate() }
        nonisolated(unsafe) let shared = holders
        let doubles = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200_000 {
                guard let p = slots.take() else { continue }
                let k = (Int(bitPattern: UnsafeRawPointer(p)) - 0x1000) / 16
                if shared[k].wrappingAdd(1, ordering: .relaxed).newValue != 1 { doubles.wrappingAdd(1, ordering: .relaxed) }
                shared[k].wrappingSubtract(1, ordering: .relaxed)
                #expect(slots.put(p))
            }
        }
        #expect(doubles.load(ordering: .relaxed) == 0)
        #expect(slots.occupiedCount == count)
    }
}
