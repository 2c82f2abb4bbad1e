/// The colors of a layout picture (`rowheight render`).
enum RenderPalette {
    /// Glyphs.
    static let ink = RGBColor(20, 20, 30)
    /// The part of a line box its content fills (up to the line's width).
    static let lineContent = RGBColor(214, 228, 255)
    /// A line box's outline (the whole layout width × the line's height).
    static let lineBox = RGBColor(70, 120, 235)
    /// A line's baseline.
    static let baseline = RGBColor(150, 185, 250)
    /// The area past the max layout width.
    static let beyondWidth = RGBColor(255, 228, 228)
    /// The max-width mark: a vertical line at x = width.
    static let maxWidth = RGBColor(225, 30, 40)
    /// The legend's text (how the height adds up).
    static let legend = RGBColor(60, 60, 70)

    /// The fill of a template node's frame, if it has one (fixed boxes are shaded).
    static func frameFill(kind: String) -> RGBColor? {
        kind == "box" ? RGBColor(222, 222, 222) : nil
    }

    /// The outline of a template node's frame, by kind.
    static func frameOutline(kind: String) -> RGBColor {
        switch kind {
        case "box": RGBColor(120, 120, 120)
        case "inset": RGBColor(240, 150, 30)
        case "vstack", "hstack": RGBColor(30, 160, 80)
        case "sized": RGBColor(160, 80, 210)
        default: RGBColor(20, 80, 200)  // text
        }
    }
}
