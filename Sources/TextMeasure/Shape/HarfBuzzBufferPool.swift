import CHarfBuzz
import Synchronization

/// HarfBuzz buffers kept between shapings, so that shaping a word neither creates nor frees one
/// nor grows its arrays again (`hb_buffer_create`, its first `hb_buffer_add_utf8` and
/// `hb_buffer_destroy` cost about a thousand instructions a word). A buffer is taken for one
/// shaping and given back cleared (`hb_buffer_clear_contents`: as a new buffer, its Unicode
/// functions and the arrays' storage kept); threads take different buffers.
///
/// At most `capacity` buffers are kept, each having held at most `maxKeptLength` bytes of text,
/// so the memory kept stays small whatever was shaped.
final class HarfBuzzBufferPool: Sendable {
    /// The buffers kept: only touched under the lock, hence sendable.
    private struct Buffers: @unchecked Sendable {
        var list: [OpaquePointer] = []
    }

    /// The pool `RunShaper` takes its buffers from.
    static let shared = HarfBuzzBufferPool()

    /// The most buffers kept (more threads than this create and free their own).
    static var capacity: Int { 16 }
    /// The longest text, in bytes, whose buffer is kept (a longer one is freed).
    static var maxKeptLength: Int { 4_096 }

    private let buffers = Mutex(Buffers())

    /// Creates an empty pool.
    init() {}

    deinit {
        buffers.withLock { buffers in
            for buffer in buffers.list { hb_buffer_destroy(buffer) }
        }
    }

    /// The buffers kept now.
    var keptCount: Int { buffers.withLock { $0.list.count } }

    /// A cleared buffer for one shaping (a kept one, or a new one), to give back with `give`.
    func take() -> OpaquePointer {
        if let kept = buffers.withLock({ $0.list.popLast() }) { return kept }
        return hb_buffer_create()  // never NULL: HarfBuzz returns its empty buffer on failure
    }

    /// Gives back a buffer taken with `take`, which held `length` bytes of text: kept cleared, or
    /// freed when it held more than `maxKeptLength` bytes or the pool is full.
    func give(_ buffer: OpaquePointer, length: Int) {
        if length <= HarfBuzzBufferPool.maxKeptLength, hb_buffer_allocation_successful(buffer) != 0 {
            hb_buffer_clear_contents(buffer)
            let kept = buffers.withLock { buffers in
                guard buffers.list.count < HarfBuzzBufferPool.capacity else { return false }
                buffers.list.append(buffer)
                return true
            }
            if kept { return }
        }
        hb_buffer_destroy(buffer)
    }
}
