extension FontChain {
    /// The index of the chain's emoji font, which emoji presentations take (`Itemizer`,
    /// `coverage(ofCluster:)`): the first font with colour glyphs (CBDT, sbix, COLR or SVG). It is
    /// what fontconfig returns for the family "emoji" that Pango asks for in emoji runs when the
    /// chain's fonts are all the fonts there are (Debian's 45-generic.conf and 60-generic.conf
    /// prefer the colour emoji families, then colour). `nil` when no font has colour glyphs:
    /// emoji runs then choose fonts as text runs do.
    ///
    /// - Complexity: O(fonts).
    var emojiFontIndex: Int? {
        fonts.firstIndex { !$0.colorTables.isEmpty }
    }
}
