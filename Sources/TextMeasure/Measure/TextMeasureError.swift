/// A measurement request that cannot be answered, with the offending value.
public enum TextMeasureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The max layout width is ≤ 0, NaN or infinite.
    case invalidWidth(Double)
    /// The font size is ≤ 0, NaN or infinite.
    case invalidFontSize(Double)
    /// The display scale is ≤ 0, NaN or infinite.
    case invalidScale(Double)
    /// The line spacing is negative, NaN or infinite.
    case invalidLineSpacing(Double)
    /// The line height multiple is ≤ 0, NaN or infinite.
    case invalidLineHeightMultiple(Double)
    /// `numberOfLines` is negative.
    case invalidNumberOfLines(Int)

    public var description: String {
        switch self {
        case .invalidWidth(let w): "invalid width \(w): a max layout width must be a finite number greater than 0"
        case .invalidFontSize(let s): "invalid font size \(s): it must be a finite number of points greater than 0 and at most \(Int(TextStyle.maximumFontSize))"
        case .invalidScale(let s): "invalid display scale \(s): it must be a finite number greater than 0"
        case .invalidLineSpacing(let s): "invalid line spacing \(s): it must be a finite number of points, 0 or more"
        case .invalidLineHeightMultiple(let m): "invalid line height multiple \(m): it must be a finite number greater than 0"
        case .invalidNumberOfLines(let n): "invalid number of lines \(n): use 0 for unlimited or a positive count"
        }
    }
}
