/// Splits text into emoji and text runs exactly as Pango 1.50's `_pango_emoji_iter` does.
///
/// Pango scans the text with Chromium's emoji presentation scanner (`emoji_presentation_scanner.rl`,
/// a Ragel longest-match scanner over `EmojiCategory`), token by token, and merges consecutive
/// tokens of the same kind into one run. Tokens, longest match first, ties to the first listed:
///
/// 1. `any_emoji VS15` — text presentation (© U+FE0E);
/// 2. an emoji presentation: an Emoji_Presentation character, a modifier base or U+1F3F4 alone;
///    `any_emoji VS16`; a modifier sequence (👍🏽); a flag (two regional indicators); a tag
///    sequence (🏴 + tags + cancel tag); a keycap (`[0-9#*] VS16 U+20E3`); `any_emoji U+20E0`;
///    a ZWJ sequence of such elements (`any_emoji VS16`, a modifier sequence or `any_emoji`);
/// 3. any one character — text.
///
/// So ©, ™, digits and ☺ stay text, and ⌚, 😀, ☺️ (VS16), 1️⃣, 🇫🇷 and 👨‍👩‍👧 are emoji.
enum EmojiSegmenter {
    /// Calls `body` with each run of `from..<to` of `bytes` (valid UTF-8), in order: its range of
    /// UTF-8 offsets and whether it is an emoji run.
    ///
    /// - Complexity: O(n) in the range's length (a ZWJ sequence is scanned once per element).
    static func forEachRun(
        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ body: (Range<Int>, Bool) -> Void
    ) {
        guard from < to else { return }
        // Text with no character of any emoji category (most text) is one text run: no arrays.
        var j = from
        while j < to {
            let (value, length) = TextWalker.decode(bytes, at: j)
            if EmojiCategory(value) != .other { break }
            j += length
        }
        if j == to {
            body(from..<to, false)
            return
        }
        var categories: [EmojiCategory] = []
        var offsets: [Int] = []
        var i = from
        while i < to {
            let (value, length) = TextWalker.decode(bytes, at: i)
            categories.append(EmojiCategory(value))
            offsets.append(i)
            i += length
        }
        offsets.append(to)
        var runStart = 0
        var runIsEmoji = false
        var k = 0
        while k < categories.count {
            let (length, isEmoji) = token(categories, at: k)
            if k > runStart && isEmoji != runIsEmoji {
                body(offsets[runStart]..<offsets[k], runIsEmoji)
                runStart = k
            }
            runIsEmoji = isEmoji
            k += length
        }
        body(offsets[runStart]..<to, runIsEmoji)
    }

    /// Whether the text at `at` (before `limit`) starts with an emoji token.
    ///
    /// - Complexity: O(length of the token): only the characters a token starting at `at` could
    ///   reach are read (after its first character, only those that continue a sequence — VS15,
    ///   VS16, modifiers, U+20E3, U+20E0, tags, regional indicators, ZWJ — or follow a ZWJ).
    static func startsEmoji(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, limit: Int) -> Bool {
        guard at < limit else { return false }
        let first = EmojiCategory(TextWalker.decode(bytes, at: at).value)
        // Only an `any_emoji` or a regional indicator starts an emoji token.
        guard first.isAnyEmoji || first == .regionalIndicator else { return false }
        var categories: [EmojiCategory] = [first]
        var i = at + TextWalker.decode(bytes, at: at).length
        while i < limit {
            let (value, length) = TextWalker.decode(bytes, at: i)
            let category = EmojiCategory(value)
            guard categories[categories.count - 1] == .zeroWidthJoiner || continuesSequence(category) else { break }
            categories.append(category)
            i += length
        }
        return token(categories, at: 0).isEmoji
    }

    /// Whether a character of `category` can continue a token without a ZWJ before it.
    private static func continuesSequence(_ category: EmojiCategory) -> Bool {
        switch category {
        case .variationSelector15, .variationSelector16, .modifier, .combiningEnclosingKeycap,
            .combiningEnclosingCircleBackslash, .tagSequence, .tagTerm, .regionalIndicator, .zeroWidthJoiner:
            true
        default: false
        }
    }

    /// The scanner's token at `k`: its length in characters and whether it is emoji.
    static func token(_ c: [EmojiCategory], at k: Int) -> (length: Int, isEmoji: Bool) {
        let emoji = emojiLength(c, at: k)
        let textPresentation = k + 1 < c.count && c[k].isAnyEmoji && c[k + 1] == .variationSelector15 ? 2 : 0
        if textPresentation > 0 && textPresentation >= emoji { return (textPresentation, false) }
        if emoji > 0 { return (emoji, true) }
        return (1, false)
    }

    /// The length of the longest emoji presentation (the grammar's `emoji_presentation`)
    /// starting at `k`; 0 when none does.
    private static func emojiLength(_ c: [EmojiCategory], at k: Int) -> Int {
        let n = c.count
        let first = c[k]
        var best = first.isEmojiAlone ? 1 : 0
        if k + 1 < n {
            let second = c[k + 1]
            if first.isAnyEmoji && (second == .variationSelector16 || second == .combiningEnclosingCircleBackslash) {
                best = max(best, 2)
            }
            if (first == .modifierBase && second == .modifier)
                || (first == .regionalIndicator && second == .regionalIndicator)
            {
                best = max(best, 2)
            }
            if first == .keycapBase, second == .variationSelector16, k + 2 < n, c[k + 2] == .combiningEnclosingKeycap {
                best = max(best, 3)
            }
            if first == .tagBase {
                var j = k + 1
                while j < n && c[j] == .tagSequence { j += 1 }
                if j > k + 1, j < n, c[j] == .tagTerm { best = max(best, j + 1 - k) }
            }
        }
        // ZWJ sequences: element (ZWJ element)+. The ends one element can reach from a position
        // are at most two (+1, +2), and only one of them can be followed by a ZWJ.
        var ends = elementEnds(c, at: k)
        while true {
            var next: [Int] = []
            for end in ends where end < n && c[end] == .zeroWidthJoiner {
                next += elementEnds(c, at: end + 1)
            }
            if next.isEmpty { break }
            best = max(best, (next.max() ?? k) - k)
            ends = next
        }
        return best
    }

    /// The ends of the grammar's `emoji_zwj_element` starting at `k` (`any_emoji VS16`, a modifier
    /// sequence, or `any_emoji`).
    private static func elementEnds(_ c: [EmojiCategory], at k: Int) -> [Int] {
        guard k < c.count else { return [] }
        var ends: [Int] = []
        if c[k].isAnyEmoji { ends.append(k + 1) }
        if k + 1 < c.count,
           (c[k].isAnyEmoji && c[k + 1] == .variationSelector16) || (c[k] == .modifierBase && c[k + 1] == .modifier)
        {
            ends.append(k + 2)
        }
        return ends
    }
}
