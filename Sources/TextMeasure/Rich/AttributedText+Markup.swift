extension AttributedText {
    /// Text parsed from Pango markup, exactly as Pango 1.50's `pango_parse_markup` reads what
    /// changes metrics: `<b>`, `<i>`, `<big>` and `<small>` (size × or ÷ 1.2, nesting
    /// multiplies), `<tt>` (family "Monospace"), and `<span>` with `font_family`/`face`, `size`
    /// (Pango units, `12.5pt`, `xx-small`…`xx-large`, `smaller`, `larger`, `150%`), `weight`
    /// (names and numbers), `style`, `letter_spacing` (Pango units, 1/1024 pt) and `font`/`font_desc`
    /// (a font description: families, style words, size). Tags and
    /// attributes that only paint (`<u>`, `<s>`, colours, underline…) are checked and ignored.
    /// Entities `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, `&#N;` and `&#xN;` are replaced.
    ///
    /// - Throws: `MarkupError`, naming the problem and its UTF-8 offset, where Pango refuses
    ///   the markup (unknown tags or attributes, unclosed or mismatched tags, bad values or
    ///   entities), and for what Pango accepts but RowHeight does not measure as Pango does
    ///   (`<sub>`, `<sup>`, `rise`, `baseline_shift`, `line_height`, small caps, a font size of 0…).
    /// - Complexity: O(n) for n UTF-8 bytes of markup, plus, for each relative size, one step per
    ///   open `<big>`/`<small>` level (Pango's `scale_factor`).
    public init(markup: String) throws(MarkupError) {
        var parser = MarkupParser(markup)
        self = try parser.parse()
    }
}
