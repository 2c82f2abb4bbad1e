import TextMeasure

/// What `rowheight fonts` prints: each grapheme cluster's font and why, each font's metrics at
/// a size, and the characters no font has.
struct FontsReport {
    /// One grapheme cluster and how the chain covers it.
    struct Cluster {
        var text: String
        var coverage: ClusterCoverage
    }

    let chain: FontChain
    let size: Double
    let profile: LayoutProfile
    let clusters: [Cluster]
    /// With `systemFallback`: for each missing scalar, the system font fontconfig would draw it
    /// with (`nil`: no installed font has it); else empty.
    let systemFonts: [(scalar: Unicode.Scalar, font: Font?)]

    /// The report for `text` drawn with `chain` at `size` points; `systemFallback` also asks
    /// fontconfig which installed font covers each missing character.
    init(text: String, chain: FontChain, size: Double, profile: LayoutProfile, systemFallback: Bool = false) {
        self.chain = chain
        self.size = size
        self.profile = profile
        let clusters = text.map { Cluster(text: String($0), coverage: chain.coverage(ofCluster: $0.unicodeScalars)) }
        self.clusters = clusters
        systemFonts = systemFallback
            ? FontsReport.missing(in: clusters).map { ($0, FontChain.systemFallbackFont(for: $0)) } : []
    }

    /// The scalars no font has, each once, in order of appearance.
    var missing: [Unicode.Scalar] { FontsReport.missing(in: clusters) }

    private static func missing(in clusters: [Cluster]) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        return clusters.flatMap(\.coverage.missing).filter { seen.insert($0.value).inserted }
    }

    /// `U+XXXX` (at least four hex digits).
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Why a cluster comes from its font, in words.
    func reason(_ coverage: ClusterCoverage) -> String {
        let codes = { (scalars: [Unicode.Scalar]) in scalars.map(FontsReport.codePoint).joined(separator: " ") }
        if !coverage.missing.isEmpty {
            return "missing: no font has \(codes(coverage.missing)); drawn as \(chain.fonts[0].familyName)'s missing glyph"
        }
        guard let index = coverage.fontIndex else {
            let fonts = Set(coverage.scalarFonts.compactMap { $0 }).sorted().map(String.init).joined(separator: ", ")
            return "no single font has all of its characters; they come from fonts \(fonts)"
        }
        if coverage.isEmojiPresentation && !chain.fonts[index].colorTables.isEmpty {
            return "emoji presentation: the chain's emoji font (its first colour font)"
        }
        if index == 0 { return "the primary font has it" }
        let earlier = chain.fonts[..<index].map(\.familyName).joined(separator: ", ")
        return "first font that has it (\(earlier) \(index == 1 ? "does" : "do") not)"
    }

    /// The font's line height at `size` by the profile's rule.
    func lineHeight(_ metrics: FontMetrics) -> Double {
        metrics.ascender - metrics.descender + (profile == .pango ? 0 : metrics.lineGap)
    }

    /// The readable report.
    var text: String {
        var lines = ["characters:"]
        for cluster in clusters {
            let codes = cluster.coverage.scalars.map(FontsReport.codePoint).joined(separator: " ")
            let font = cluster.coverage.fontIndex.map { "font \($0)" } ?? "—"
            lines.append("  \(FontsReport.printable(cluster.text))  \(codes)  \(font): \(reason(cluster.coverage))")
        }
        lines.append("")
        lines.append("fonts (fallback order), metrics at \(FontsReport.number(size)) pt, \(profile.rawValue) line height:")
        for (index, family) in chain.families.enumerated() {
            let font = chain.fonts[index]
            let metrics = font.metrics(size: size)
            var about = "\(font.familyName) \(font.styleName), weight \(font.weight)\(font.isItalic ? ", italic" : "")"
            if !font.colorTables.isEmpty {
                about += ", colour \(font.colorTables.map { $0.trimmingSpaces }.joined(separator: "/"))"
                    + (font.hasOutlines ? "" : ", no outlines")
            }
            lines.append("  \(index)  \(FontsReport.source(font)): \(about)")
            lines.append(
                "     ascender \(FontsReport.number(metrics.ascender)), descender \(FontsReport.number(metrics.descender)), "
                    + "line gap \(FontsReport.number(metrics.lineGap)), line height \(FontsReport.number(lineHeight(metrics))); "
                    + "\(font.unitsPerEm) units per em")
            if family.faces.count > 1 {
                let faces = family.faces.map { "\(FontsReport.source($0)) (\($0.weight)\($0.isItalic ? " italic" : ""))" }
                lines.append("     family \(family.name), \(family.faces.count) faces: \(faces.joined(separator: ", "))")
            }
        }
        lines.append("")
        let missing = missing
        lines.append(missing.isEmpty ? "missing: none" : "missing: " + missing.map(FontsReport.codePoint).joined(separator: " "))
        for (scalar, font) in systemFonts {
            lines.append("  \(FontsReport.codePoint(scalar)): "
                + (font.map { "system fallback: \(FontsReport.source($0)) (\($0.familyName))" } ?? "no installed font has it"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object and a newline.
    func appendJSON(to out: inout OutputBuffer) {
        out.append("{\"size\":")
        out.append(size)
        out.append(",\"clusters\":")
        FontsReport.appendArray(clusters, to: &out) { cluster, out in
            out.append("{\"text\":")
            out.appendJSONString(cluster.text)
            out.append(",\"scalars\":")
            FontsReport.appendCodePoints(cluster.coverage.scalars, to: &out)
            out.append(",\"font\":")
            FontsReport.appendIndex(cluster.coverage.fontIndex, to: &out)
            out.append(",\"scalarFonts\":")
            FontsReport.appendArray(cluster.coverage.scalarFonts, to: &out, FontsReport.appendIndex)
            out.append(",\"missing\":")
            FontsReport.appendCodePoints(cluster.coverage.missing, to: &out)
            out.append(",\"reason\":")
            out.appendJSONString(reason(cluster.coverage))
            out.append("}")
        }
        out.append(",\"fonts\":")
        FontsReport.appendArray(Array(zip(chain.families, chain.fonts)), to: &out) { pair, out in
            let (family, font) = pair
            let metrics = font.metrics(size: size)
            FontsReport.appendFace(font, to: &out)
            out.append(",\"family\":")
            out.appendJSONString(family.name)
            out.append(",\"style\":")
            out.appendJSONString(font.styleName)
            out.append(font.hasOutlines ? ",\"outlines\":true" : ",\"outlines\":false")
            out.append(",\"colorTables\":")
            FontsReport.appendArray(font.colorTables, to: &out) { tag, out in out.appendJSONString(tag.trimmingSpaces) }
            out.append(",\"unitsPerEm\":")
            out.append(font.unitsPerEm)
            for (name, value) in [("ascender", metrics.ascender), ("descender", metrics.descender),
                                  ("lineGap", metrics.lineGap), ("lineHeight", lineHeight(metrics))] {
                out.append(",\"\(name)\":")
                out.append(value)
            }
            out.append(",\"faces\":")
            FontsReport.appendArray(family.faces, to: &out) { face, out in
                FontsReport.appendFace(face, to: &out)
                out.append("}")
            }
            out.append("}")
        }
        out.append(",\"missing\":")
        FontsReport.appendCodePoints(missing, to: &out)
        if !systemFonts.isEmpty {
            out.append(",\"systemFallback\":")
            FontsReport.appendArray(systemFonts, to: &out) { entry, out in
                if let font = entry.font {
                    FontsReport.appendFace(font, to: &out)
                    out.append(",\"family\":")
                    out.appendJSONString(font.familyName)
                } else {
                    out.append("{\"path\":null")
                }
                out.append(",\"scalar\":")
                out.appendJSONString(FontsReport.codePoint(entry.scalar))
                out.append("}")
            }
        }
        out.append("}\n")
    }

    /// `[e0,e1,…]`, each element written by `element`.
    private static func appendArray<Element>(
        _ elements: [Element], to out: inout OutputBuffer, _ element: (Element, inout OutputBuffer) -> Void
    ) {
        out.append("[")
        for (i, value) in elements.enumerated() {
            if i > 0 { out.append(",") }
            element(value, &out)
        }
        out.append("]")
    }

    /// `{"path":…,"faceIndex":…,"weight":…,"italic":…` (the object left open).
    private static func appendFace(_ font: Font, to out: inout OutputBuffer) {
        out.append("{\"path\":")
        out.appendJSONString(font.path)
        out.append(",\"faceIndex\":")
        out.append(font.faceIndex)
        out.append(",\"weight\":")
        out.append(font.weight)
        out.append(font.isItalic ? ",\"italic\":true" : ",\"italic\":false")
    }

    private static func appendIndex(_ index: Int?, to out: inout OutputBuffer) {
        if let index { out.append(index) } else { out.append("null") }
    }

    private static func appendCodePoints(_ scalars: [Unicode.Scalar], to out: inout OutputBuffer) {
        appendArray(scalars, to: &out) { scalar, out in out.appendJSONString(codePoint(scalar)) }
    }

    /// `PATH` or `PATH#INDEX`.
    static func source(_ font: Font) -> String {
        FontSource.file(path: font.path, faceIndex: font.faceIndex).description
    }

    /// A cluster as it can be shown on a terminal: controls and other invisible characters as
    /// `⟨U+XXXX⟩`, a space as `·`.
    static func printable(_ cluster: String) -> String {
        if cluster == " " { return "·" }
        let visible = cluster.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .spaceSeparator,
                .surrogate:
                false
            default: !scalar.properties.isDefaultIgnorableCodePoint
            }
        }
        return visible ? cluster : cluster.unicodeScalars.map { "⟨\(codePoint($0))⟩" }.joined()
    }

    /// A number rounded to two decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        var out = OutputBuffer()
        out.append((value * 100).rounded() / 100)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension String {
    /// The string without trailing spaces (OpenType tags such as `SVG ` are padded).
    fileprivate var trimmingSpaces: String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
