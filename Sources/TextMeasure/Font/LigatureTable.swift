/// Standard ligatures from a font's `GSUB` table: the LigatureSubst lookups (type 4, also inside
/// type-7 extensions) of the `liga`, `clig` and `rlig` features for the Latin script (else the
/// default script) — the ligatures HarfBuzz forms by default, so DejaVu Sans sets "ffi" as one
/// glyph in Pango. Used by the `.pango` profile only.
struct LigatureTable: Sendable {
    /// One ligature: the glyphs after the first, and the glyph that replaces them all.
    struct Ligature: Sendable {
        var components: [GlyphID]
        var glyph: GlyphID
    }

    /// For each first glyph, its ligatures in the font's order (the first match wins).
    private let byFirst: [[Ligature]]

    static let empty = LigatureTable(byFirst: [])

    var isEmpty: Bool { byFirst.isEmpty }

    private init(byFirst: [[Ligature]]) { self.byFirst = byFirst }

    /// Parses the raw bytes of a `GSUB` table; malformed parts are skipped.
    init(gsubTable data: [UInt8], glyphCount: Int) {
        guard glyphCount > 0, !data.isEmpty else { self = .empty; return }
        let table = OpenTypeLayoutTable(bytes: data)
        let reader = table.reader
        var byFirst = [[Ligature]](repeating: [], count: glyphCount)
        var any = false
        for lookup in table.lookupIndices(features: ["liga", "clig", "rlig"]) {
            for subtable in table.subtables(ofLookup: lookup, type: 4, extensionType: 7) {
                guard reader.u16(subtable) == 1, let coverageOffset = reader.u16(subtable + 2),
                    let coverage = table.coverage(at: subtable + coverageOffset, glyphCount: glyphCount),
                    let setCount = reader.u16(subtable + 4)
                else { continue }
                for first in 0..<glyphCount where coverage[first] >= 0 && Int(coverage[first]) < setCount {
                    guard let setOffset = reader.u16(subtable + 6 + 2 * Int(coverage[first])) else { continue }
                    let set = subtable + setOffset
                    for k in 0..<(reader.u16(set) ?? 0) {
                        guard let ligOffset = reader.u16(set + 2 + 2 * k) else { continue }
                        let lig = set + ligOffset
                        guard let glyph = reader.u16(lig), let componentCount = reader.u16(lig + 2), componentCount >= 2
                        else { continue }
                        var components: [GlyphID] = []
                        for c in 1..<componentCount {
                            if let g = reader.u16(lig + 4 + 2 * (c - 1)) { components.append(GlyphID(g)) }
                        }
                        guard components.count == componentCount - 1 else { continue }
                        byFirst[first].append(Ligature(components: components, glyph: GlyphID(glyph)))
                        any = true
                    }
                }
            }
        }
        self = any ? LigatureTable(byFirst: byFirst) : .empty
    }

    /// The ligatures starting with `glyph` (empty for most glyphs).
    @inline(__always)
    func ligatures(startingWith glyph: GlyphID) -> [Ligature] {
        Int(glyph) < byFirst.count ? byFirst[Int(glyph)] : []
    }

    /// Whether some ligature starts with `glyph`.
    @inline(__always)
    func startsLigature(_ glyph: GlyphID) -> Bool {
        Int(glyph) < byFirst.count && !byFirst[Int(glyph)].isEmpty
    }
}
