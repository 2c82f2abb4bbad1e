import ArgumentParser

/// What kind of cell texts `rowheight dataset` writes.
enum DatasetKind: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// English chat and feed messages: long-tailed lengths, URLs, e-mail addresses, hashes,
    /// paths, numbers, prices, times, dates, quotes, newlines, stray spaces, empty rows.
    case en
    /// Japanese prose with its punctuation (、。「」（）・ー), kana, kanji, katakana loan words,
    /// full-width digits, some ASCII words.
    case ja
    /// Rows of both, and both in one row, with emoji.
    case mixed
    /// Chat: mostly short messages (“ok”, “lol 😂”, “see you at 6:30”), emoji-only rows, some
    /// long ones, links.
    case chat

    /// Mixed into the seed so each kind has its own sequence.
    var salt: UInt64 {
        switch self {
        case .en: 0x656E
        case .ja: 0x6A61
        case .mixed: 0x6D69_7865_64
        case .chat: 0x6368_6174
        }
    }
}
