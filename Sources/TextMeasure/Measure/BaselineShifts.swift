import CHarfBuzz

/// Pango 1.50's baseline alignment of a line's runs, for one style's fonts (`.pango` only).
///
/// Pango 1.50 built with HarfBuzz ≥ 4 (`apply_baseline_shift` in `pango-layout.c`) shifts every
/// run of a line vertically after breaking it: the line's first run (in logical order) picks a
/// baseline from its script (`hb_ot_layout_get_horizontal_baseline_tag_for_script`: with
/// HarfBuzz 6, the ideographic character-face bottom `icfb` for Han, Hangul and kana, the
/// hanging baseline for Devanagari and the other Indic scripts of that list, the roman baseline
/// otherwise), and each run is raised by that baseline's position in the first run's font minus
/// its position in the run's own font (`hb_ot_layout_get_baseline_with_fallback`: the font's
/// BASE table, else HarfBuzz's synthesis from its extents). A line's logical extent is the union
/// of its runs' shifted extents and the baseline, so a run in a font whose baseline differs can
/// make the line shorter or taller than the largest ascent plus the largest descent
/// (Noto Sans CJK's `icfb` is 0.0828 em above Noto Sans's: "말a" is 24.62 pt tall at 17 pt,
/// "a말" 24.70 pt).
///
/// The positions are computed once per style for five lead classes (`Lead`): the script tags
/// HarfBuzz reads are the lead class's (`latn`, `deva`, `hani`, `hang`, `kana`) for every font,
/// which is Pango's answer wherever a font's baselines do not depend on the script of its run
/// (fonts without a BASE table, BASE tables whose scripts agree). A style whose fonts agree on
/// every class's baseline has no `BaselineShifts` at all, so its lines pay nothing.
///
/// Plain values into memory the tables own (`StyleTables.baselineStorage`): copying one touches
/// no reference count.
struct BaselineShifts: @unchecked Sendable {  // points into immutable memory its tables own
    /// Per lead class (`Lead.rawValue`) and font: the baseline's position above the roman
    /// baseline, points (`Lead.count` rows of `fontCount`).
    let positions: UnsafeBufferPointer<Double>
    /// Bit `Lead.rawValue` set when the fonts' positions for that class differ.
    let differingLeads: UInt8

    /// The number of fonts per row of `positions`.
    var fontCount: Int { positions.count / Lead.count }

    /// The baseline class of a line's first run, with the script tag HarfBuzz reads the fonts'
    /// BASE tables for.
    enum Lead: UInt8, CaseIterable {
        /// The roman baseline (Latin and every script not below).
        case roman
        /// The hanging baseline (Devanagari, Bengali and the other scripts HarfBuzz hangs).
        case hanging
        /// The ideographic character-face bottom, for Han (and Bopomofo, Tangut, Nüshu, Khitan).
        case han
        /// The ideographic character-face bottom, for Hangul.
        case hangul
        /// The ideographic character-face bottom, for Hiragana and Katakana.
        case kana

        static let count = allCases.count

        /// The script whose OpenType tags the class's baselines are read for.
        var script: hb_script_t {
            switch self {
            case .roman: HB_SCRIPT_LATIN
            case .hanging: HB_SCRIPT_DEVANAGARI
            case .han: HB_SCRIPT_HAN
            case .hangul: HB_SCRIPT_HANGUL
            case .kana: HB_SCRIPT_HIRAGANA
            }
        }

        /// The class of a line whose first run is of `script` (common and inherited resolved):
        /// HarfBuzz's baseline tag for the script, and for the ideographic tag the script's own
        /// class.
        init(script: hb_script_t) {
            switch hb_ot_layout_get_horizontal_baseline_tag_for_script(script) {
            case HB_OT_LAYOUT_BASELINE_TAG_HANGING:
                self = .hanging
            case HB_OT_LAYOUT_BASELINE_TAG_ROMAN:
                self = .roman
            default:
                switch script {
                case HB_SCRIPT_HANGUL: self = .hangul
                case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: self = .kana
                default: self = .han
                }
            }
        }

        /// HarfBuzz's baseline tag for the class (what `hb_ot_layout_get_horizontal_baseline_tag_for_script`
        /// gives for `script`).
        var tag: hb_ot_layout_baseline_tag_t {
            hb_ot_layout_get_horizontal_baseline_tag_for_script(script)
        }
    }

    /// The positions of `fonts` (HarfBuzz fonts at the Pango scale, so that positions come in
    /// Pango units) for every lead class, `Lead.count` rows of one per font, in points; and the
    /// classes whose positions differ. `nil` when the fonts agree on every class's baseline (one
    /// font always does).
    static func positions(of fonts: [HarfBuzzFont]) -> (positions: [Double], differingLeads: UInt8)? {
        guard fonts.count > 1 else { return nil }
        var positions: [Double] = []
        var differing: UInt8 = 0
        for lead in Lead.allCases {
            var scriptTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_SCRIPT))
            var scriptCount = UInt32(HB_OT_MAX_TAGS_PER_SCRIPT)
            var languageCount: UInt32 = 0
            hb_ot_tags_from_script_and_language(lead.script, nil, &scriptCount, &scriptTags, &languageCount, nil)
            let scriptTag = scriptCount > 0 ? scriptTags[Int(scriptCount) - 1] : 0
            let row = fonts.map { font in
                var position: hb_position_t = 0
                hb_ot_layout_get_baseline_with_fallback(
                    font.font, lead.tag, HB_DIRECTION_LTR, scriptTag, 0, &position)
                return Double(position) / 1024
            }
            if row.contains(where: { $0 != row[0] }) { differing |= 1 << lead.rawValue }
            positions += row
        }
        return differing != 0 ? (positions, differing) : nil
    }

    /// Whether the fonts' baselines for `lead` differ (else no run of such a line moves).
    @inline(__always)
    func differ(for lead: Lead) -> Bool {
        differingLeads & 1 << lead.rawValue != 0
    }

    /// The height of a line drawn by the fonts of `mask` (see `StyleTables.lineHeight(mask:heights:)`)
    /// whose first run is in font `leadFont` and of class `lead`: every font's extent raised by
    /// the lead font's baseline minus its own, their union with the baseline.
    func lineHeight(mask: UInt32, leadFont: Int, lead: Lead, heights: UnsafeBufferPointer<Double>) -> Double {
        let n = heights.count / 3
        guard differ(for: lead), leadFont < n, n == fontCount else {
            return StyleTables.lineHeight(mask: mask, heights: heights)
        }
        let row = Int(lead.rawValue) * n
        let baseline = positions[row + leadFont]
        return StyleTables.unionHeight(mask: mask, heights: heights) { baseline - positions[row + $0] }
    }
}
