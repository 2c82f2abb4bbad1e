/// What Pango 1.50's markup tags and `<span>` attributes mean (`pango-markup.c`): the ones
/// that change metrics become run attributes, the ones that only paint (`<u>`, `<s>`, colours)
/// are checked as Pango checks them and ignored, and the ones that change metrics in ways
/// RowHeight does not reproduce are refused as `unsupported`.
extension MarkupParser {
    typealias Attribute = (name: String, value: String, offset: Int)

    /// Opens tag `name` (its `<` at `offset`).
    mutating func open(_ name: String, attributes: [Attribute], at offset: Int) throws(MarkupError) {
        var state = stack[stack.count - 1].state.child
        var added: [MarkupFontState.Attribute] = []
        switch name {
        case "b":
            try noAttributes(name, attributes)
            added.append(.weight(700))
        case "big":
            try noAttributes(name, attributes)
            state.changeLevel(by: 1)
        case "i":
            try noAttributes(name, attributes)
            added.append(.style(2))
        case "small":
            try noAttributes(name, attributes)
            state.changeLevel(by: -1)
        case "tt":
            try noAttributes(name, attributes)
            added.append(.family("Monospace"))
        case "markup", "s", "u":
            try noAttributes(name, attributes)
        case "sub", "sup":
            try noAttributes(name, attributes)
            throw MarkupError(.unsupported("<\(name)> (Pango shifts the baseline and scales the font)"), at: offset)
        case "span":
            added = try span(attributes, state: &state, at: offset)
        default:
            throw MarkupError(.unknownTag(name), at: offset)
        }
        state.apply(added)
        let attributes = state.attributes
        let size = attributes.fontSize ?? 1
        let measurable = size > 0 && size.isFinite && attributes.fontScale > 0 && attributes.fontScale.isFinite
        stack.append(
            OpenTag(name: name, offset: offset, state: state, attributes: attributes, hasMeasurableSize: measurable))
    }

    private func noAttributes(_ tag: String, _ attributes: [Attribute]) throws(MarkupError) {
        if let first = attributes.first {
            throw MarkupError(.unknownAttribute(tag: tag, attribute: first.name), at: first.offset)
        }
    }

    /// `<span>`'s attribute names (`-` and `_` alike), each to the one attribute it sets
    /// (`span_parse_func`).
    private static let spanAttributeNames: [String: String] = [
        "allow_breaks": "allow_breaks", "alpha": "alpha", "fgalpha": "alpha",
        "background": "background", "bgcolor": "background", "background_alpha": "background_alpha",
        "bgalpha": "background_alpha", "baseline_shift": "baseline_shift",
        "color": "foreground", "foreground": "foreground", "fgcolor": "foreground",
        "fallback": "fallback", "font": "font_desc", "font_desc": "font_desc",
        "face": "family", "font_family": "family", "size": "size", "font_size": "size",
        "stretch": "stretch", "font_stretch": "stretch", "style": "style", "font_style": "style",
        "variant": "variant", "font_variant": "variant", "weight": "weight", "font_weight": "weight",
        "font_scale": "font_scale", "font_features": "font_features", "show": "show",
        "strikethrough": "strikethrough", "strikethrough_color": "strikethrough_color",
        "segment": "segment", "text_transform": "text_transform", "gravity": "gravity",
        "gravity_hint": "gravity_hint", "insert_hyphens": "insert_hyphens", "lang": "lang",
        "letter_spacing": "letter_spacing", "line_height": "line_height", "overline": "overline",
        "overline_color": "overline_color", "underline": "underline", "underline_color": "underline_color",
        "rise": "rise",
    ]

    /// `<span>`: its attributes in Pango's order of evaluation; the first bad one is the error.
    private func span(
        _ attributes: [Attribute], state: inout MarkupFontState, at offset: Int
    ) throws(MarkupError) -> [MarkupFontState.Attribute] {
        var given: [String: Attribute] = [:]
        for attribute in attributes {
            let key = String(attribute.name.map { $0 == "-" ? "_" : $0 })
            guard let canonical = Self.spanAttributeNames[key] else {
                throw MarkupError(.unknownAttribute(tag: "span", attribute: attribute.name), at: attribute.offset)
            }
            guard given[canonical] == nil else {
                throw MarkupError(.duplicateAttribute(attribute.name), at: attribute.offset)
            }
            given[canonical] = attribute
        }
        var added: [MarkupFontState.Attribute] = []

        func invalid(_ attribute: Attribute, _ expected: String) -> MarkupError {
            MarkupError(
                .invalidValue(attribute: attribute.name, value: attribute.value, expected: expected), at: attribute.offset)
        }
        func unsupported(_ attribute: Attribute, _ why: String) -> MarkupError {
            MarkupError(.unsupported("\(attribute.name)=\"\(attribute.value)\" (\(why))"), at: attribute.offset)
        }

        if let desc = given["font_desc"] {
            // As Pango: the description's attribute, then its size (0 if it has none) as the
            // tag's absolute size for relative sizes inside.
            let description = MarkupFontDescription(desc.value)
            if description.hasVariations { throw unsupported(desc, "font variations") }
            if description.variant != 0 { throw unsupported(desc, "Pango emulates small caps with smaller glyphs") }
            if description.stretch != 4 { throw unsupported(desc, "faces are chosen by weight and style only") }
            if description.gravity != 0 { throw unsupported(desc, "vertical text") }
            if description.style > 2 { throw unsupported(desc, "not a Pango style") }
            if let family = description.family { added.append(.family(family)) }
            added.append(.weight(description.weight))
            added.append(.style(description.style))
            if let units = description.sizeUnits { added.append(.size(units)) }
            state.setAbsoluteSize(description.sizeUnits ?? 0)
        }
        if let family = given["family"] {
            added.append(.family(family.value))
        }
        if let size = given["size"] {
            let levels = ["xx-small": -3, "x-small": -2, "small": -1, "medium": 0, "large": 1, "x-large": 2, "xx-large": 3]
            if let units = MarkupValue.length(size.value), units > 0 {
                added.append(.size(units))
                state.setAbsoluteSize(units)
            } else if size.value == "smaller" {
                state.changeLevel(by: -1)
            } else if size.value == "larger" {
                state.changeLevel(by: 1)
            } else if let level = levels[size.value] {
                let factor = MarkupFontState.scaleFactor(level: level, base: 1)
                added.append(.scale(factor))
                state.setAbsoluteScale(factor)
            } else if let percent = MarkupValue.percentage(size.value) {
                added.append(.scale(percent / 100))
                state.setAbsoluteScale(percent / 100)
            } else {
                throw invalid(
                    size, "Pango units greater than 0, points ('12.5pt'), a percentage, 'xx-small'…'xx-large', 'smaller' or 'larger'")
            }
        }
        if let style = given["style"] {
            guard let value = MarkupValue.style(style.value) else { throw invalid(style, "'normal', 'oblique' or 'italic'") }
            guard value <= 2 else { throw unsupported(style, "not a Pango style") }
            added.append(.style(value))
        }
        if let weight = given["weight"] {
            guard let value = MarkupValue.weight(weight.value) else {
                throw invalid(weight, "a weight name such as 'light' or 'ultrabold', or a number")
            }
            added.append(.weight(value))
        }
        if let variant = given["variant"] {
            guard let value = MarkupValue.variant(variant.value) else {
                throw invalid(variant, "'normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase' or 'title-caps'")
            }
            if value != 0 { throw unsupported(variant, "Pango emulates small caps with smaller glyphs") }
        }
        if let stretch = given["stretch"] {
            guard let value = MarkupValue.stretch(stretch.value) else {
                throw invalid(stretch, "a stretch such as 'condensed', 'normal' or 'ultraexpanded'")
            }
            if value != 4 { throw unsupported(stretch, "faces are chosen by weight and style only") }
        }
        for key in ["foreground", "background"] {
            if let color = given[key], !MarkupValue.isColor(color.value) { throw invalid(color, "a colour") }
        }
        for key in ["alpha", "background_alpha"] {
            if let alpha = given[key], !MarkupValue.isAlpha(alpha.value) {
                throw invalid(alpha, "an integer from 1 to 65535 or a percentage")
            }
        }
        if let underline = given["underline"],
            MarkupValue.enumeration(
                underline.value, nicks: ["none", "single", "double", "low", "error", "single-line", "double-line", "error-line"])
                == nil
        {
            throw invalid(underline, "none, single, double, low, error, single-line, double-line or error-line")
        }
        if let color = given["underline_color"], !MarkupValue.isColor(color.value) { throw invalid(color, "a colour") }
        if let overline = given["overline"], MarkupValue.enumeration(overline.value, nicks: ["none", "single"]) == nil {
            throw invalid(overline, "none or single")
        }
        if let color = given["overline_color"], !MarkupValue.isColor(color.value) { throw invalid(color, "a colour") }
        if let gravity = given["gravity"] {
            let value = MarkupValue.enumeration(gravity.value, nicks: ["south", "east", "north", "west", "auto"])
            guard let value, value != 4 else { throw invalid(gravity, "south, east, north or west") }
            if value != 0 { throw unsupported(gravity, "vertical text") }
        }
        if let hint = given["gravity_hint"],
            MarkupValue.enumeration(hint.value, nicks: ["natural", "strong", "line"]) == nil
        {
            throw invalid(hint, "natural, strong or line")
        }
        if let strikethrough = given["strikethrough"], MarkupValue.boolean(strikethrough.value) == nil {
            throw invalid(strikethrough, "true/yes/t/y or false/no/f/n")
        }
        if let color = given["strikethrough_color"], !MarkupValue.isColor(color.value) { throw invalid(color, "a colour") }
        if let fallback = given["fallback"] {
            guard let value = MarkupValue.boolean(fallback.value) else {
                throw invalid(fallback, "true/yes/t/y or false/no/f/n")
            }
            if !value { throw unsupported(fallback, "font fallback is always on") }
        }
        if let show = given["show"] {
            guard let value = MarkupValue.showFlags(show.value) else {
                throw invalid(show, "none, spaces, line-breaks, ignorables or a combination with |")
            }
            if value != 0 { throw unsupported(show, "Pango draws invisible characters as boxes") }
        }
        if let transform = given["text_transform"] {
            let value = MarkupValue.enumeration(transform.value, nicks: ["none", "lowercase", "uppercase", "capitalize"])
            guard let value else { throw invalid(transform, "none, lowercase, uppercase or capitalize") }
            if value != 0 { throw unsupported(transform, "text is measured as given") }
        }
        if let rise = given["rise"] {
            guard let value = MarkupValue.length(rise.value) else {
                throw invalid(rise, "Pango units or points ('5.5pt')")
            }
            if value != 0 { throw unsupported(rise, "a raised or lowered baseline changes the line's extents") }
        }
        if let shift = given["baseline_shift"] {
            if let value = MarkupValue.enumeration(shift.value, nicks: ["none", "superscript", "subscript"]) {
                if value != 0 { throw unsupported(shift, "a shifted baseline changes the line's extents") }
            } else if let value = MarkupValue.length(shift.value), value > 1024 || value < -1024 {
                throw unsupported(shift, "a shifted baseline changes the line's extents")
            } else {
                throw invalid(shift, "superscript, subscript, an integer or points ('5.5pt')")
            }
        }
        if let scale = given["font_scale"] {
            let value = MarkupValue.enumeration(scale.value, nicks: ["none", "superscript", "subscript", "small-caps"])
            guard let value else { throw invalid(scale, "none, superscript, subscript or small-caps") }
            if value != 0 { throw unsupported(scale, "Pango scales the font by its own rules") }
        }
        if let spacing = given["letter_spacing"] {
            guard let value = MarkupValue.integer(spacing.value) else { throw invalid(spacing, "an integer (Pango units)") }
            added.append(.letterSpacing(value))
        }
        if let lineHeight = given["line_height"] {
            guard MarkupValue.float(lineHeight.value) != nil else { throw invalid(lineHeight, "a number") }
            throw unsupported(lineHeight, "line heights come from the style")
        }
        if let features = given["font_features"], !features.value.isEmpty {
            throw unsupported(features, "shaping uses each script's default features")
        }
        if let breaks = given["allow_breaks"] {
            guard let value = MarkupValue.boolean(breaks.value) else { throw invalid(breaks, "true/yes/t/y or false/no/f/n") }
            if !value { throw unsupported(breaks, "line breaks cannot be turned off") }
        }
        if let hyphens = given["insert_hyphens"] {
            guard let value = MarkupValue.boolean(hyphens.value) else { throw invalid(hyphens, "true/yes/t/y or false/no/f/n") }
            if value { throw unsupported(hyphens, "hyphens are never inserted") }
        }
        if let segment = given["segment"] {
            guard segment.value == "word" || segment.value == "sentence" else { throw invalid(segment, "word or sentence") }
            throw unsupported(segment, "breaks follow UAX #14")
        }
        _ = offset
        return added
    }
}
