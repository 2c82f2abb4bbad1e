import Foundation
import Testing
@testable import TextMeasure

/// `EmojiCategory` and its generated data (`EmojiData`, from Unicode's emoji-data.txt).
@Suite("Emoji categories")
struct EmojiCategoryTests {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("Categories in Pango's order of tests")
    func categories() {
        #expect(EmojiCategory(0x41) == .other)  // A
        #expect(EmojiCategory(0x20) == .other)
        #expect(EmojiCategory(0x31) == .keycapBase)
        #expect(EmojiCategory(0x23) == .keycapBase)
        #expect(EmojiCategory(0xA9) == .textPresentation)  // ©
        #expect(EmojiCategory(0x263A) == .textPresentation)  // ☺
        #expect(EmojiCategory(0x231A) == .emojiPresentation)  // ⌚
        #expect(EmojiCategory(0x1F600) == .emojiPresentation)
        #expect(EmojiCategory(0x261D) == .modifierBase)  // ☝, text-default but a modifier base
        #expect(EmojiCategory(0x1F44D) == .modifierBase)
        #expect(EmojiCategory(0x1F3FD) == .modifier)
        #expect(EmojiCategory(0x1F1EB) == .regionalIndicator)
        #expect(EmojiCategory(0x1F3F4) == .tagBase)
        #expect(EmojiCategory(0xE0067) == .tagSequence)
        #expect(EmojiCategory(0xE007F) == .tagTerm)
        #expect(EmojiCategory(0x200D) == .zeroWidthJoiner)
        #expect(EmojiCategory(0xFE0E) == .variationSelector15)
        #expect(EmojiCategory(0xFE0F) == .variationSelector16)
        #expect(EmojiCategory(0x20E3) == .combiningEnclosingKeycap)
        #expect(EmojiCategory(0x20E0) == .combiningEnclosingCircleBackslash)
        #expect(EmojiCategory(0x10FFFF) == .other)
        #expect(EmojiCategory(0x4E00) == .other)
    }

    @Test("The Basic Multilingual Plane's emoji-alone characters lie in U+231A–U+2B55 (StyleTables relies on it)")
    func emojiAloneRange() {
        let outside = (0..<0x1_0000).filter { !(0x231A...0x2B55).contains($0) && EmojiCategory(UInt32($0)).isEmojiAlone }
        #expect(outside.isEmpty)
        #expect((0x231A...0x2B55).filter { EmojiCategory(UInt32($0)).isEmojiAlone }.count > 50)
    }

    @Test("Re-running generate.py reproduces EmojiData.swift byte for byte",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/emoji/emoji-data.txt")))
    func generatorReproducesData() throws {
        let generated = Self.repositoryRoot.appendingPathComponent("Sources/TextMeasure/Itemize/Generated")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("EmojiData-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generated.appendingPathComponent("generate.py").path, "--output", output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let regenerated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: generated.appendingPathComponent("EmojiData.swift"))
        #expect(regenerated == committed, "generate.py output differs from the committed EmojiData.swift: re-run the generator")
    }

    @Test("The BMP bitmap marks exactly the code points whose range has an emoji property")
    func bitmapMatchesRanges() {
        let wrong = (0..<UInt32(0x1_0000)).filter { value in
            let marked = EmojiCategory.bmpWithProperty[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
            return marked != (EmojiCategory.searchedProperty(value) != .other)
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("isOther answers EmojiCategory(value) == .other for every BMP scalar and the emoji planes")
    func isOtherMatchesTheCategory() {
        let values = Array(UInt32(0)..<0x1_0000).filter { !(0xD800...0xDFFF).contains($0) }
            + Array(UInt32(0x1_F000)..<0x2_0000) + Array(UInt32(0xE_0000)..<0xE_0080)
        let wrong = values.filter { EmojiCategory.isOther($0) != (EmojiCategory($0) == .other) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0, radix: 16) })")
    }

    @Test("The emoji blocks' table gives every scalar there the category the ranges give it")
    func emojiBlockTableMatchesTheSearch() {
        #expect(EmojiCategory.emojiBlockCategories.count == EmojiCategory.emojiBlocks.count)
        let wrong = EmojiCategory.emojiBlocks.filter { EmojiCategory($0) != EmojiCategory(searching: $0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { String($0, radix: 16) })")
        // Spot checks from Pango's categories: a face, a skin tone, a regional indicator, the
        // black flag of tag sequences, and a scalar of the blocks with no emoji property.
        #expect(EmojiCategory(0x1F600) == .emojiPresentation)
        #expect(EmojiCategory(0x1F3FB) == .modifier)
        #expect(EmojiCategory(0x1F1E6) == .regionalIndicator)
        #expect(EmojiCategory(0x1F3F4) == .tagBase)
        #expect(EmojiCategory(0x1F44D) == .modifierBase)
        #expect(EmojiCategory(0x1FB00) == .other)
    }
}
