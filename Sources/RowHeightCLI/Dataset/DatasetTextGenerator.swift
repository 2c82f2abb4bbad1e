/// Builds the texts of `rowheight dataset`, one row at a time, into a reused byte buffer: the
/// ideas of `Tools/corpus/generate.py` (long-tailed lengths, URLs, numbers, newlines, stray
/// spaces, Japanese prose and punctuation, emoji) plus chat-like short messages.
///
/// The texts depend only on the seed given to `init`: `DatasetWriter` seeds one generator per
/// chunk of rows, so the output is the same whatever the number of threads.
struct DatasetTextGenerator {
    /// The kind of text made.
    let kind: DatasetKind
    /// The last row's text as the content of a JSON string: UTF-8 with `"`, newline and tab
    /// already escaped (`\"`, `\n`, `\t`), so it is copied into the output as it is.
    private(set) var text: [UInt8] = []
    private var random: DatasetRandom
    private let english = DatasetWords.english
    private let japaneseNouns = DatasetWords.japaneseNouns

    /// A generator of `kind` texts whose sequence is decided by `seed`.
    init(kind: DatasetKind, seed: UInt64) {
        self.kind = kind
        random = DatasetRandom(seed: seed)
        text.reserveCapacity(4096)
    }

    /// Makes the next row's text into `text`.
    mutating func nextRow() {
        text.removeAll(keepingCapacity: true)
        switch kind {
        case .en: englishRow()
        case .ja: japaneseRow()
        case .mixed: mixedRow()
        case .chat: chatRow()
        }
    }

    // MARK: - Bytes

    @inline(__always)
    private mutating func put(_ s: StaticString) {
        text.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) { text.append(byte) }

    @inline(__always)
    private mutating func pick(_ list: [StaticString]) { put(random.pick(list)) }

    /// A decimal number, zero-padded to `width` digits.
    private mutating func number(_ value: Int, width: Int = 1) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
                v /= 10
                count += 1
            } while v > 0 && count < 8
            for _ in count..<max(count, width) { text.append(0x30) }
            while count > 0 {
                count -= 1
                text.append(d[count])
            }
        }
    }

    /// Full-width digits (U+FF10…) of `value`.
    private mutating func fullWidthNumber(_ value: Int) {
        let start = text.count
        number(value)
        let digits = Array(text[start...])
        text.removeSubrange(start...)
        for d in digits { text.append(contentsOf: [0xEF, 0xBC, 0x90 + (d - 0x30)]) }
    }

    /// A lowercased English word.
    private mutating func lowerWord() {
        let start = text.count
        pick(english)
        if text[start] >= 0x41 && text[start] <= 0x5A { text[start] += 0x20 }
    }

    // MARK: - English

    private mutating func englishSentence() {
        let words = max(2, Int(random.pick(LogNormalTable.wordsPerSentence.values)))
        let first = text.count
        if random.chance(0.3) { pick(DatasetWords.openers) } else { pick(english) }
        if text[first] >= 0x61 && text[first] <= 0x7A { text[first] -= 0x20 }
        for _ in 1..<words {
            put(0x20)
            let r = random.unit()
            if r < 0.04 {
                number(random.int(in: 1...999))
            } else if r < 0.06 {
                put(0x24)
                number(random.int(in: 1...500))
                put(0x2E)
                number(random.below(100), width: 2)
            } else if r < 0.08 {
                number(random.int(in: 1...12))
                put(0x3A)
                number(random.below(60), width: 2)
                switch random.below(3) {
                case 0: put("am")
                case 1: put("pm")
                default: break
                }
            } else if r < 0.09 {
                number(random.int(in: 2020...2026))
                put(0x2D)
                number(random.int(in: 1...12), width: 2)
                put(0x2D)
                number(random.int(in: 1...28), width: 2)
            } else if r < 0.11 {
                put("\\\"")
                pick(english)
                put("\\\"")
            } else if r < 0.13 {
                put(0x28)
                pick(english)
                put(0x29)
            } else if r < 0.16 {
                pick(english)
                put(0x2C)
            } else if r < 0.17 {
                pick(english)
                put(0x2D)
                pick(english)
            } else if r < 0.18 {
                pick(english)
                put("'s")
            } else if r < 0.19 {
                number(random.int(in: 1...100))
                put(0x25)
            } else if r < 0.20 {
                token()
            } else {
                pick(english)
            }
        }
        switch random.below(8) {
        case 0, 1, 2: put(0x2E)
        case 3: put(0x21)
        case 4: put(0x3F)
        case 5: put("...")
        case 6: put("!!")
        default: break
        }
    }

    /// A URL, e-mail address, hash, path, hashtag or run-together word.
    private mutating func token() {
        let r = random.unit()
        if r < 0.35 {
            put("https://")
            lowerWord()
            put(0x2E)
            pick(DatasetWords.tlds)
            for _ in 0..<random.int(in: 1...5) {
                put(0x2F)
                lowerWord()
            }
            if random.chance(0.4) {
                put("?id=")
                number(random.int(in: 1...1_000_000))
                put("&ref=")
                lowerWord()
            }
        } else if r < 0.5 {
            lowerWord()
            put(0x2E)
            lowerWord()
            put(0x40)
            lowerWord()
            put(0x2E)
            pick(DatasetWords.tlds)
        } else if r < 0.65 {
            let hex: StaticString = "0123456789abcdef"
            let lengths = [7, 12, 40, 64]
            for _ in 0..<lengths[random.below(4)] { put(hex.utf8Start[random.below(16)]) }
        } else if r < 0.8 {
            for _ in 0..<random.int(in: 2...6) {
                put(0x2F)
                lowerWord()
            }
            switch random.below(4) {
            case 0: put(".swift")
            case 1: put(".txt")
            case 2: put(".json")
            default: break
            }
        } else if r < 0.9 {
            put(0x23)
            lowerWord()
            let start = text.count
            lowerWord()
            text[start] -= 0x20
        } else {
            for _ in 0..<random.int(in: 3...6) { pick(english) }
        }
    }

    private mutating func englishRow() {
        let r = random.unit()
        if r < 0.02 { return }
        if r < 0.03 {
            let blanks: [StaticString] = [" ", "  ", "\\t", "\\n", " \\n ", "   "]
            pick(blanks)
            return
        }
        if random.chance(0.02) { put(0x20) }
        let sentences = min(40, max(1, Int(random.pick(LogNormalTable.englishSentences.values))))
        for k in 0..<sentences {
            if k > 0 {
                switch random.below(7) {
                case 0...3: put(0x20)
                case 4: put("  ")
                case 5: put("\\n")
                default: put("\\n\\n")
                }
            }
            englishSentence()
        }
        if random.chance(0.05) {
            switch random.below(3) {
            case 0: put(0x20)
            case 1: put("  ")
            default: put("\\n")
            }
        }
    }

    // MARK: - Japanese

    private mutating func japaneseSentence() {
        let r = random.unit()
        let open = r < 0.12
        if open { put("「") }
        if r >= 0.18 && r < 0.22 {
            pick(DatasetWords.katakana)
            put("・")
            pick(DatasetWords.katakana)
            put("：")
        }
        for _ in 0..<random.int(in: 1...4) {
            let n = random.unit()
            if n < 0.15 {
                pick(DatasetWords.katakana)
            } else if n < 0.2 {
                pick(DatasetWords.japaneseLatin)
            } else if n < 0.27 {
                number(random.int(in: 1...2026))
                pick(DatasetWords.counters)
            } else if n < 0.3 {
                fullWidthNumber(random.int(in: 1...999))
            } else {
                pick(japaneseNouns)
            }
            pick(DatasetWords.japaneseParticles)
            if random.chance(0.3) {
                for _ in 0..<random.int(in: 1...4) { pick(DatasetWords.kana) }
            }
            if random.chance(0.25) { put("、") }
        }
        pick(DatasetWords.japaneseVerbs)
        if open { put("」") }
        if r >= 0.12 && r < 0.18 {
            put("（")
            pick(japaneseNouns)
            put("）")
        }
        switch random.below(8) {
        case 0, 1, 2: put("。")
        case 3: put("！")
        case 4: put("？")
        case 5: put("…")
        case 6: put("ー")
        default: break
        }
    }

    private mutating func japaneseRow() {
        let r = random.unit()
        if r < 0.02 { return }
        if r < 0.03 {
            let blanks: [StaticString] = ["\u{3000}", " ", "\\n", "\u{3000}\u{3000}"]
            pick(blanks)
            return
        }
        let sentences = min(30, max(1, Int(random.pick(LogNormalTable.japaneseSentences.values))))
        for k in 0..<sentences {
            if k > 0 {
                switch random.below(6) {
                case 3: put("\\n")
                case 4: put(0x20)
                case 5: put("\u{3000}")
                default: break
                }
            }
            japaneseSentence()
        }
    }

    // MARK: - Mixed and chat

    private mutating func mixedRow() {
        let r = random.unit()
        if r < 0.4 {
            englishRow()
        } else if r < 0.7 {
            japaneseRow()
        } else {
            englishSentence()
            switch random.below(3) {
            case 0: put(0x20)
            case 1: put("\\n")
            default: break
            }
            japaneseSentence()
        }
        if !text.isEmpty && random.chance(0.25) { insertEmoji() }
    }

    /// Puts an emoji at a random space of the text (or at its end), with a space after it.
    private mutating func insertEmoji() {
        var spaces = 0
        for b in text where b == 0x20 { spaces += 1 }
        let target = random.below(spaces + 1)
        let emoji = random.pick(DatasetWords.emoji)
        let bytes = UnsafeBufferPointer(start: emoji.utf8Start, count: emoji.utf8CodeUnitCount)
        if target == spaces {
            put(0x20)
            text.append(contentsOf: bytes)
            return
        }
        var seen = 0
        for i in text.indices where text[i] == 0x20 {
            if seen == target {
                text.insert(contentsOf: Array(bytes) + [0x20], at: i + 1)
                return
            }
            seen += 1
        }
    }

    private mutating func chatRow() {
        let r = random.unit()
        if r < 0.45 {
            pick(DatasetWords.chatShort)
            if random.chance(0.2) {
                put(0x20)
                pick(DatasetWords.emoji)
            }
        } else if r < 0.55 {
            for k in 0..<random.int(in: 1...4) {
                if k > 0 && random.chance(0.3) { put(0x20) }
                pick(DatasetWords.emoji)
            }
        } else if r < 0.85 {
            let words = random.int(in: 2...9)
            let first = text.count
            pick(english)
            if random.chance(0.5) && text[first] >= 0x61 && text[first] <= 0x7A { text[first] -= 0x20 }
            for _ in 1..<words {
                put(0x20)
                if random.chance(0.05) {
                    number(random.int(in: 1...12))
                    put(":")
                    number(random.below(60), width: 2)
                } else {
                    lowerWord()
                }
            }
            if random.chance(0.3) { put(random.chance(0.5) ? "?" : "!") }
            if random.chance(0.15) {
                put(0x20)
                pick(DatasetWords.emoji)
            }
        } else if r < 0.9 {
            put("look: ")
            token()
        } else if r < 0.95 {
            japaneseSentence()
        } else {
            englishRow()  // the long tail: a paragraph or several
        }
    }
}
