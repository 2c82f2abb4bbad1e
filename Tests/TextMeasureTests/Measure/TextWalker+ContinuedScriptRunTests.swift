import CHarfBuzz
import Testing
@testable import TextMeasure

/// A piece's leading characters without a script of their own (quotes, digits, punctuation)
/// continue the script run before the piece, as Pango 1.50 itemizes the whole paragraph
/// (`TextWalker.continuedScriptRun`): in "जैसे \"menu" the `"` is in the Devanagari run, so it
/// is shaped apart from "menu" and the pair `"m` (−399 units in Noto Sans) does not kern.
@Suite("TextWalker: leading characters that continue the script run before a piece")
struct TextWalkerContinuedScriptRunTests {
    static let noto = "/usr/share/fonts/truetype/noto/"

    /// A measurer of a chain of its own (tables and caches of its own): Noto Sans, then `script`'s font.
    static func measurer(_ script: String?, profile: LayoutProfile, wrap: LineBreakMode = .byWordWrapping) throws -> TextMeasurer {
        var fonts = [try Font(path: noto + "NotoSans-Regular.ttf")]
        if let script { fonts.append(try Font(path: noto + "NotoSans\(script)-Regular.ttf")) }
        return try TextMeasurer(style: TextStyle(
            fontChain: try FontChain(fonts), fontSize: 13, lineBreakMode: wrap, profile: profile))
    }

    /// The width of `text` on one line.
    static func width(_ text: String, _ measurer: TextMeasurer) throws -> Double {
        let measured = try measurer.measure(text, width: 100_000)
        #expect(measured.lineCount == 1)
        return measured.maxLineWidth
    }

    /// `continuedScriptRun(from:to:)` as its documentation states it, from HarfBuzz's scripts
    /// and the runs read from the paragraph's start (`PangoScriptRuns.scannedScript`).
    static func referenceRun(from: Int, to: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, script: hb_script_t)? {
        let unicode = hb_unicode_funcs_get_default()
        var i = from
        var previous = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            if TextWalker.isMandatoryBreak(value) { return nil }
            let script = hb_unicode_script(unicode, value)
            if PangoScriptRuns.isReal(script) {
                guard i > from else { return nil }
                let before = PangoScriptRuns.scannedScript(at: previous, in: bytes)
                return PangoScriptRuns.isReal(before) && before != script ? (i, before) : nil
            }
            previous = i
            i += length
        }
        return nil
    }

    @Test("the run continued into a piece is the one the runs read from the paragraph's start give: every offset of every corpus row and of generated bracket and quote nests, up to the next space")
    func continuedRunIsTheRuns() throws {
        let measurer = try Self.measurer("Thai", profile: .pango)
        var continued = 0
        for text in try PangoScriptRunsTests.corpusTexts() + PangoScriptRunsTests.generatedNests(count: 3_000) {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                let walker = TextWalker(tables: measurer.tables, bytes: bytes)
                var from = 0
                while from < bytes.count {
                    var to = from
                    while to < bytes.count && bytes[to] != 0x20 { to += 1 }
                    let expected = Self.referenceRun(from: from, to: to, in: bytes)
                    let found = walker.continuedScriptRun(from: from, to: to)
                    #expect(found?.end == expected?.end && found?.script == expected?.script, "\(text) from byte \(from)")
                    if expected != nil { continued += 1 }
                    from += TextWalker.decode(bytes, at: from).length
                }
            }
        }
        #expect(continued > 1_000)  // not vacuous
    }

    @Test("after another script the quote and the word are measured apart; after Latin they kern",
          arguments: [
            // Shaped before (Devanagari), a table-measured piece after; the piece itself shaped
            // (it holds Devanagari); Cyrillic before, nothing shaped.
            ("Devanagari", "जैसे ", "\"menu"), ("Devanagari", "जैसे ", "\"menuनाम"), (nil, "Привет ", "\"menu"),
          ] as [(String?, String, String)])
    func quoteAfterAnotherScript(script: String?, before: String, piece: String) throws {
        for profile in [LayoutProfile.pango, .uikit] {
            let measurer = try Self.measurer(script, profile: profile)
            let quote = String(piece.prefix(1))
            let rest = String(piece.dropFirst())
            let whole = try Self.width(before + piece, measurer)
            let parts = try Self.width(before + quote, measurer) + Self.width(rest, measurer)
            #expect(abs(whole - parts) < 1e-9, "\(before + piece) \(profile): \(whole) v \(parts)")
            // After Latin text the quote is in the Latin run of "menu": the pair kerns.
            let latin = try Self.width("hello " + piece, measurer)
            let latinParts = try Self.width("hello " + quote, measurer) + Self.width(rest, measurer)
            #expect(latin < latinParts - 0.1, "hello \(piece) \(profile): \(latin) v \(latinParts)")
        }
    }

    @Test("where the scalars around the new run cannot join (a font that does not kerns them), one run or two measure the same",
          arguments: ["漢字「カナ」です", "日本語「テスト」", "ひらがな（カタカナ）"])
    func unjoinedPartsMeasureTheSame(text: String) throws {
        // The bundled chain's Japanese font: "「" continues the Han or Hiragana run before it and
        // the katakana after it starts another, which Pango shapes apart; the table path does not
        // read the runs there (`continuedScriptRun(joinedOnly:)`), and must not need to.
        for profile in [LayoutProfile.pango, .uikit] {
            let measurer = try TextMeasurer(style: TextStyle.bundled(fontSize: 17, profile: profile))
            let open = try #require(text.firstIndex { "「（".contains($0) })
            let before = String(text[...open])
            let rest = String(text[text.index(after: open)...])
            let whole = try Self.width(text, measurer)
            let parts = try Self.width(before, measurer) + Self.width(rest, measurer)
            #expect(abs(whole - parts) < 1e-9, "\(text) \(profile): \(whole) v \(parts)")
        }
    }

    @Test("char wrapping measures the quote apart too")
    func charWrapping() throws {
        for (script, text) in [("Devanagari", "जैसे \"menu"), (nil, "Привет \"menu")] as [(String?, String)] {
            let word = try Self.width(text, Self.measurer(script, profile: .pango))
            let char = try Self.width(text, Self.measurer(script, profile: .pango, wrap: .byCharWrapping))
            #expect(word == char, "\(text)")
        }
    }

    @Test("a shaped piece's width does not depend on the pieces measured before it")
    func cacheKeyHoldsTheContinuedScript() throws {
        // The same piece, "\"menuनाम", after Latin text (one run with the quote: kerned) and after
        // Devanagari text (the quote in the Devanagari run): two cache entries.
        let latin = "hello \"menuनाम"
        let devanagari = "जैसे \"menuनाम"
        for (first, second) in [(latin, devanagari), (devanagari, latin)] {
            for wrap in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let fresh = try Self.width(second, Self.measurer("Devanagari", profile: .pango, wrap: wrap))
                let warmed = try Self.measurer("Devanagari", profile: .pango, wrap: wrap)
                _ = try Self.width(first, warmed)
                #expect(try Self.width(second, warmed) == fresh, "\(second) after \(first), \(wrap)")
            }
        }
    }

    @Test("the split: where the leading characters' run ends, and its script")
    func split() throws {
        let measurer = try Self.measurer("Devanagari", profile: .pango)
        func split(_ text: String, piece: String) -> (end: Int, script: hb_script_t)? {
            var text = text
            let from = text.utf8.count - piece.utf8.count
            return text.withUTF8 { bytes in
                TextWalker(tables: measurer.tables, bytes: bytes).continuedScriptRun(from: from, to: bytes.count)
            }
        }
        let quoted = try #require(split("जैसे \"menu", piece: "\"menu"))
        #expect(quoted.end == "जैसे \"".utf8.count && quoted.script == HB_SCRIPT_DEVANAGARI)
        // Digits and brackets too; a closing bracket takes its opener's script.
        #expect(split("जैसे 10px", piece: "10px")?.script == HB_SCRIPT_DEVANAGARI)
        #expect(split("जैसे (menu) \"x", piece: "\"x")?.end == "जैसे (menu) \"".utf8.count)
        #expect(split("menu (जैसे) \"x", piece: "\"x") == nil)
        // Nothing to split: a letter first, the same script before, a paragraph's start, no script at all.
        #expect(split("जैसे menu", piece: "menu") == nil)
        #expect(split("hello \"menu", piece: "\"menu") == nil)
        #expect(split("जैसे\n\"menu", piece: "\"menu") == nil)
        #expect(split("जैसे \"(", piece: "\"(") == nil)
    }

    @Test("the entries' no-script bit is HarfBuzz's Common, Inherited or Unknown for every BMP scalar")
    func noScriptBit() throws {
        let tables = StyleTables(chain: try FontChain.bundled(), size: 17, profile: .pango)
        tables.fillAllEntries()
        let unicode = hb_unicode_funcs_get_default()
        var scriptless = 0
        for value in UInt32(0)..<0x1_0000 where !(0xD800...0xDFFF).contains(value) {
            let expected = !PangoScriptRuns.isReal(hb_unicode_script(unicode, value))
            #expect(tables.entries[Int(value)].hasNoScript == expected, "U+\(String(value, radix: 16, uppercase: true))")
            if expected { scriptless += 1 }
        }
        #expect(scriptless > 1_000)
    }
}
