import Foundation
import Testing
@testable import TextMeasure

@Suite("ShapedClusterCache")
struct ShapedClusterCacheTests {
    private typealias Entry = ShapedClusterCache.Entry

    private static func entry(_ n: Int) -> Entry {
        Entry(
            clusters: (1...n).map { LayoutCluster(end: 2 * $0, leadingKern: Double(-$0), width: Double(10 * $0), fontMask: 2) },
            missingOffsets: n % 2 == 0 ? [] : [0], lastFont: n % 3 - 1, lastScalar: UInt32(0x628 + n))
    }

    private static func same(_ a: Entry, _ b: Entry) -> Bool {
        a.clusters.map(\.end) == b.clusters.map(\.end) && a.clusters.map(\.width) == b.clusters.map(\.width)
            && a.clusters.map(\.leadingKern) == b.clusters.map(\.leadingKern)
            && a.clusters.map(\.fontMask) == b.clusters.map(\.fontMask) && a.missingOffsets == b.missingOffsets
            && a.lastFont == b.lastFont && a.lastScalar == b.lastScalar
    }

    private func value(
        _ cache: ShapedClusterCache, _ text: String, levels: [UInt8]?, calls: inout Int, make: Entry
    ) -> Entry {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { bytes in
            guard let levels else {
                return cache.entry(for: bytes, levels: nil) {
                    calls += 1
                    return make
                }
            }
            return levels.withUnsafeBufferPointer { levels in
                cache.entry(for: bytes, levels: levels) {
                    calls += 1
                    return make
                }
            }
        }
    }

    @Test("a range seen before is a hit with what was computed; other bytes or levels are misses; long ranges are not kept")
    func hitsAndMisses() {
        let cache = ShapedClusterCache()
        var calls = 0
        let word = "مقدار·تحريك"
        let a = Self.entry(1), b = Self.entry(2), c = Self.entry(3), d = Self.entry(4)
        let levels = [UInt8](repeating: 1, count: word.utf8.count)
        #expect(Self.same(value(cache, word, levels: nil, calls: &calls, make: a), a))
        #expect(Self.same(value(cache, word, levels: nil, calls: &calls, make: b), a))
        #expect(calls == 1)
        #expect(Self.same(value(cache, word, levels: levels, calls: &calls, make: b), b))
        #expect(Self.same(value(cache, word, levels: levels.map { $0 + 1 }, calls: &calls, make: c), c))
        #expect(Self.same(value(cache, word + "·", levels: nil, calls: &calls, make: d), d))
        #expect(calls == 4)
        #expect(Self.same(value(cache, word, levels: levels, calls: &calls, make: d), b))
        #expect(Self.same(value(cache, word, levels: nil, calls: &calls, make: d), a))
        #expect(calls == 4)
        let long = String(repeating: "ب", count: ShapedClusterCache.maxBytes / 2 + 1)
        #expect(Self.same(value(cache, long, levels: nil, calls: &calls, make: a), a))
        #expect(Self.same(value(cache, long, levels: nil, calls: &calls, make: b), b))
        #expect(calls == 6)
    }

    static let noto = "/usr/share/fonts/truetype/noto/"

    /// Overlong words (wider than the line, broken between clusters) and char wrapping, in both
    /// profiles: measured once more by the same measurer (its cache filled, the words at other
    /// offsets and, in right-to-left text, other levels) they measure as by a new measurer.
    @Test("an overlong shaped word measures the same from the cache as shaped", arguments: [
        (LayoutProfile.pango, LineBreakMode.byWordWrapping), (.pango, .byCharWrapping), (.uikit, .byWordWrapping),
    ])
    func sameFromTheCache(profile: LayoutProfile, mode: LineBreakMode) throws {
        let fonts = ["NotoSans", "NotoSansArabic", "NotoSansDevanagari"].map { Self.noto + $0 + "-Regular.ttf" }
        for font in fonts {
            try #require(FileManager.default.fileExists(atPath: font), "install fonts-noto-core (Scripts/test does)")
        }
        func measurer() throws -> TextMeasurer {
            try TextMeasurer(style: TextStyle(
                fontChain: try FontChain(fonts.map { try Font(path: $0) }), fontSize: 17, lineBreakMode: mode,
                profile: profile))
        }
        let words = [
            "مقدار·تحريك·السهم·باتجاه·ص·عند·تحرير·الزر", "\"और\"/system/proxy/http/authentication-password\".प्रॉक्सी",
            "अनदेखी.Http://bugzilla.gnome.org/show_bug.cgi?id=445447", "إذا·كان·الفراغ·العمودي·المتوفر\u{0F40}·أكبر",
        ]
        let texts = words.flatMap { [$0, "كلمة \($0) نص", "Some text \($0) more", "शब्द \($0)"] }
        let shared = try measurer()
        for round in 0..<2 {
            for text in texts {
                for width in [60.0, 120, 280] {
                    let cached = try shared.measure(text, width: width, includeLines: true)
                    let fresh = try measurer().measure(text, width: width, includeLines: true)
                    #expect(cached == fresh, "round \(round), width \(width): \(text)")
                }
            }
        }
    }
}
