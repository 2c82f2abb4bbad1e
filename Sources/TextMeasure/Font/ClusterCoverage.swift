/// Which font of a chain draws one grapheme cluster, and which of its characters no font has.
public struct ClusterCoverage: Sendable, Equatable {
    /// The cluster's scalars.
    public let scalars: [Unicode.Scalar]
    /// Index in the chain's `fonts` of the first font that has every scalar of the cluster that
    /// needs a glyph (default-ignorable scalars such as ZWJ and variation selectors do not);
    /// `nil` when no single font has them all.
    public let fontIndex: Int?
    /// For each scalar, the index of the first font that has it, `nil` where no font has it.
    public let scalarFonts: [Int?]
    /// Whether the cluster is an emoji presentation (an emoji run of Pango's emoji iterator: 😀,
    /// ☺️, 1️⃣, 👍🏽, 🇫🇷…), which takes the chain's emoji font — its first colour font — when that
    /// font has it (`fontIndex`), even if an earlier font has its characters.
    public let isEmojiPresentation: Bool
    /// The scalars that need a glyph and that no font of the chain has: the cluster is drawn
    /// with the primary font's missing glyph (`.notdef`) for them.
    public var missing: [Unicode.Scalar] {
        zip(scalars, scalarFonts).compactMap { scalar, font in
            font == nil && ClusterCoverage.needsGlyph(scalar) ? scalar : nil
        }
    }

    /// Whether a scalar is drawn with a glyph, so that a chain without one for it misses it: not
    /// a default-ignorable scalar (see `isIgnorable`), a control character (tab, line breaks:
    /// laid out, not drawn) or a space separator (HarfBuzz draws those a font lacks with its
    /// space glyph, at the width the character calls for).
    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        guard !isIgnorable(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .control, .spaceSeparator, .surrogate, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    /// Whether a scalar may have no glyph without the cluster missing anything
    /// (Default_Ignorable_Code_Point: joiners, variation selectors, tags).
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }
}

extension FontChain {
    /// How the chain covers one grapheme cluster: the first font that has all of its characters
    /// (as DESIGN.md's itemization picks it; an emoji presentation takes the emoji font, see
    /// `isEmojiPresentation`), each character's own first font, and what no font has.
    ///
    /// - Complexity: O(scalars × fonts) glyph lookups.
    public func coverage(ofCluster scalars: some Sequence<Unicode.Scalar>) -> ClusterCoverage {
        let scalars = Array(scalars)
        let scalarFonts: [Int?] = scalars.map { scalar in fonts.firstIndex { $0.glyph(for: scalar) != 0 } }
        let needed = scalars.filter { !ClusterCoverage.isIgnorable($0) }
        var fontIndex = fonts.firstIndex { font in needed.allSatisfy { font.glyph(for: $0) != 0 } }
        let utf8 = Array(String(String.UnicodeScalarView(scalars)).utf8)
        var isEmoji = false
        utf8.withUnsafeBufferPointer { bytes in
            EmojiSegmenter.forEachRun(in: bytes, from: 0, to: bytes.count) { _, emoji in
                isEmoji = emoji
            }
        }
        if isEmoji, let emojiFont = emojiFontIndex,
           needed.allSatisfy({ fonts[emojiFont].glyph(for: $0) != 0 })
        {
            fontIndex = emojiFont
        }
        return ClusterCoverage(
            scalars: scalars, fontIndex: needed.isEmpty ? (scalarFonts.compactMap { $0 }.first ?? 0) : fontIndex,
            scalarFonts: scalarFonts, isEmojiPresentation: isEmoji)
    }
}
