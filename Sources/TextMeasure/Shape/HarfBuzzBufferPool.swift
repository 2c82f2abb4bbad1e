import CHarfBuzz

/// HarfBuzz buffers kept between shapings, so that shaping a word neither creates nor frees one
/// nor grows its arrays again (`hb_buffer_create`, its first `hb_buffer_add_utf8` and
/// `hb_buffer_destroy` cost about a thousand instructions a word). A buffer is taken for one
/// shaping and given back cleared (`hb_buffer_clear_contents`: as a new buffer, its Unicode
/// functions and the arrays' storage kept); threads take different buffers, without a lock
/// (`PointerSlots`).
///
/// At most `capacity` buffers are kept, each having held at most `maxKeptLength` bytes of text,
/// so the memory kept stays small whatever was shaped.
final class HarfBuzzBufferPool: Sendable {
    /// The pool `RunShaper` takes its buffers from.
    static let shared = HarfBuzzBufferPool()

    /// The most buffers kept (more threads than this create and free their own).
    static var capacity: Int { 16 }
    /// The longest text, in bytes, whose buffer is kept (a longer one is freed).
    static var maxKeptLength: Int { 4_096 }

    /// The buffers kept, taken and given back without a lock.
    private let buffers = PointerSlots(count: HarfBuzzBufferPool.capacity)

    /// Creates an empty pool.
    init() {}

    deinit { buffers.removeAll { hb_buffer_destroy($0) } }

    /// The buffers kept now.
    var keptCount: Int { buffers.occupiedCount }

    /// A cleared buffer for one shaping (a kept one, or a new one), to give back with `give`.
    func take() -> OpaquePointer {
        buffers.take() ?? hb_buffer_create()  // never NULL: HarfBuzz returns its empty buffer on failure
    }

    /// Gives back a buffer taken with `take`, which held `length` bytes of text: kept cleared, or
    /// freed when it held more than `maxKeptLength` bytes or the pool is full.
    func give(_ buffer: OpaquePointer, length: Int) {
        if length <= HarfBuzzBufferPool.maxKeptLength, hb_buffer_allocation_successful(buffer) != 0 {
            hb_buffer_clear_contents(buffer)
            if buffers.put(buffer) { return }
        }
        hb_buffer_destroy(buffer)
    }
}
