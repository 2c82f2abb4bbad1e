extension TextMeasurer {
    /// With `TextStyle.systemFallback`, for a text that holds characters no font of the chain
    /// has: a measurer whose chain has the system fonts fontconfig prefers for them appended
    /// (`FontChain.withSystemFallback(for:)`); `nil` when the style does not fall back or
    /// fontconfig has none of them.
    ///
    /// - Complexity: O(n) in the text's length, plus fontconfig's lookups the first time a
    ///   character or a combination of fonts is seen.
    func systemFallbackMeasurer(for bytes: UnsafeBufferPointer<UInt8>) -> TextMeasurer? {
        guard style.systemFallback else { return nil }
        var scalars = Set<Unicode.Scalar>()
        var i = 0
        while i < bytes.count {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if tables.lookup(value).glyph == 0, let scalar = Unicode.Scalar(value), ClusterCoverage.needsGlyph(scalar) {
                scalars.insert(scalar)
            }
            i += length
        }
        guard let chain = style.fontChain.withSystemFallback(for: scalars) else { return nil }
        var extended = style
        extended.fontChain = chain
        extended.systemFallback = false
        return try? TextMeasurer(style: extended)
    }
}
