import CHarfBuzz
import LineBreak
import Synchronization
import Testing
@testable import TextMeasure

/// `StyleTables` builds its per-code-point entries in one pass from the chain's resolve table
/// and `ScalarBreakProperties.basicMultilingualPlane()`. These tests rebuild every entry the
/// plain way — asking the fonts in turn (`FontChain.search`) and line breaking one scalar at a
/// time — and require bit-identical tables, for both profiles, several chains and sizes.
@Suite("StyleTables construction")
struct StyleTablesConstructionTests {
    /// The entry of one BMP code point, worked out on its own from the rules `StyleTables`
    /// documents (the construction before the one-pass build).
    ///
    /// - Parameter unknownWidth: `.pango`: the primary font's approximate character width.
    static func referenceEntry(
        _ codePoint: Int, fonts: [Font], size: Double, profile: LayoutProfile, unknownWidth: Double,
        asciiFastPath: Bool
    ) -> StyleTables.Entry {
        let xScale = Int64((size * 1024).rounded())
        let multipliers = fonts.map { (xScale << 16) / Int64($0.unitsPerEm) }
        let ligatureFonts = fonts.map { !$0.ligatureTable.isEmpty }
        guard let scalar = Unicode.Scalar(UInt32(codePoint)) else {
            let startsLigature = ligatureFonts[0] && fonts[0].ligatureTable.startsLigature(0)
            return StyleTables.Entry(advance: 0, glyph: 0, font: 0, flags: startsLigature ? 1 : 0)
        }
        let resolved = FontChain.search(fonts, for: scalar)
        var advance = 0.0
        if StyleTables.isZeroWidth(scalar) {
            advance = 0
        } else if resolved.glyph == 0 && profile == .pango {
            advance = StyleTables.harfBuzzFallbackSpace(
                scalar, font: fonts[0], xScale: xScale, multiplier: multipliers[0]) ?? unknownWidth
        } else if profile == .pango {
            advance = Double(StyleTables.pangoScale(Int64(resolved.advance), multipliers[resolved.fontIndex]))
        } else {
            advance = Double(resolved.advance) * size / Double(fonts[resolved.fontIndex].unitsPerEm)
        }
        let font = Int(UInt8(truncatingIfNeeded: resolved.fontIndex))
        let startsLigature = ligatureFonts[font] && fonts[font].ligatureTable.startsLigature(resolved.glyph)
        // Some ligature of its font goes on with its glyph after the first glyph.
        let continuing = ligatureFonts[font] && advance != 0
            && firstComponents(of: fonts[font]).contains(resolved.glyph)
        let extender = StyleTables.isExtender(scalar)
        var flags: UInt8 = (startsLigature ? 1 : 0) | (extender ? 2 : 0)
        let shaped = codePoint >= 0x300 && StyleTables.needsShaping(scalar.value, unicode: hb_unicode_funcs_get_default())
        if shaped { flags |= StyleTables.Entry.shaped }
        // No font has it, and it is drawn with a glyph: missing (never on a fast path).
        let missing = resolved.glyph == 0 && ClusterCoverage.needsGlyph(scalar)
        if missing { flags |= StyleTables.Entry.missing }
        if continuing { flags |= StyleTables.Entry.continuing }
        // No script of its own (UAX #24 Common, Inherited, Unknown): it continues the run it is in.
        switch hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value) {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN: flags |= StyleTables.Entry.scriptless
        default: break
        }
        var runFlags: UInt8 = 0
        if asciiFastPath, codePoint >= 0x800, !continuing, !extender, !shaped, !missing, advance != 0 {
            if LineSegmentIterator.continuesIdeographicRun(scalar) {
                flags |= StyleTables.Entry.ideographic
                // A lead of common pieces: its font has no pair kerning (GPOS or `kern`), in a
                // style of at most 32 fonts.
                if fonts.count <= 32 && !fonts[font].hasGPOSKerning && !fonts[font].hasKerning {
                    runFlags |= StyleTables.Entry.commonIdeograph
                }
            }
            if LineSegmentIterator.closesIdeograph(scalar) { flags |= StyleTables.Entry.closing }
            if LineSegmentIterator.closesClosedIdeograph(scalar) { runFlags |= StyleTables.Entry.closingAgain }
            if LineSegmentIterator.opensIdeograph(scalar) { runFlags |= StyleTables.Entry.opening }
            if LineSegmentIterator.closesIdeograph(scalar), LineSegmentIterator.ideographicRunGoesOnAfterASCIIWords(closedBy: scalar) {
                runFlags |= StyleTables.Entry.closingBeforeWords
            }
        }
        // The space and U+3000, white space an ideographic run goes on after.
        if asciiFastPath, codePoint == 0x20 || codePoint == 0x3000, LineSegmentIterator.isIdeographicRunWhitespace(scalar) {
            runFlags |= StyleTables.Entry.runWhitespace
        }
        return StyleTables.Entry(
            advance: advance, glyph: resolved.glyph, font: UInt8(font), flags: flags, runFlags: runFlags)
    }

    /// The glyphs that follow the first glyph of some standard ligature of `font` (a set per
    /// font, made once: the reference asks for every code point).
    static func firstComponents(of font: Font) -> Set<GlyphID> {
        let key = ObjectIdentifier(font)
        if let known = firstComponentsCache.withLock({ $0[key] }) { return known }
        var components = Set<GlyphID>()
        for glyph in 0..<font.glyphCount {
            for ligature in font.ligatureTable.ligatures(startingWith: GlyphID(glyph)) {
                components.insert(ligature.components[0])
            }
        }
        firstComponentsCache.withLock { $0[key] = components }
        return components
    }

    private static let firstComponentsCache = Mutex<[ObjectIdentifier: Set<GlyphID>]>([:])

    /// The `StyleTables.commonFonts(of:)` byte of a code point whose entry is `entry` (as
    /// `referenceEntry` works it out) in a style of `fonts`: its font where it is a common
    /// ideograph; its font with `commonClosing` where it closes an ideograph, is not one, and its
    /// font has no pair kerning in a style of at most 32 fonts; else `notCommon`.
    static func referenceCommonFont(_ entry: StyleTables.Entry, fonts: [Font]) -> UInt8 {
        if entry.isCommonIdeograph { return entry.font }
        let font = fonts[Int(entry.font)]
        if entry.closesIdeograph, !entry.isIdeographic, fonts.count <= 32, !font.hasGPOSKerning, !font.hasKerning {
            return entry.font | StyleTables.commonClosing
        }
        return StyleTables.notCommon
    }

    /// Code points whose entry differs from `referenceEntry` (advances compared bit for bit),
    /// and how many entries have each flag bit set (and, last, how many are `isCommonIdeograph`,
    /// then how many are common closing scalars in `StyleTables.commonFonts(of:)`).
    static func compare(_ chain: FontChain, size: Double, profile: LayoutProfile, asciiFastPath: Bool)
        -> (mismatches: [Int], flagCounts: [Int])
    {
        let tables = StyleTables(chain: chain, size: size, profile: profile, asciiFastPath: asciiFastPath)
        tables.fillAllEntries()
        let xScale = Int64((size * 1024).rounded())
        let unknownWidth = Double(StyleTables.pangoApproximateCharWidth(
            font: chain.fonts[0], multiplier: (xScale << 16) / Int64(chain.fonts[0].unitsPerEm),
            useGPOS: chain.fonts[0].hasGPOSKerning))
        var mismatches: [Int] = []
        var flagCounts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        for codePoint in 0..<0x1_0000 {
            let built = tables.entries[codePoint]
            let expected = referenceEntry(
                codePoint, fonts: chain.fonts, size: size, profile: profile, unknownWidth: unknownWidth,
                asciiFastPath: asciiFastPath)
            if built.advance.bitPattern != expected.advance.bitPattern || built.glyph != expected.glyph
                || built.font != expected.font || built.flags != expected.flags
                || built.runFlags != expected.runFlags
                || StyleTables.commonFonts(of: tables.entries)[codePoint] != referenceCommonFont(expected, fonts: chain.fonts)
                || StyleTables.entryAdvance(of: codePoint, commonFonts: StyleTables.commonFonts(of: tables.entries))
                    .bitPattern != built.advance.bitPattern
            {
                mismatches.append(codePoint)
            }
            for bit in 0..<8 where built.flags & (1 << bit) != 0 { flagCounts[bit] += 1 }
            if built.isCommonIdeograph { flagCounts[8] += 1 }
            let common = StyleTables.commonFonts(of: tables.entries)[codePoint]
            if common != StyleTables.notCommon, common & StyleTables.commonClosing != 0 { flagCounts[9] += 1 }
        }
        return (mismatches, flagCounts)
    }

    @Test(
        "Every BMP entry equals the one worked out code point by code point",
        arguments: [LayoutProfile.uikit, .pango], [17.0, 13.5])
    func entriesMatchReference(profile: LayoutProfile, size: Double) throws {
        let bundled = try FontChain.bundled()
        let chains = [bundled, try FontChain(bundled.fonts.reversed()), try FontChain([bundled.fonts[0]])]
        for (c, chain) in chains.enumerated() {
            for asciiFastPath in [true, false] {
                let (mismatches, flagCounts) = Self.compare(
                    chain, size: size, profile: profile, asciiFastPath: asciiFastPath)
                #expect(mismatches.isEmpty, "chain \(c), fast path \(asciiFastPath): first mismatches \(mismatches.prefix(5))")
                // The flags the comparison covers are really set somewhere.
                #expect(flagCounts[1] > 1_000, "extenders, chain \(c)")
                #expect(flagCounts[4] > 5_000, "shaped, chain \(c)")
                // Unassigned code points and scripts none of the fonts has are missing.
                #expect(flagCounts[5] > 1_000, "missing, chain \(c)")
                // Punctuation, digits, symbols and marks have no script of their own.
                #expect(flagCounts[7] > 5_000, "without a script, chain \(c)")
                let built = StyleTables(chain: chain, size: size, profile: profile, asciiFastPath: asciiFastPath)
                built.fillAllEntries()
                #expect(built.entries[0x0378].isMissing && !built.entries[0x09].isMissing, "U+0378, tab")
                if asciiFastPath && c < 2 {
                    #expect(flagCounts[2] > 10_000 && flagCounts[3] > 10, "ideographic/closing, chain \(c)")
                    #expect(flagCounts[8] > 10_000, "common ideographs, chain \(c)")
                    #expect(flagCounts[9] > 10, "common closing scalars, chain \(c)")
                    let fullStop = built.entries[0x3002]  // 。
                    #expect(
                        StyleTables.commonFonts(of: built.entries)[0x3002] == fullStop.font | StyleTables.commonClosing,
                        "。, chain \(c)")
                    // IPAexGothic's か starts a ligature (with U+309A) and is ideographic: before
                    // a kanji no ligature forms.
                    #expect(built.entries[0x304B].flags & 1 != 0 && built.entries[0x304B].isIdeographic, "か, chain \(c)")
                    #expect(flagCounts[6] > 0, "ligature continuations, chain \(c)")
                }
            }
        }
    }

    @Test(
        "runWhitespaceAdvance: U+0020 and U+3000 in each font as measureWhitespace measures them, and the entries flagging them",
        arguments: [LayoutProfile.uikit, .pango])
    func runWhitespaceAdvances(profile: LayoutProfile) throws {
        let bundled = try FontChain.bundled()
        let noto = "/usr/share/fonts/truetype/noto/"
        let chains = [
            bundled, try FontChain(bundled.fonts.reversed()),
            try FontChain(paths: [noto + "NotoSans-Regular.ttf", noto + "NotoSansArabic-Regular.ttf"] + bundled.fonts.map(\.path)),
        ]
        for (c, chain) in chains.enumerated() {
            let tables = StyleTables(chain: chain, size: 17, profile: profile)
            // (`measureWhitespace` reads the entries, which a walk fills for its text first.)
            tables.fillAllEntries()
            for font in chain.fonts.indices {
                for (kind, value) in StyleTables.runWhitespaceScalars.enumerated() {
                    let bytes = Array(String(Unicode.Scalar(value)!).utf8)
                    var total = 0.0
                    var last = 0.0
                    bytes.withUnsafeBufferPointer {
                        tables.measureWhitespace($0, from: 0, to: $0.count, font: font, total: &total, last: &last)
                    }
                    let advance = tables.view.runWhitespaceAdvance(font: font, scalar: kind)
                    #expect(advance == total && advance > 0, "chain \(c), font \(font), U+\(String(value, radix: 16))")
                }
            }
            #expect(tables.entries[0x20].isIdeographicRunWhitespace && tables.entries[0x3000].isIdeographicRunWhitespace)
            #expect(!tables.entries[0x09].isIdeographicRunWhitespace && !tables.entries[0x2003].isIdeographicRunWhitespace)
        }
    }

    @Test("asciiLigatureStarts marks the ASCII letters asciiSimple leaves out only for a ligature (\"f\"), none without the fast path")
    func asciiLigatureStarts() throws {
        let chain = try FontChain.bundled()
        for profile in LayoutProfile.allCases {
            for fastPath in [true, false] {
                let tables = StyleTables(chain: chain, size: 17, profile: profile, asciiFastPath: fastPath)
                for b in 0..<256 {
                    var expected: UInt8 = 0
                    if fastPath && b < 128 {
                        let entry = tables.entries[b]
                        let drawn = entry.font == 0 && entry.glyph != 0 && entry.advance != 0
                        if drawn && entry.flags & 1 != 0 && !entry.isMissing { expected = 1 }
                    }
                    #expect(tables.asciiLigatureStarts[b] == expected, "\(profile) \(fastPath) byte \(b)")
                    #expect(tables.asciiLigatureStarts[b] == 0 || tables.asciiSimple[b] == 0)
                }
                #expect(tables.asciiLigatureStarts[Int(UInt8(ascii: "f"))] == (fastPath ? 1 : 0))
                #expect(tables.asciiLigatureStarts[Int(UInt8(ascii: "o"))] == 0)
            }
        }
    }

    @Test("asciiAdvances holds each ASCII entry's advance, bit for bit, before and after every entry is filled")
    func asciiAdvances() throws {
        let bundled = try FontChain.bundled()
        let dejaVu = try FontChain(paths: [try BundledFontPaths.dejaVuSans()])
        for chain in [bundled, dejaVu, try FontChain(bundled.fonts.reversed())] {
            for profile in LayoutProfile.allCases {
                for fastPath in [true, false] {
                    let tables = StyleTables(chain: chain, size: 17, profile: profile, asciiFastPath: fastPath)
                    let view = tables.view
                    for pass in 0..<2 {
                        for cp in 0..<128 {
                            #expect(
                                view.asciiAdvances[cp].bitPattern == tables.entries[cp].advance.bitPattern,
                                "\(profile) \(fastPath) pass \(pass) U+\(cp)")
                        }
                        tables.fillAllEntries()
                    }
                    #expect(view.asciiAdvances[Int(UInt8(ascii: "a"))] > 0)
                }
            }
        }
    }

    @Test("asciiKerningIndex marks every pair whose right byte asciiSimple leaves out, and gives every pair's asciiKerning bit for bit")
    func asciiKerningIndex() throws {
        let bundled = try FontChain.bundled()
        let dejaVu = try FontChain(paths: [try BundledFontPaths.dejaVuSans()])
        var kerned = 0
        for chain in [bundled, dejaVu] {
            for profile in LayoutProfile.allCases {
                for fastPath in [true, false] {
                    let tables = StyleTables(chain: chain, size: 17, profile: profile, asciiFastPath: fastPath)
                    let view = tables.view
                    for pair in 0..<(128 * 128) {
                        let index = tables.asciiKerningIndex[pair]
                        #expect(
                            (index == StyleTables.asciiKerningNotSimple) == (tables.asciiSimple[pair & 127] == 0),
                            "\(profile) \(fastPath) pair \(pair >> 7), \(pair & 127)")
                        #expect(
                            view.compactASCIIKerning(pair).bitPattern == tables.asciiKerning[pair].bitPattern,
                            "\(profile) \(fastPath) pair \(pair >> 7), \(pair & 127)")
                        if index != 0 && index != StyleTables.asciiKerningNotSimple { kerned += 1 }
                    }
                }
            }
        }
        // Pairs that kern are really among those compared ("AV", "To").
        #expect(kerned > 100)
    }

    @Test("Surrogate code points measure as nothing, and the chain's resolve table matches the search")
    func surrogatesAndResolveTable() throws {
        let bundled = try FontChain.bundled()
        for chain in [bundled, try FontChain(bundled.fonts.reversed())] {
            let tables = StyleTables(chain: chain, size: 17, profile: .uikit)
            tables.fillAllEntries()
            for codePoint in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                #expect(tables.entries[codePoint].advance == 0 && tables.entries[codePoint].glyph == 0)
            }
            var mismatches: [UInt32] = []
            for value in UInt32(0)..<0x1_0000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if chain.resolve(scalar) != FontChain.search(chain.fonts, for: scalar) { mismatches.append(value) }
            }
            #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
        }
    }
}

@Suite("Character properties the tables are built from")
struct StyleTablesPropertyTests {
    @Test("isDefaultIgnorable is Unicode's Default_Ignorable_Code_Point, for every scalar")
    func defaultIgnorable() {
        let mismatches = (0...0x10_FFFF).compactMap(Unicode.Scalar.init).filter {
            StyleTables.isDefaultIgnorable($0.value) != $0.properties.isDefaultIgnorableCodePoint
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { String($0.value, radix: 16) })")
    }

    @Test("needsGlyph (HarfBuzz's categories) agrees with the standard library's categories, for every scalar both assign")
    func needsGlyphCategories() {
        let mismatches = (0...0x10_FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            let category = scalar.properties.generalCategory
            guard category != .unassigned else { return false }
            let expected: Bool
            switch category {
            case .control, .spaceSeparator, .surrogate, .lineSeparator, .paragraphSeparator: expected = false
            default: expected = !scalar.properties.isDefaultIgnorableCodePoint
            }
            return ClusterCoverage.needsGlyph(scalar) != expected
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { String($0.value, radix: 16) })")
    }
}
