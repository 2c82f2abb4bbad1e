import CHarfBuzz

/// Shapes one run (one font, one script, one direction) with HarfBuzz and hands out Pango's
/// *logical widths*: each glyph cluster's width split evenly among its scalars, the remainder
/// to the first (`pango_glyph_item_get_logical_widths`). A line's width is the sum of its
/// scalars' logical widths, so breaking between clusters needs no reshaping.
enum RunShaper {
    /// The text around a run that HarfBuzz may look at (Arabic joining, Indic reordering) without
    /// shaping it, as Pango passes the paragraph.
    struct Context {
        /// The whole text's UTF-8 bytes.
        var bytes: UnsafeBufferPointer<UInt8>
        /// The part of `bytes` HarfBuzz may see around the run.
        var range: Range<Int>
    }

    /// Shapes `run` of `context.bytes` and appends one logical width per scalar of the run to
    /// `widths`, in logical order.
    ///
    /// - Parameters:
    ///   - font: The HarfBuzz font, at the scale its positions should come out in.
    ///   - script: The run's script.
    ///   - direction: The run's direction (`Itemizer.Run.direction`: its embedding level's parity).
    ///   - scale: Width units per HarfBuzz unit (1 for Pango units; size / unitsPerEm for points).
    ///   - wholeUnits: Split cluster widths in whole units as Pango does (`.pango`), else evenly.
    ///   - missingWidth: The width for the scalar at a byte offset when HarfBuzz draws it with
    ///     glyph 0 (no font has it): the measurer's box width, not the font's `.notdef`.
    ///   - safeBreaks: If not `nil`, one flag per scalar is appended to it: whether the text may be
    ///     cut before the scalar with both sides shaped alone giving the same glyphs as the whole
    ///     run does — the scalar starts the run (which HarfBuzz shapes on its own) or a HarfBuzz
    ///     cluster none of whose glyphs is `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`.
    /// - Complexity: HarfBuzz's shaping, O(n) in the run's length for the scripts in practice.
    static func appendLogicalWidths(
        of run: Range<Int>, context: Context, font: HarfBuzzFont, script: hb_script_t,
        direction: hb_direction_t, scale: Double,
        wholeUnits: Bool, missingWidth: (Int) -> Double, to widths: inout [Double], safeBreaks: inout [Bool]?
    ) {
        guard !run.isEmpty, context.bytes.baseAddress != nil else { return }
        withShapedBuffer(run, context: context, font: font, script: script, direction: direction) { infos, positions in
            appendLogicalWidths(
                of: run, context: context, infos: infos, positions: positions, scale: scale, wholeUnits: wholeUnits,
                missingWidth: missingWidth, to: &widths, safeBreaks: &safeBreaks)
        }
    }

    /// The sum of the logical widths `appendLogicalWidths` gives `run` (or a part of a run, shaped
    /// alone) in whole units (`.pango`):
    /// its glyphs' advances, a glyph 0 counted as `missingWidth` of its cluster's offset — the
    /// same sum exactly (whole units, in which `.pango` gives every width), without the
    /// per-scalar split.
    ///
    /// - Complexity: HarfBuzz's shaping, and O(glyphs).
    static func wholeUnitsWidth(
        of run: Range<Int>, context: Context, font: HarfBuzzFont, script: hb_script_t, direction: hb_direction_t,
        missingWidth: (Int) -> Double
    ) -> Double {
        guard !run.isEmpty, context.bytes.baseAddress != nil else { return 0 }
        var total = 0.0
        withShapedBuffer(run, context: context, font: font, script: script, direction: direction) { infos, positions in
            for g in infos.indices {
                total += infos[g].codepoint == 0
                    ? missingWidth(context.range.lowerBound + Int(infos[g].cluster))
                    : Double(positions[g].x_advance)
            }
        }
        return total
    }

    /// One glyph HarfBuzz placed: its glyph, the UTF-8 offset of its cluster in the whole text,
    /// its advance and horizontal offset in HarfBuzz units.
    struct Glyph: Equatable {
        var glyph: GlyphID
        var cluster: Int
        var xAdvance: Int32
        var xOffset: Int32
    }

    /// Shapes `run` of `context.bytes` and returns its glyphs in visual order (left to right;
    /// a right-to-left run's last scalar first).
    ///
    /// - Complexity: HarfBuzz's shaping.
    static func glyphs(
        of run: Range<Int>, context: Context, font: HarfBuzzFont, script: hb_script_t, direction: hb_direction_t
    ) -> [Glyph] {
        guard !run.isEmpty, context.bytes.baseAddress != nil else { return [] }
        var result: [Glyph] = []
        withShapedBuffer(run, context: context, font: font, script: script, direction: direction) { infos, positions in
            result.reserveCapacity(infos.count)
            for g in infos.indices {
                result.append(Glyph(
                    glyph: GlyphID(truncatingIfNeeded: infos[g].codepoint),
                    cluster: context.range.lowerBound + Int(infos[g].cluster),
                    xAdvance: positions[g].x_advance, xOffset: positions[g].x_offset))
            }
        }
        return result
    }

    /// Shapes `run` as Pango 1.50 does (script, direction, no language, default features)
    /// and calls `body` with HarfBuzz's glyph infos and positions (clusters are byte offsets from
    /// `context.range.lowerBound`), valid only during the call.
    private static func withShapedBuffer(
        _ run: Range<Int>, context: Context, font: HarfBuzzFont, script: hb_script_t, direction: hb_direction_t,
        _ body: (UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>) -> Void
    ) {
        guard let base = context.bytes.baseAddress else { return }
        let buffer = HarfBuzzBufferPool.shared.take()
        defer { HarfBuzzBufferPool.shared.give(buffer, length: context.range.count) }
        let start = context.range.lowerBound
        base.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: context.range.count) { text in
            hb_buffer_add_utf8(
                buffer, text, Int32(context.range.count), UInt32(run.lowerBound - start), Int32(run.count))
        }
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, direction)
        // No language: Pango 1.50 passes its default language, which in the C locale it calls
        // "c" for every script (it "includes" any script), so no OpenType language system is
        // chosen — HarfBuzz's default, as here.
        font.withShapingFont { hb_shape($0, buffer, nil, 0) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return }
        body(UnsafeBufferPointer(start: infos, count: Int(count)), UnsafeBufferPointer(start: positions, count: Int(count)))
    }

    /// Whether the clusters' offsets strictly increase (then sorting them changes nothing and
    /// merges nothing).
    private static func isIncreasing<C: Collection>(_ clusters: C) -> Bool
    where C.Element == (offset: Int, width: Double, unsafe: Bool) {
        var previous = Int.min
        for cluster in clusters {
            guard cluster.offset > previous else { return false }
            previous = cluster.offset
        }
        return true
    }

    /// The logical widths of a shaped run (see `appendLogicalWidths(of:context:font:…)`).
    private static func appendLogicalWidths(
        of run: Range<Int>, context: Context, infos: UnsafeBufferPointer<hb_glyph_info_t>,
        positions: UnsafeBufferPointer<hb_glyph_position_t>, scale: Double, wholeUnits: Bool,
        missingWidth: (Int) -> Double, to widths: inout [Double], safeBreaks: inout [Bool]?
    ) {
        let start = context.range.lowerBound
        let count = infos.count
        // Cluster widths (clusters are byte offsets from `start`), merged where glyphs share one;
        // a cluster is unsafe to break before if any of its glyphs says so.
        var clusters: [(offset: Int, width: Double, unsafe: Bool)] = []
        clusters.reserveCapacity(Int(count))
        for g in 0..<Int(count) {
            let offset = start + Int(infos[g].cluster)
            let width = infos[g].codepoint == 0
                ? missingWidth(offset) : Double(positions[g].x_advance) * scale
            let unsafe = infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
            if let last = clusters.last, last.offset == offset {
                clusters[clusters.count - 1].width += width
                clusters[clusters.count - 1].unsafe = last.unsafe || unsafe
            } else {
                clusters.append((offset, width, unsafe))
            }
        }
        // In logical order: glyphs come in it (left to right) or in its reverse (right to left),
        // which needs no sort; else sorted, and equal offsets that were not adjacent (reordered
        // glyphs of one cluster) merged.
        var merged = clusters
        if RunShaper.isIncreasing(clusters.reversed()) {
            merged.reverse()
        } else if !RunShaper.isIncreasing(clusters) {
            clusters.sort { $0.offset < $1.offset }
            merged.removeAll(keepingCapacity: true)
            for cluster in clusters {
                if let last = merged.last, last.offset == cluster.offset {
                    merged[merged.count - 1].width += cluster.width
                    merged[merged.count - 1].unsafe = last.unsafe || cluster.unsafe
                } else {
                    merged.append(cluster)
                }
            }
        }
        let bytes = context.bytes
        // Scalars HarfBuzz gave no glyph before the first cluster take no width.
        var i = run.lowerBound
        while i < (merged.first?.offset ?? run.upperBound) {
            i += TextWalker.decode(bytes, at: i).length
            widths.append(0)
            safeBreaks?.append(false)
        }
        for (k, cluster) in merged.enumerated() {
            let end = k + 1 < merged.count ? merged[k + 1].offset : run.upperBound
            var scalars = 0
            i = cluster.offset
            while i < end {
                i += TextWalker.decode(bytes, at: i).length
                scalars += 1
            }
            guard scalars > 0 else { continue }
            if safeBreaks != nil {
                safeBreaks?.append(cluster.offset == run.lowerBound || !cluster.unsafe)
                for _ in 1..<scalars { safeBreaks?.append(false) }
            }
            if wholeUnits {
                let total = Int64(cluster.width)
                let share = total / Int64(scalars)
                widths.append(Double(share + (total - share * Int64(scalars))))
                for _ in 1..<max(scalars, 1) { widths.append(Double(share)) }
            } else {
                let share = cluster.width / Double(scalars)
                for _ in 0..<scalars { widths.append(share) }
            }
        }
    }
}
