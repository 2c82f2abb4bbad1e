import Foundation
import Testing
@testable import TextMeasure

/// Real font files mutated — table bytes, counts and offsets in table headers, directory offsets
/// and lengths, truncations — seeded, a few hundred in all (issue 13; `Scripts/fuzz` runs the
/// same kinds of mutations for as long as wanted). Each mutated font must give a clean
/// `FontError` or sane measurements: finite heights ≥ 0, at least one line for non-empty text,
/// finite widths, no crash. A stall would show as this suite taking minutes instead of seconds:
/// the layout tables are parsed within a work budget (`GPOSKerningTests` checks it).
@Suite("Mutated real fonts")
struct FontMutationTests {
    /// The tables RowHeight reads itself come first: most mutations land in them.
    static let favouriteTables = ["GPOS", "GSUB", "kern", "hhea", "OS/2", "head", "maxp", "cmap", "hmtx"]
    static let hostileValues: [UInt16] = [0, 1, 2, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF]
    static let texts = ["AVAWAY To office ffi, 12:30!", "日本語のテキストと English", "مرحبا بالعالم Hello", "x\ny\n"]

    static func fontPath(_ name: String) throws -> String {
        name.hasPrefix("/") ? name : try #require(BundledFonts.directory) + "/" + name
    }

    @Test("Mutated fonts load with a clean error or measure sanely", arguments: [
        ("DejaVuSans.ttf", 130, UInt64(1)), ("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 130, 2),
        ("ipaexg.ttf", 40, 3),
    ])
    func mutations(name: String, count: Int, seed: UInt64) throws {
        let original = try SFNTFile(path: try Self.fontPath(name))
        var random = SplitMix64(seed: seed)
        var loaded = 0
        try withTemporaryDirectory { directory in
            for index in 0..<count {
                var bytes = original.bytes
                var applied: [String] = []
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    applied.append(Self.mutate(&bytes, original: original, using: &random))
                }
                let path = try writeFile(bytes, named: "mutated-\(index).ttf", in: directory)
                defer { try? FileManager.default.removeItem(atPath: path) }
                let font: Font
                do throws(FontError) {
                    font = try Font(path: path)
                } catch {
                    #expect(!error.description.isEmpty)
                    continue
                }
                loaded += 1
                try Self.checkMeasurements(font, context: "\(name) #\(index): \(applied.joined(separator: "; "))")
            }
        }
        // Most mutations leave a usable font: the measuring half of the test must run.
        #expect(loaded >= count / 4, "only \(loaded) of \(count) mutated fonts loaded")
    }

    /// Both profiles, both wrapping modes, a few widths: every result sane.
    static func checkMeasurements(_ font: Font, context: String) throws {
        let metrics = font.metrics(size: 17)
        #expect(metrics.lineHeight.isFinite && metrics.lineHeight >= 0, "\(context): line height \(metrics.lineHeight)")
        for profile in [LayoutProfile.uikit, .pango] {
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let measurer = try TextMeasurer(
                    style: TextStyle(fontChain: try FontChain([font]), fontSize: 17, lineBreakMode: mode, profile: profile))
                for text in texts {
                    let prepared = measurer.prepare(text)
                    for width in [1.0, 90, 375] {
                        for result in [try measurer.measure(text, width: width), try prepared.measure(width: width)] {
                            #expect(result.height.isFinite && result.height >= 0, "\(context): height \(result.height)")
                            #expect(result.lineCount >= 1, "\(context): \(result.lineCount) lines")
                            #expect(result.maxLineWidth.isFinite, "\(context): width \(result.maxLineWidth)")
                        }
                    }
                }
            }
        }
    }

    /// Applies one random mutation to `bytes` (a copy of `original`) and says what it did.
    static func mutate(_ bytes: inout [UInt8], original: SFNTFile, using random: inout SplitMix64) -> String {
        func put16(_ offset: Int, _ value: UInt16) {
            guard offset >= 0, offset + 2 <= bytes.count else { return }
            bytes[offset] = UInt8(value >> 8)
            bytes[offset + 1] = UInt8(truncatingIfNeeded: value)
        }
        func value() -> UInt16 {
            Bool.random(using: &random) ? hostileValues.randomElement(using: &random)! : UInt16.random(in: 0...0xFFFF, using: &random)
        }
        let tables = (0..<original.tableCount).map(original.record)
        let favourites = tables.indices.filter { favouriteTables.contains(tables[$0].tag) }
        let index = Int.random(in: 0..<4, using: &random) > 0 && !favourites.isEmpty
            ? favourites.randomElement(using: &random)! : Int.random(in: tables.indices, using: &random)
        let table = tables[index]
        let record = original.directoryOffset + 12 + 16 * index
        guard table.length >= 4 else { return "\(table.tag): too short to mutate" }
        switch Int.random(in: 0..<6, using: &random) {
        case 0:  // a count or offset in the table's header area
            let offset = 2 * Int.random(in: 0..<min(32, table.length / 2), using: &random)
            let v = value()
            put16(table.offset + offset, v)
            return "\(table.tag)+\(offset) = \(v)"
        case 1:  // a 16-bit value anywhere in the table
            let offset = 2 * Int.random(in: 0..<table.length / 2, using: &random)
            let v = value()
            put16(table.offset + offset, v)
            return "\(table.tag)+\(offset) = \(v)"
        case 2:  // a few random bytes
            let offset = Int.random(in: 0..<table.length, using: &random)
            for k in 0..<min(8, table.length - offset) where table.offset + offset + k < bytes.count {
                bytes[table.offset + offset + k] = UInt8.random(in: 0...255, using: &random)
            }
            return "\(table.tag)+\(offset): random bytes"
        case 3:  // the table's length in the directory, shortened
            let length = Int.random(in: 0..<table.length, using: &random)
            put16(record + 12, UInt16(length >> 16))
            put16(record + 14, UInt16(truncatingIfNeeded: length))
            return "\(table.tag) length = \(length)"
        case 4:  // the table's offset in the directory
            let v = value()
            put16(record + 8 + 2 * Int.random(in: 0...1, using: &random), v)
            return "\(table.tag) offset word = \(v)"
        default:  // the file cut short
            let length = Int.random(in: 12..<bytes.count, using: &random)
            bytes.removeSubrange(length...)
            return "file cut at \(length)"
        }
    }
}
