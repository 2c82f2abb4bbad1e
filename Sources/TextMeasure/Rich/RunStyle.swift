/// What measuring reads for one run of an attributed text: the lookup tables of the run's font
/// chain (its family's face first, the other families as fallbacks) at the run's size, and its
/// letter spacing.
struct RunStyle: Sendable {
    /// The run's tables, retained; `nil` when the run draws with the base style's own tables
    /// (which the measurer holds), so a base style's cache never retains its own tables.
    let owner: StyleTables?
    /// The tables as the hot path reads them.
    let tables: StyleTableView
    /// Extra advance after every grapheme cluster, width units (whole Pango units in `.pango`).
    let letterSpacing: Double

    /// The run style of attributes that change nothing over `tables`.
    init(base tables: StyleTableView) {
        owner = nil
        self.tables = tables
        letterSpacing = 0
    }

    init(owner: StyleTables?, tables: StyleTableView, letterSpacing: Double) {
        self.owner = owner
        self.tables = tables
        self.letterSpacing = letterSpacing
    }

    /// The size in points a run of `attributes` is drawn at over a base style of `baseSize`
    /// points: Pango stores sizes as whole Pango units (1/1024 pt), truncating, and scales the
    /// stored size (`pango_attr_iterator_get_font`); UIKit multiplies.
    static func fontSize(of attributes: TextAttributes, baseSize: Double, profile: LayoutProfile) -> Double {
        let size = attributes.fontSize ?? baseSize
        guard profile == .pango else { return size * attributes.fontScale }
        var units = (size * 1024).rounded(.towardZero)
        if attributes.fontScale != 1 { units = (units * attributes.fontScale).rounded(.towardZero) }
        return units / 1024
    }

    /// Letter spacing in width units: Pango's attribute is a whole number of Pango units.
    static func letterSpacing(of attributes: TextAttributes, profile: LayoutProfile) -> Double {
        profile == .pango ? (attributes.letterSpacing * 1024).rounded() : attributes.letterSpacing
    }
}
