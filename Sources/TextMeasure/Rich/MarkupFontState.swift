/// The font attributes in effect inside an open markup tag, and Pango's bookkeeping for
/// relative sizes (`OpenTag` in Pango 1.50's `pango-markup.c`).
///
/// Pango resolves nested tags as its attribute iterator does: an inner tag's attributes win
/// over an outer tag's; within one tag, later attributes win and the size a tag's `<big>`,
/// `<small>`, `larger` or `smaller` makes loses to the tag's own. A scale (`<big>` with no
/// absolute size above it, `size="x-large"`, `size="150%"`) multiplies whatever size applies,
/// even an inner absolute one, as in Pango.
struct MarkupFontState: Sendable {
    /// One attribute a tag sets (Pango's `PangoAttribute`s that change metrics).
    enum Attribute: Sendable {
        case family(String)
        case weight(Int)
        case style(Int)
        /// Absolute size, Pango units (1/1024 pt).
        case size(Int)
        case scale(Double)
        /// Pango units.
        case letterSpacing(Int)
    }

    var family: String?
    var weight: Int?
    /// Pango style: 0 normal, 1 oblique, 2 italic.
    var style: Int?
    var sizeUnits: Int?
    var scale: Double?
    var letterSpacingUnits: Int?

    // Relative sizes (`OpenTag`).
    var baseScaleFactor = 1.0
    var baseFontSize = 0
    var hasBaseFontSize = false
    var scaleLevel = 0
    var scaleLevelDelta = 0

    /// The state at the start of a child tag: the same attributes and bookkeeping, no level
    /// change of its own yet (`markup_data_open_tag`).
    var child: MarkupFontState {
        var state = self
        state.scaleLevelDelta = 0
        return state
    }

    /// One `<big>` / `larger` (+1) or `<small>` / `smaller` (−1).
    mutating func changeLevel(by delta: Int) {
        scaleLevelDelta += delta
        scaleLevel += delta
    }

    /// `open_tag_set_absolute_font_size`.
    mutating func setAbsoluteSize(_ units: Int) {
        baseFontSize = units
        hasBaseFontSize = true
        scaleLevel = 0
        scaleLevelDelta = 0
    }

    /// `open_tag_set_absolute_font_scale`.
    mutating func setAbsoluteScale(_ factor: Double) {
        baseScaleFactor = factor
        hasBaseFontSize = false
        scaleLevel = 0
        scaleLevelDelta = 0
    }

    /// Applies the tag's `attributes` (in the order the tag added them) after the size its level
    /// change makes (`markup_data_close_tag`), which they override.
    mutating func apply(_ attributes: [Attribute]) {
        if scaleLevelDelta != 0 {
            if hasBaseFontSize {
                // pango_attr_size_new (int): the product is truncated to whole Pango units.
                let size = Self.scaleFactor(level: scaleLevel, base: 1) * Double(baseFontSize)
                set(.size(Self.truncatedToInt32(size)))
            } else {
                set(.scale(Self.scaleFactor(level: scaleLevel, base: baseScaleFactor)))
            }
        }
        for attribute in attributes { set(attribute) }
    }

    private mutating func set(_ attribute: Attribute) {
        switch attribute {
        case .family(let name): family = name
        case .weight(let value): weight = value
        case .style(let value): style = value
        case .size(let units): sizeUnits = units
        case .scale(let factor): scale = factor
        case .letterSpacing(let units): letterSpacingUnits = units
        }
    }

    /// The run attributes of text in this state. Weights outside CSS's 1–1000 (Pango takes any
    /// non-negative integer) are clamped to it.
    var attributes: TextAttributes {
        TextAttributes(
            family: family,
            weight: min(max(weight ?? 400, 1), 1000),
            italic: (style ?? 0) != 0,
            fontSize: sizeUnits.map { Double($0) / 1024 },
            fontScale: scale ?? 1,
            letterSpacing: Double(letterSpacingUnits ?? 0) / 1024
        )
    }

    /// `scale_factor`: `base` multiplied (or divided) by 1.2 `level` times, one step at a time as
    /// Pango computes it.
    static func scaleFactor(level: Int, base: Double) -> Double {
        var factor = base
        if level > 0 {
            for _ in 0..<level { factor *= 1.2 }
        } else if level < 0 {
            for _ in level..<0 { factor /= 1.2 }
        }
        return factor
    }

    /// C's double-to-int conversion (truncation toward zero), clamped to `Int32` where C's is
    /// undefined (NaN: 0).
    static func truncatedToInt32(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        return Int(Swift.min(Swift.max(value, Double(Int32.min)), Double(Int32.max)).rounded(.towardZero))
    }
}
