import CHarfBuzz
import Synchronization
import Testing
@testable import TextMeasure

/// Where a style's fonts put their baselines (`BaselineShifts`), as HarfBuzz 6 gives them to
/// Pango 1.50, and the height of a line whose runs are aligned on its first run's baseline.
@Suite("BaselineShifts: the fonts' baselines and a line's height")
struct BaselineShiftsTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#1"

    /// The tables of a measurer of `paths`; the measurer, which owns them, is kept for the rest
    /// of the test process (a `StyleTableView` does not retain them).
    static func tables(_ paths: [String], profile: LayoutProfile = .pango) throws -> StyleTableView {
        let measurer = try TextMeasurer(style: TextStyle(
            fontChain: FontChain(paths.map { try LineBaselinesTests.font($0) }), fontSize: 17, profile: profile))
        kept.withLock { $0.append(measurer) }
        return measurer.tables
    }

    /// The measurers whose tables the tests read.
    private static let kept = Mutex<[TextMeasurer]>([])

    @Test("Noto Sans and Noto Sans CJK: the ideographic baselines differ, the roman and hanging agree")
    func korean() throws {
        let shifts = try #require(try Self.tables([Self.noto + "NotoSans-Regular.ttf", Self.cjk]).baselineShifts)
        #expect(shifts.fontCount == 2)
        #expect(!shifts.differ(for: .roman))
        #expect(!shifts.differ(for: .hanging))
        #expect(shifts.differ(for: .hangul))
        // icfb at 17 pt (17,408 units per em): Noto Sans CJK's BASE table, HarfBuzz's fallback
        // for Noto Sans (descender + a tenth of the em box); Pango's y_offset is their difference.
        let row = Int(BaselineShifts.Lead.hangul.rawValue) * 2
        #expect(shifts.positions[row] == -2730.0 / 1024)
        #expect(shifts.positions[row + 1] == -1288.0 / 1024)
    }

    @Test("One font, or `.uikit`: no shifts")
    func none() throws {
        #expect(try Self.tables([Self.noto + "NotoSans-Regular.ttf"]).baselineShifts == nil)
        #expect(try Self.tables([Self.noto + "NotoSans-Regular.ttf", Self.cjk], profile: .uikit).baselineShifts == nil)
    }

    @Test("A Hangul-led line: the Noto Sans run is raised, the line as tall as Noto Sans CJK alone")
    func lineHeight() throws {
        let tables = try Self.tables([Self.noto + "NotoSans-Regular.ttf", Self.cjk])
        let shifts = try #require(tables.baselineShifts)
        let heights = tables.lineHeights
        // Pango: "말a" 25,207 units (Noto Sans CJK's ascent + descent), "a말" 25,294.
        #expect(shifts.lineHeight(mask: 3, leadFont: 1, lead: .hangul, heights: heights) * 1024 == 25207)
        #expect(shifts.lineHeight(mask: 3, leadFont: 0, lead: .roman, heights: heights) * 1024 == 25294)
        #expect(shifts.lineHeight(mask: 3, leadFont: 0, lead: .roman, heights: heights)
            == StyleTables.lineHeight(mask: 3, heights: heights))
    }

    @Test("The baseline class of a line's first script, as HarfBuzz 6 tags it")
    func leads() {
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_HANGUL) == .hangul)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_HAN) == .han)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_KATAKANA) == .kana)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_DEVANAGARI) == .hanging)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_LATIN) == .roman)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_ARABIC) == .roman)
        #expect(BaselineShifts.Lead(script: HB_SCRIPT_COMMON) == .roman)
    }
}
