import Testing
@testable import TextMeasure

@Suite("DictionaryBreakCache")
struct DictionaryBreakCacheTests {
    @Test("a text seen before is not broken again, and gets the same positions")
    func hit() {
        let cache = DictionaryBreakCache()
        var calls = 0
        var text = "ภาษาไทยเป็นภาษา"
        let first = text.withUTF8 { bytes in cache.positions(of: bytes) { calls += 1; return [4, 7, 11] } }
        let second = text.withUTF8 { bytes in cache.positions(of: bytes) { calls += 1; return [] } }
        #expect(first == [4, 7, 11])
        #expect(second == first)
        #expect(calls == 1)
        var other = "ภาษาไทย"
        let third = other.withUTF8 { bytes in cache.positions(of: bytes) { calls += 1; return [4] } }
        #expect(third == [4])
        #expect(calls == 2)
    }

    @Test("Thai rows measure the same from the cache as from libthai")
    func sameResults() throws {
        let measurer = try DictionaryBreaksTests.measurer()
        let text = "ข้อความทดสอบที่ไม่เคยเห็นมาก่อนเลยจริงๆ สำหรับแคช"
        let before = try measurer.measure(text, width: 100, includeLines: true)
        let after = try measurer.measure(text, width: 100, includeLines: true)
        #expect(before == after)
        #expect(before.lineCount > 1)
    }
}
