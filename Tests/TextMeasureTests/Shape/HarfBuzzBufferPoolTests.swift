import CHarfBuzz
import Testing
@testable import TextMeasure

@Suite("HarfBuzzBufferPool")
struct HarfBuzzBufferPoolTests {
    /// Fills `buffer` with `text` as RunShaper does (Arabic, right to left; also used by
    /// `HarfBuzzFontTests`).
    static func fill(_ buffer: OpaquePointer, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_set_script(buffer, HB_SCRIPT_ARABIC)
        hb_buffer_set_direction(buffer, HB_DIRECTION_RTL)
    }

    @Test("a buffer given back is kept cleared, as a new one; one that held a long text is freed")
    func keptCleared() {
        let pool = HarfBuzzBufferPool()
        let buffer = pool.take()
        Self.fill(buffer, "مرحبا بالعالم")
        #expect(hb_buffer_get_length(buffer) > 0)
        pool.give(buffer, length: 25)
        #expect(pool.keptCount == 1)
        let again = pool.take()
        #expect(again == buffer)
        #expect(pool.keptCount == 0)
        #expect(hb_buffer_get_length(again) == 0)
        #expect(hb_buffer_get_script(again) == HB_SCRIPT_INVALID)
        #expect(hb_buffer_get_direction(again) == HB_DIRECTION_INVALID)
        #expect(hb_buffer_get_content_type(again) == HB_BUFFER_CONTENT_TYPE_INVALID)
        Self.fill(again, "مرحبا")
        pool.give(again, length: HarfBuzzBufferPool.maxKeptLength + 1)
        #expect(pool.keptCount == 0)
    }

    @Test("at most capacity buffers are kept")
    func bounded() {
        let pool = HarfBuzzBufferPool()
        let taken = (0..<(HarfBuzzBufferPool.capacity + 4)).map { _ in pool.take() }
        for buffer in taken { pool.give(buffer, length: 1) }
        #expect(pool.keptCount == HarfBuzzBufferPool.capacity)
        let again = (0..<(HarfBuzzBufferPool.capacity + 4)).map { _ in pool.take() }
        #expect(pool.keptCount == 0)
        #expect(again.allSatisfy { hb_buffer_get_length($0) == 0 })
        for buffer in again { pool.give(buffer, length: 1) }
    }
}
