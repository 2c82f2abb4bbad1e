extension TextMeasurer {
    /// The measurer that measures `text`: with `TextStyle.systemFallback`, for a text holding
    /// characters no font of the chain has, one whose chain has the system fonts found for them
    /// appended (its style's `systemFallback` off); else this one. For drawing a text with the
    /// fonts its measurement used.
    ///
    /// - Complexity: O(n) in the text's length (see `systemFallbackMeasurer(for:)`).
    public func resolvingSystemFallback(for text: String) -> TextMeasurer {
        guard style.systemFallback else { return self }
        var text = text
        return text.withUTF8 { bytes in
            let missing = TextWalker(tables: tables, bytes: bytes).missingClusters(from: 0)
            return missing.clusters > 0 ? systemFallbackMeasurer(for: bytes) ?? self : self
        }
    }

    /// With `TextStyle.systemFallback`, for a text that holds characters no font of the chain
    /// has: a measurer whose chain has the system fonts fontconfig prefers for them appended
    /// (`FontChain.withSystemFallback(for:)`); `nil` when the style does not fall back or
    /// fontconfig has none of them.
    ///
    /// - Complexity: O(n) in the text's length, plus fontconfig's lookups the first time a
    ///   character or a combination of fonts is seen.
    func systemFallbackMeasurer(for bytes: UnsafeBufferPointer<UInt8>) -> TextMeasurer? {
        guard style.systemFallback else { return nil }
        tables.fillEntries(coveringScalarsOf: bytes)
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
