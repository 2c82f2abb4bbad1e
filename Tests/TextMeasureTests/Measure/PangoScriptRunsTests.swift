import Testing
import CHarfBuzz
@testable import TextMeasure

/// Pango 1.50's script runs (`pango_script_iter_next`): common characters join their run, paired
/// punctuation closes in its opener's script, paragraphs start afresh.
@Suite("PangoScriptRuns: the script of the run at an offset")
struct PangoScriptRunsTests {
    /// The script of the run holding the scalar after each prefix of `text`, in order.
    static func scripts(_ text: String, at prefixes: [String]) -> [hb_script_t] {
        var text = text
        return text.withUTF8 { bytes in
            prefixes.map { PangoScriptRuns.script(at: $0.utf8.count, in: bytes) }
        }
    }

    @Test("Common characters take the run's script, or at a paragraph's start the first script after them")
    func common() {
        #expect(Self.scripts("1말 a", at: ["", "1", "1말", "1말 "]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL, HB_SCRIPT_LATIN])
        #expect(Self.scripts("말 1", at: ["말 "]) == [HB_SCRIPT_HANGUL])
        #expect(Self.scripts("123", at: [""]) == [HB_SCRIPT_COMMON])
    }

    @Test("A closing bracket takes its opener's script")
    func brackets() {
        // "<" opens in the Latin run: ">" is Latin, the Hangul between is a run of its own.
        #expect(Self.scripts("file=<파일>,", at: ["file=<", "file=<파일", "file=<파일>"])
            == [HB_SCRIPT_HANGUL, HB_SCRIPT_LATIN, HB_SCRIPT_LATIN])
        // At the text's start the opener takes the first script: all of "(말)" is Hangul.
        #expect(Self.scripts("(말) a", at: ["", "(말"]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL])
    }

    @Test("Each paragraph is itemized on its own")
    func paragraphs() {
        // Without the paragraph break, "(" would be Latin (after "a"), then ")" too.
        #expect(Self.scripts("a\n(말)", at: ["a\n", "a\n(말"]) == [HB_SCRIPT_HANGUL, HB_SCRIPT_HANGUL])
        #expect(Self.scripts("말\n123", at: ["말\n"]) == [HB_SCRIPT_COMMON])
    }
}
