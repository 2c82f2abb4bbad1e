import Synchronization

/// A fixed number of slots, each holding one pointer or nothing, taken from and put back into
/// without a lock: the free list of objects that one thread uses at a time (HarfBuzz buffers,
/// `hb_font_t` instances). Each slot is one atomic word in a cache line of its own, so threads
/// taking and putting back in different slots never write the same line; a slot's pointer is
/// handed to exactly one taker.
///
/// The slots own nothing: what is left in them when the owner goes is the owner's to free
/// (`removeAll`).
final class PointerSlots: @unchecked Sendable {  // `words`: atomics, allocated in init, freed in deinit
    /// The bytes between two slots: a cache line.
    static var stride: Int { 64 }

    /// How many slots there are.
    let count: Int

    /// `count` atomic words `stride` bytes apart: a pointer's address, or 0 for an empty slot.
    private let words: UnsafeMutableRawPointer

    /// `count` empty slots.
    init(count: Int) {
        precondition(count > 0, "PointerSlots needs at least one slot")
        self.count = count
        words = .allocate(byteCount: count * PointerSlots.stride, alignment: PointerSlots.stride)
        for k in 0..<count {
            (words + k * PointerSlots.stride).bindMemory(to: Atomic<UInt>.self, capacity: 1).initialize(to: Atomic(0))
        }
    }

    deinit {
        for k in 0..<count { word(k).deinitialize(count: 1) }
        words.deallocate()
    }

    /// A pointer taken out of its slot (the slot is then empty), or `nil` when every slot is.
    ///
    /// - Complexity: O(`count`) atomic loads at most; one exchange.
    @inline(__always)
    func take() -> OpaquePointer? {
        for k in 0..<count {
            let word = word(k)
            if word.pointee.load(ordering: .relaxed) != 0,
               let pointer = OpaquePointer(bitPattern: word.pointee.exchange(0, ordering: .acquiring)) {
                return pointer
            }
        }
        return nil
    }

    /// Puts `pointer` into an empty slot; `false` (and nothing changes) when every slot is full.
    ///
    /// - Complexity: O(`count`) compare-exchanges at most.
    @inline(__always)
    func put(_ pointer: OpaquePointer) -> Bool {
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
        for k in 0..<count {
            let word = word(k)
            if word.pointee.load(ordering: .relaxed) == 0,
               word.pointee.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
                return true
            }
        }
        return false
    }

    /// The pointers in the slots now.
    var occupiedCount: Int {
        (0..<count).reduce(0) { $0 + (word($1).pointee.load(ordering: .relaxed) != 0 ? 1 : 0) }
    }

    /// Empties every slot, calling `body` with each pointer taken out (to free it).
    func removeAll(_ body: (OpaquePointer) -> Void) {
        while let pointer = take() { body(pointer) }
    }

    /// Slot `k`'s atomic word.
    @inline(__always)
    private func word(_ k: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        (words + k * PointerSlots.stride).assumingMemoryBound(to: Atomic<UInt>.self)
    }
}
