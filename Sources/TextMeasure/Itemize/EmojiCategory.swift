/// A character's category for the emoji presentation scanner: Pango 1.50's
/// `PangoEmojiScannerCategory` (from Chromium's `emoji_presentation_scanner.rl`), the same raw
/// values.
enum EmojiCategory: UInt8 {
    /// Never produced (kept for the grammar's `any_emoji`, as in Pango).
    case emoji = 0
    /// Emoji=Yes, Emoji_Presentation=No (©, ™, ☺, ❤…): text unless a sequence makes it emoji.
    case textPresentation = 1
    /// Emoji_Presentation=Yes (😀, ⌚, ☕…).
    case emojiPresentation = 2
    /// Emoji_Modifier_Base=Yes (👍, ☝…): emoji on its own, as in Pango.
    case modifierBase = 3
    /// Emoji_Modifier=Yes (the skin tones U+1F3FB–U+1F3FF).
    case modifier = 4
    /// Never produced (kept for the raw values, as in Pango).
    case variationSelectorBase = 5
    /// U+1F1E6–U+1F1FF.
    case regionalIndicator = 6
    /// 0–9, # and *.
    case keycapBase = 7
    /// U+20E3 COMBINING ENCLOSING KEYCAP.
    case combiningEnclosingKeycap = 8
    /// U+20E0 COMBINING ENCLOSING CIRCLE BACKSLASH.
    case combiningEnclosingCircleBackslash = 9
    /// U+200D ZERO WIDTH JOINER.
    case zeroWidthJoiner = 10
    /// U+FE0E VARIATION SELECTOR-15 (text presentation).
    case variationSelector15 = 11
    /// U+FE0F VARIATION SELECTOR-16 (emoji presentation).
    case variationSelector16 = 12
    /// U+1F3F4 WAVING BLACK FLAG, the base of tag sequences (emoji on its own).
    case tagBase = 13
    /// Tag digits and small letters (U+E0030–U+E0039, U+E0061–U+E007A).
    case tagSequence = 14
    /// U+E007F CANCEL TAG.
    case tagTerm = 15
    /// Anything else (the grammar's `any`).
    case other = 16

    /// The category of a scalar value, tested in the order of Pango's
    /// `_pango_EmojiSegmentationCategory` (the properties from `EmojiData`, Emoji 15.0): in the
    /// emoji blocks (`emojiBlocks`) read from `emojiBlockCategories`, elsewhere
    /// `init(searching:)`.
    ///
    /// - Complexity: O(1) in the emoji blocks and for ASCII letters and space, else O(log r) in
    ///   the table's ranges (about 400).
    @inline(__always)
    init(_ value: UInt32) {
        let offset = value &- EmojiCategory.emojiBlocks.lowerBound
        if offset < UInt32(EmojiCategory.emojiBlocks.count) {
            self = EmojiCategory(rawValue: EmojiCategory.emojiBlockCategories[Int(offset)]) ?? .other
        } else {
            self.init(searching: value)
        }
    }

    /// The supplementary blocks where emoji are (U+1F000–U+1FBFF: Mahjong tiles to Symbols for
    /// Legacy Computing), whose categories `emojiBlockCategories` holds.
    static var emojiBlocks: Range<UInt32> { 0x1_F000..<0x1_FC00 }

    /// `init(searching:)` of each scalar of `emojiBlocks` (3,072 bytes), built once: an emoji
    /// row's scalars are mostly there, and each would take a binary search.
    static let emojiBlockCategories: [UInt8] = EmojiCategory.emojiBlocks.map { EmojiCategory(searching: $0).rawValue }

    /// `init(_:)` computed: the special characters, then `EmojiData`'s ranges by binary search.
    ///
    /// - Complexity: O(log r) in the table's ranges (about 400); ASCII letters and space at once.
    init(searching value: UInt32) {
        switch value {
        case 0x61...0x7A, 0x41...0x5A, 0x20: self = .other
        case 0x30...0x39, 0x23, 0x2A: self = .keycapBase
        case 0x20E3: self = .combiningEnclosingKeycap
        case 0x20E0: self = .combiningEnclosingCircleBackslash
        case 0x200D: self = .zeroWidthJoiner
        case 0xFE0E: self = .variationSelector15
        case 0xFE0F: self = .variationSelector16
        case 0x1F3F4: self = .tagBase
        case 0xE007F: self = .tagTerm
        case 0xE0030...0xE0039, 0xE0061...0xE007A: self = .tagSequence
        default:
            let property = EmojiCategory.property(value)
            // Pango tests modifier base and modifier, then regional indicators, then the keycap
            // bases (all decided above), then Emoji_Presentation, then Emoji.
            if property == .modifierBase || property == .modifier {
                self = property
            } else if (0x1F1E6...0x1F1FF).contains(value) {
                self = .regionalIndicator
            } else {
                self = property
            }
        }
    }

    /// The category `EmojiData`'s ranges give a scalar value.
    private static func property(_ value: UInt32) -> EmojiCategory {
        // Most text (Latin, Arabic, Indic, CJK…) has no emoji property: one bit answers it.
        if value < 0x1_0000 && bmpWithProperty[Int(value >> 6)] & (1 << UInt64(value & 63)) == 0 { return .other }
        return searchedProperty(value)
    }

    /// The category of `EmojiData`'s range holding `value`, by binary search.
    static func searchedProperty(_ value: UInt32) -> EmojiCategory {
        let starts = EmojiData.rangeStarts
        var low = 0
        var high = starts.count  // the range is the last start ≤ value
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= value { low = mid } else { high = mid }
        }
        return EmojiCategory(rawValue: EmojiData.rangeCategories[low]) ?? .other
    }

    /// One bit per BMP code point (64 per word): set where `EmojiData`'s ranges give a category
    /// other than `.other`. Built once from the ranges.
    static let bmpWithProperty: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
        let starts = EmojiData.rangeStarts
        for (k, start) in starts.enumerated() where start < 0x1_0000 {
            guard EmojiCategory(rawValue: EmojiData.rangeCategories[k]) ?? .other != .other else { continue }
            let end = min(k + 1 < starts.count ? starts[k + 1] : 0x1_0000, 0x1_0000)
            for value in start..<end { bits[Int(value >> 6)] |= 1 << UInt64(value & 63) }
        }
        return bits
    }()

    /// Whether `EmojiCategory(value)` is `.other` (the character is text to the emoji scanner),
    /// answered from `bmpWithProperty` and the scanner's special characters for the BMP, without
    /// the category's range tests (`EmojiCategoryTests` checks every BMP scalar).
    @inline(__always)
    static func isOther(_ value: UInt32) -> Bool {
        if value < 0x80 { return !((0x30...0x39).contains(value) || value == 0x23 || value == 0x2A) }
        // U+0080–U+200C (Latin to Indic, Thai, Arabic…): no emoji property but © and ®
        // (`EmojiData`), and no special character of the scanner (the first is U+200D ZWJ), so
        // the bitmap is not read.
        if value < 0x200D { return value != 0xA9 && value != 0xAE }
        guard value < 0x1_0000 else { return EmojiCategory(value) == .other }
        if bmpWithProperty[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 { return EmojiCategory(value) == .other }
        return !(value == 0x20E3 || value == 0x20E0 || value == 0x200D || value == 0xFE0E || value == 0xFE0F)
    }

    /// Whether the category is the grammar's `any_emoji` (a character that may start an emoji
    /// sequence).
    var isAnyEmoji: Bool {
        switch self {
        case .textPresentation, .emojiPresentation, .keycapBase, .modifierBase, .tagBase, .emoji: true
        default: false
        }
    }

    /// Whether a character of this category is an emoji run on its own (`EMOJI_EMOJI_PRESENTATION |
    /// TAG_BASE | EMOJI_MODIFIER_BASE` in the grammar), whatever follows it but VS15.
    var isEmojiAlone: Bool {
        self == .emojiPresentation || self == .tagBase || self == .modifierBase
    }
}
