import CHarfBuzz
import LineBreak

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Break opportunities that UAX #14 leaves to a dictionary (class SA, South-East Asian scripts
/// written without spaces between words), found for a whole text, and the segments of
/// `LineSegmentIterator` cut at them.
///
/// Thai, in both profiles, as Pango 1.50 (`break-thai.c`): each Thai item of a paragraph
/// (`Itemizer`'s runs, as `pango_itemize` makes them) given to libthai (`ThaiBreaker`, which
/// converts it to TIS-620 as Pango does); every position it returns becomes a break opportunity.
///
/// Lao, Khmer and Myanmar: in `.pango` none, as Pango 1.50, which has no dictionary for them
/// (UAX #14's SA resolves to AL or CM, so a run of them breaks only at spaces); in `.uikit`
/// ICU's dictionary breaks inside each run of them (`ICULineBreaker`), as Core Text finds them.
///
/// A text holding none of these scripts costs a `memchr` pass or two over its bytes, or a
/// vector pass (`scripts(in:laoKhmerMyanmar:)`), and allocates nothing.
struct DictionaryBreaks {
    /// UTF-8 offsets where a line may also break, ascending.
    private var offsets: [Int32] = []
    /// Whether there are any dictionary breaks (`!offsets.isEmpty`, kept: it is read per segment).
    private(set) var isActive = false
    /// The first offset not yet passed.
    private var index = 0
    /// The rest of the segment `split(_:)` cut last, to be returned (and cut again) next.
    private(set) var carry: LineSegment?

    /// The dictionary breaks of `bytes` (valid UTF-8) in the style of `tables`.
    ///
    /// A text seen before in the same style takes its breaks from the style's cache
    /// (`StyleTables.dictionaryBreaks`): libthai takes tens of microseconds for a row. A text
    /// the caller knows to hold no lead byte E0 or E1 (`knownAbsent`: ASCII, or as
    /// `BidiLevels.PreScan.hasNoLeadE0OrE1` tells) has none, and is not scanned.
    init(bytes: UnsafeBufferPointer<UInt8>, tables: StyleTableView, knownAbsent: Bool = false) {
        guard !knownAbsent else { return }
        let (thai, others) = DictionaryBreaks.scripts(in: bytes, laoKhmerMyanmar: tables.profile == .uikit)
        guard _slowPath(thai || others) else { return }
        offsets = tables.withTables { $0.dictionaryBreaks }.positions(of: bytes) {
            var found = thai ? DictionaryBreaks.thaiBreaks(in: bytes, tables: tables) : []
            if others {
                let more = DictionaryBreaks.icuBreaks(in: bytes)
                if !more.isEmpty { found = (found + more).sorted() }
            }
            return found.map { Int32($0) }
        }
        isActive = !offsets.isEmpty
    }

    /// `segment` up to the first dictionary break inside its content (before its trailing white
    /// space), the rest kept in `carry`; `segment` itself when there is none.
    mutating func split(_ segment: LineSegment) -> LineSegment {
        carry = nil
        while index < offsets.count && Int(offsets[index]) <= segment.start { index += 1 }
        guard index < offsets.count, Int(offsets[index]) < segment.whitespaceStart else { return segment }
        let cut = Int(offsets[index])
        carry = LineSegment(
            start: cut, end: segment.end, whitespaceStart: segment.whitespaceStart,
            isMandatoryBreak: segment.isMandatoryBreak)
        return LineSegment(start: segment.start, end: cut, whitespaceStart: cut, isMandatoryBreak: false)
    }

    /// `carry`, cut at the next dictionary break (call only when `carry` is not `nil`).
    mutating func takeCarry() -> LineSegment? {
        guard let rest = carry else { return nil }
        return split(rest)
    }

    /// Whether `bytes` may hold a Thai scalar (U+0E00–U+0E7F: UTF-8 E0 B8 xx or E0 B9 xx).
    static func mayHoldThai(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scripts(in: bytes, laoKhmerMyanmar: false).thai
    }

    /// Whether `bytes` may hold a Lao (U+0E80–U+0EFF: E0 BA/BB), Khmer (U+1780–U+17FF: E1 9E/9F)
    /// or Myanmar (U+1000–U+109F: E1 80–82) scalar.
    static func mayHoldLaoKhmerMyanmar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scripts(in: bytes, laoKhmerMyanmar: true).laoKhmerMyanmar
    }

    /// Whether `bytes` (valid UTF-8) may hold a Thai scalar (`mayHoldThai`) and, when
    /// `laoKhmerMyanmar` asks, a Lao, Khmer or Myanmar one (`mayHoldLaoKhmerMyanmar`; else
    /// `false`), in one pass: their lead byte with the byte after it (Thai E0 B8–B9, Lao E0
    /// BA–BB, Khmer E1 9E–9F, Myanmar E1 80–82).
    ///
    /// - Complexity: O(n): two `memchr` passes when neither lead byte E0 nor E1 occurs (CJK,
    ///   Latin…), else from the first of them on sixteen positions at a time (`UTF8Block`: the
    ///   scripts with the lead byte E0, Devanagari, Bengali, Tamil, Thai…, would stop a `memchr`
    ///   at every scalar); stops once everything asked for is found.
    static func scripts(
        in bytes: UnsafeBufferPointer<UInt8>, laoKhmerMyanmar: Bool
    ) -> (thai: Bool, laoKhmerMyanmar: Bool) {
        guard let base = bytes.baseAddress else { return (false, false) }
        // The first E0 or E1 byte: where the blocks start.
        var start = bytes.count
        if let found = memchr(base, 0xE0, start) { start = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base }
        if let found = memchr(base, 0xE1, start) { start = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base }
        let rest = UnsafeBufferPointer(rebasing: bytes[start...])
        // Thai alone (`.pango`), as Indic text (lead byte E0 at every scalar) asks it per row: two
        // blocks a step, one test for both.
        guard laoKhmerMyanmar else {
            let thai = !UTF8Block.forEachPair(in: rest) { first, _, second, _ in
                !UTF8Block.any(first.pairs(0xE0, next: 0xB8, count: 2) .| second.pairs(0xE0, next: 0xB8, count: 2))
            }
            return (thai, false)
        }
        // Blocks up to the first with Thai, testing the others on the way…
        var thaiBlock = -1
        var others = false
        _ = UTF8Block.forEach(in: rest) { block, offset in
            if !others { others = UTF8Block.any(laoKhmerMyanmarLanes(in: block)) }
            guard !UTF8Block.any(block.pairs(0xE0, next: 0xB8, count: 2)) else {
                thaiBlock = offset
                return false
            }
            return true
        }
        let thai = thaiBlock >= 0
        // …then, when none of the others was found before it, the others alone.
        if thai, !others {
            others = !UTF8Block.forEach(in: UnsafeBufferPointer(rebasing: rest[thaiBlock...])) { block, _ in
                !UTF8Block.any(laoKhmerMyanmarLanes(in: block))
            }
        }
        return (thai, others)
    }

    /// The positions of `block` that start a Lao (E0 BA–BB), Khmer (E1 9E–9F) or Myanmar
    /// (E1 80–82) scalar.
    @inline(__always)
    private static func laoKhmerMyanmarLanes(in block: UTF8Block) -> UTF8Block.Lanes {
        let e1: UTF8Block.Lanes = block.leads .== SIMD16<UInt8>(repeating: 0xE1)
        let khmerMyanmar = UTF8Block.inRange(block.nexts, from: 0x9E, count: 2) .| UTF8Block.inRange(block.nexts, from: 0x80, count: 3)
        return block.pairs(0xE0, next: 0xBA, count: 2) .| (e1 .& khmerMyanmar)
    }

    /// Whether ICU's dictionary breaks a run of `value` in `.uikit` (Lao, Khmer, Myanmar).
    static func isLaoKhmerMyanmar(_ value: UInt32) -> Bool {
        (0x0E80...0x0EFF).contains(value) || (0x1780...0x17FF).contains(value) || (0x19E0...0x19FF).contains(value)
            || (0x1000...0x109F).contains(value) || (0xA9E0...0xA9FF).contains(value)
            || (0xAA60...0xAA7F).contains(value)
    }

    /// ICU's breaks inside every run of Lao, Khmer and Myanmar scalars, as UTF-8 offsets.
    static func icuBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets: [Int] = []
        var utf16: [UInt16] = []
        var starts: [Int] = []
        var i = 0
        while i < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: i)
            guard isLaoKhmerMyanmar(value) else {
                i += length
                continue
            }
            utf16.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            while i < bytes.count, case let (value, length) = TextWalker.decode(bytes, at: i), isLaoKhmerMyanmar(value) {
                utf16.append(UInt16(value))  // all in the Basic Multilingual Plane: one code unit
                starts.append(i)
                i += length
            }
            starts.append(i)
            for position in ICULineBreaker.shared.breaks(inUTF16: utf16) where position > 0 && position < starts.count {
                offsets.append(starts[position])
            }
        }
        return offsets
    }

    /// libthai's breaks in every Thai item of every paragraph of `bytes`, as UTF-8 offsets.
    ///
    /// The items are `Itemizer`'s runs (one script, font and level). In `.pango` they are also
    /// cut where Pango's script runs end (`PangoScriptRuns`: paired punctuation, a closing bracket
    /// taking the script of its opening one), and only the parts of Pango's Thai runs go to libthai,
    /// as `pango_tailor_break` calls `break_thai` per item: in "-<รายการ>,<รายการ>" the brackets and
    /// the comma are Latin runs, and libthai, which sees only "รายการ", adds no break between "," and
    /// "<". In `.uikit` the items are `Itemizer`'s Thai runs: Core Text runs its dictionary over the
    /// Thai text whatever script runs the brackets around it would make.
    static func thaiBreaks(in bytes: UnsafeBufferPointer<UInt8>, tables: StyleTableView) -> [Int] {
        tables.fillEntries(coveringScalarsOf: bytes)
        var offsets: [Int] = []
        let spaceFont = tables.lookup(0x20).font
        let pango = tables.profile == .pango
        var scriptRuns: [(range: Range<Int>, script: hb_script_t)] = []
        var paragraphStart = 0
        while paragraphStart < bytes.count {
            // Pango itemizes each paragraph on its own.
            var paragraphEnd = paragraphStart
            while paragraphEnd < bytes.count, bytes[paragraphEnd] != 0x0A, bytes[paragraphEnd] != 0x0D { paragraphEnd += 1 }
            if pango {
                scriptRuns.removeAll(keepingCapacity: true)
                PangoScriptRuns.forEachRun(in: bytes, from: paragraphStart, to: paragraphEnd) { scriptRuns.append(($0, $1)) }
            }
            Itemizer.forEachRun(
                in: bytes, from: paragraphStart, to: paragraphEnd, spaceFont: spaceFont,
                fontOf: { tables.lookup($0).font }
            ) { run in
                guard pango else {
                    if run.script == HB_SCRIPT_THAI { appendThaiBreaks(of: run.range, in: bytes, to: &offsets) }
                    return
                }
                for scriptRun in scriptRuns where scriptRun.script == HB_SCRIPT_THAI && scriptRun.range.overlaps(run.range) {
                    appendThaiBreaks(of: scriptRun.range.clamped(to: run.range), in: bytes, to: &offsets)
                }
            }
            paragraphStart = paragraphEnd + 1
        }
        return offsets
    }

    /// Appends libthai's breaks in the item `range` of `bytes` (positions after its start, its end
    /// included as Pango marks it, as UTF-8 offsets) to `offsets`.
    private static func appendThaiBreaks(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, to offsets: inout [Int]) {
        var starts: [Int] = []
        var scalars: [UInt32] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let (value, length) = TextWalker.decode(bytes, at: i)
            starts.append(i)
            scalars.append(value)
            i += length
        }
        starts.append(range.upperBound)
        for position in ThaiBreaker.shared.breaks(in: scalars) where position > 0 && position < starts.count {
            offsets.append(starts[position])
        }
    }
}
