/// The standard ligatures of a style's fonts (`LigatureTable`) in flat memory of their own, with
/// the advances a match needs already scaled: what `StyleTableView.ligature(startingWith:…)`
/// reads on the hot path without touching a reference count (the fonts' tables are arrays of
/// arrays in class instances: reading them retained and released several objects per lookup).
///
/// Built once with the `StyleTables` that own it and freed by them (`deallocate()`); a value of
/// plain pointers, valid while they live.
struct LigatureLookup {
    /// One ligature of a font: its glyph and advance, and the glyphs after the first it replaces.
    struct Candidate {
        /// The ligature glyph.
        var glyph: GlyphID
        /// Where its components (the glyphs after the first) start in `components`.
        var componentStart: Int32
        /// How many components it has.
        var componentCount: Int32
        /// The first glyph's advance, width units (`StyleTables.lookupGlyphAdvance`).
        var firstAdvance: Double
        /// The ligature glyph's advance, width units (`StyleTables.lookupGlyphAdvance`).
        var advance: Double
    }

    /// Per font f: at 2f, where its glyphs' entries start in `starts` (−1 for a font that forms
    /// none); at 2f + 1, its number of glyphs.
    private let fonts: UnsafeMutableBufferPointer<Int>
    /// Per font forming ligatures, per glyph g of the font (and one more): the ligatures starting
    /// with g are `candidates[starts[base + g]..<starts[base + g + 1]]`, in the font's order.
    private let starts: UnsafeMutableBufferPointer<Int32>
    /// Every candidate, font by font and glyph by glyph.
    private let candidates: UnsafeMutableBufferPointer<Candidate>
    /// The components of every candidate.
    private let components: UnsafeMutableBufferPointer<GlyphID>

    /// The ligatures of `fonts` that form (`forms[i]`), with advances in width units given by
    /// `advance(glyph, font)`.
    ///
    /// - Complexity: O(glyphs + ligatures) of the fonts that form ligatures.
    init(fonts: [Font], forms: [Bool], advance: (GlyphID, Int) -> Double) {
        var bases = [Int](repeating: -1, count: 2 * fonts.count)
        var starts: [Int32] = []
        var candidates: [Candidate] = []
        var components: [GlyphID] = []
        for (f, font) in fonts.enumerated() where forms[f] {
            let table = font.ligatureTable
            bases[2 * f] = starts.count
            bases[2 * f + 1] = font.glyphCount
            for g in 0..<font.glyphCount {
                starts.append(Int32(truncatingIfNeeded: candidates.count))
                let glyph = GlyphID(truncatingIfNeeded: g)
                let ligatures = table.ligatures(startingWith: glyph)
                guard !ligatures.isEmpty else { continue }
                let firstAdvance = advance(glyph, f)
                for ligature in ligatures {
                    candidates.append(Candidate(
                        glyph: ligature.glyph, componentStart: Int32(truncatingIfNeeded: components.count),
                        componentCount: Int32(truncatingIfNeeded: ligature.components.count),
                        firstAdvance: firstAdvance, advance: advance(ligature.glyph, f)))
                    components += ligature.components
                }
            }
            starts.append(Int32(truncatingIfNeeded: candidates.count))
        }
        self.fonts = LigatureLookup.copy(bases)
        self.starts = LigatureLookup.copy(starts)
        self.candidates = LigatureLookup.copy(candidates)
        self.components = LigatureLookup.copy(components)
    }

    /// Frees the memory (once, by the tables that own it).
    func deallocate() {
        fonts.deallocate()
        starts.deallocate()
        candidates.deallocate()
        components.deallocate()
    }

    /// The indices in `candidate(_:)` of the ligatures of font `font` starting with `glyph`
    /// (empty for most glyphs and for a font that forms none).
    @inline(__always)
    func candidates(startingWith glyph: GlyphID, font: Int) -> Range<Int> {
        let base = fonts[2 &* font]
        guard base >= 0, Int(glyph) < fonts[2 &* font &+ 1] else { return 0..<0 }
        let at = base &+ Int(glyph)
        return Int(starts[at])..<Int(starts[at &+ 1])
    }

    /// The candidate at `index`.
    @inline(__always)
    func candidate(_ index: Int) -> Candidate { candidates[index] }

    /// Component `k` (0-based, after the first glyph) of `candidate`.
    @inline(__always)
    func component(_ k: Int, of candidate: Candidate) -> GlyphID {
        components[Int(candidate.componentStart) + k]
    }

    /// A copy of `values` in memory of its own (at least one element's worth).
    private static func copy<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
        let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
        _ = storage.initialize(from: values)
        return storage
    }
}
