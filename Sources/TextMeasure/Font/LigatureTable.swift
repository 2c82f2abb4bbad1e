/// Standard ligatures from a font's `GSUB` table: the LigatureSubst lookups (type 4, also inside
/// type-7 extensions) of the `liga`, `clig` and `rlig` features for the Latin script (else the
/// default script) — the ligatures HarfBuzz forms by default, so DejaVu Sans sets "ffi" as one
/// glyph in Pango. Used by the `.pango` profile only.
///
/// Malformed tables are never trusted: a ligature set or ligature that does not fit in the table
/// is skipped, a set shared by several first glyphs is read once (and its array shared), and the
/// whole parse spends from one `OpenTypeLayoutTable.WorkBudget` — a table that would exceed it
/// gives no ligatures.
struct LigatureTable: Sendable {
    /// One ligature: the glyphs after the first, and the glyph that replaces them all.
    struct Ligature: Sendable {
        var components: [GlyphID]
        var glyph: GlyphID
    }

    /// For each first glyph, its ligatures in the font's order (the first match wins).
    private let byFirst: [[Ligature]]
    /// Parsing steps spent (see `OpenTypeLayoutTable.WorkBudget`), for tests.
    let workSpent: Int

    static let empty = LigatureTable(byFirst: [], workSpent: 0)

    var isEmpty: Bool { byFirst.isEmpty }

    private init(byFirst: [[Ligature]], workSpent: Int) {
        self.byFirst = byFirst
        self.workSpent = workSpent
    }

    /// Parses the raw bytes of a `GSUB` table; malformed parts are skipped.
    ///
    /// - Complexity: O(table length + glyphs × subtables), within the table's work budget.
    init(gsubTable data: [UInt8], glyphCount: Int) {
        guard glyphCount > 0, !data.isEmpty else { self = .empty; return }
        let table = OpenTypeLayoutTable(bytes: data)
        var budget = OpenTypeLayoutTable.WorkBudget(tableLength: data.count, glyphCount: glyphCount)
        var byFirst = [[Ligature]](repeating: [], count: glyphCount)
        var any = false
        lookups: for lookup in table.lookupIndices(features: ["liga", "clig", "rlig"], budget: &budget) {
            for subtable in table.subtables(ofLookup: lookup, type: 4, extensionType: 7, budget: &budget) {
                guard table.reader.u16(subtable) == 1, let coverageOffset = table.reader.u16(subtable + 2),
                    let coverage = table.coverage(at: subtable + coverageOffset, glyphCount: glyphCount, budget: &budget),
                    let setCount = table.reader.u16(subtable + 4)
                else {
                    if budget.isExhausted { break lookups }
                    continue
                }
                var setAt: [Int: [Ligature]] = [:]
                for first in 0..<glyphCount where coverage[first] >= 0 && Int(coverage[first]) < setCount {
                    guard let setOffset = table.reader.u16(subtable + 6 + 2 * Int(coverage[first])) else { continue }
                    let set = subtable + setOffset
                    if setAt[set] == nil { setAt[set] = LigatureTable.ligatureSet(table, at: set, budget: &budget) }
                    guard !budget.isExhausted else { break lookups }
                    let ligatures = setAt[set] ?? []
                    guard !ligatures.isEmpty else { continue }
                    if byFirst[first].isEmpty { byFirst[first] = ligatures } else { byFirst[first] += ligatures }
                    any = true
                }
            }
        }
        self.init(byFirst: any && !budget.isExhausted ? byFirst : [], workSpent: budget.spent)
    }

    /// The ligatures of the LigatureSet at `set`, those that fit in the table.
    private static func ligatureSet(
        _ table: OpenTypeLayoutTable, at set: Int, budget: inout OpenTypeLayoutTable.WorkBudget
    ) -> [Ligature] {
        let reader = table.reader
        var result: [Ligature] = []
        for k in 0..<(reader.u16(set) ?? 0) {
            guard budget.spend(1), let ligOffset = reader.u16(set + 2 + 2 * k) else { break }
            let lig = set + ligOffset
            guard let glyph = reader.u16(lig), let componentCount = reader.u16(lig + 2), componentCount >= 2,
                lig + 4 + 2 * (componentCount - 1) <= table.length, budget.spend(componentCount)
            else { continue }
            // In the table (checked above): every read succeeds.
            let components = (1..<componentCount).map { GlyphID(reader.u16(lig + 4 + 2 * ($0 - 1)) ?? 0) }
            result.append(Ligature(components: components, glyph: GlyphID(glyph)))
        }
        return result
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
