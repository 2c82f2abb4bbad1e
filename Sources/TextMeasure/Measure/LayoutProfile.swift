/// Which renderer's layout rules a measurement reproduces.
///
/// Row heights are only useful when they match the renderer that draws the row. The profiles
/// differ in exactly the points listed in `DESIGN.md` ("Compatibility profiles").
public enum LayoutProfile: String, Sendable, Hashable, Codable, CaseIterable {
    /// UIKit / Core Text (the default): empty text is 0 lines; all white space at a soft line end
    /// hangs, and so does white space before a mandatory break; line height is
    /// `ascender − descender + lineGap`; advances are summed in floating point.
    case uikit
    /// Pango 1.50 with HarfBuzz (GTK and most Linux desktops): empty text is one line; only one
    /// trailing space hangs at a soft line end and none before a mandatory break; line height is
    /// `ascender − descender`; every advance and kerning value is rounded to a whole Pango unit
    /// (1/1024 pt) the way HarfBuzz scales, and line widths are summed in whole units.
    case pango
}
