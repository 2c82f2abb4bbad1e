/// The word lists `rowheight dataset` draws from (taken from `Tools/corpus/generate.py`, plus
/// chat phrases), as static strings so a row is built by copying bytes.
enum DatasetWords {
    /// Common English words, some long (for words wider than a narrow line).
    static let english: [StaticString] = [
        "the", "of", "and", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are", "as", "with",
        "his", "they", "at", "be", "this", "have", "from", "or", "one", "had", "by", "word", "but", "not", "what",
        "all", "were", "we", "when", "your", "can", "said", "there", "use", "an", "each", "which", "she", "do", "how",
        "their", "if", "will", "up", "other", "about", "out", "many", "then", "them", "these", "so", "some", "her",
        "would", "make", "like", "him", "into", "time", "has", "look", "two", "more", "write", "go", "see", "number",
        "no", "way", "could", "people", "my", "than", "first", "water", "been", "call", "who", "oil", "its", "now",
        "find", "long", "down", "day", "did", "get", "come", "made", "may", "part", "over", "new", "sound", "take",
        "only", "little", "work", "know", "place", "year", "live", "me", "back", "give", "most", "very", "after",
        "thing", "our", "just", "name", "good", "sentence", "man", "think", "say", "great", "where", "help",
        "through", "much", "before", "line", "right", "too", "mean", "old", "any", "same", "tell", "boy", "follow",
        "came", "want", "show", "also", "around", "form", "three", "small", "set", "put", "end", "does", "another",
        "well", "large", "must", "big", "even", "such", "because", "turn", "here", "why", "ask", "went", "men",
        "read", "need", "land", "different", "home", "us", "move", "try", "kind", "hand", "picture", "again",
        "change", "off", "play", "spell", "air", "away", "animal", "house", "point", "page", "letter", "mother",
        "answer", "found", "study", "still", "learn", "should", "America", "world", "meeting", "tomorrow", "deploy",
        "release", "pipeline", "database", "migration", "feedback", "dashboard", "weekend", "coffee", "lunch",
        "schedule", "customer", "invoice", "shipping", "tracking", "password", "account", "settings", "notification",
        "update", "version", "download", "install", "beautiful", "wonderful", "absolutely", "definitely", "probably",
        "unfortunately", "congratulations", "internationalization", "responsibilities", "misunderstanding",
        "characteristically",
    ]
    /// Words that open chat messages.
    static let openers: [StaticString] = [
        "Hey", "Hi", "Thanks", "OK", "Sure", "Yes", "No", "Well", "So", "Honestly", "Quick question:", "FYI",
        "Update:", "Reminder:", "Heads up:", "LOL", "Wait,", "Btw",
    ]
    /// Top-level domains of the URLs and e-mail addresses.
    static let tlds: [StaticString] = [
        "com", "org", "net", "io", "dev", "co.uk",
    ]
    /// Japanese nouns (kanji).
    static let japaneseNouns: [StaticString] = [
        "今日", "明日", "昨日", "会議", "資料", "確認", "予定", "連絡", "返信", "東京", "大阪", "駅", "電車", "天気", "雨", "桜", "季節", "料理", "写真",
        "旅行", "仕事", "会社", "社長", "部長", "先生", "学生", "友達", "家族", "子供", "時間", "場所", "問題", "質問", "答え", "説明", "準備", "発表",
        "結果", "報告", "意見", "理由", "方法", "情報", "技術", "開発", "設計", "画面", "機能", "更新", "修正", "対応", "検討", "提案", "相談", "注文",
        "配送", "商品", "価格", "店", "映画", "音楽", "本", "新聞", "手紙", "電話", "番号", "住所", "名前",
    ]
    /// Japanese sentence endings.
    static let japaneseVerbs: [StaticString] = [
        "します", "しました", "できます", "ありません", "ですね", "でした", "と思います", "をお願いします", "してください", "に行きます", "を見ました", "が好きです",
        "になりました", "を確認しました", "がありますか",
    ]
    /// Japanese particles.
    static let japaneseParticles: [StaticString] = [
        "は", "が", "を", "に", "で", "と", "の", "へ", "から", "まで", "も",
    ]
    /// Katakana loan words.
    static let katakana: [StaticString] = [
        "システム", "データ", "サーバー", "メール", "ミーティング", "スケジュール", "プロジェクト", "コーヒー", "ラーメン", "チーム", "ユーザー", "アプリ", "ファイル",
        "パスワード",
    ]
    /// Single hiragana.
    static let kana: [StaticString] = [
        "あ", "い", "う", "え", "お", "か", "き", "く", "け", "こ", "さ", "し", "す", "せ", "そ", "た", "ち", "つ", "て", "と", "な", "に",
        "ぬ", "ね", "の", "は", "ひ", "ふ", "へ", "ほ", "ま", "み", "む", "め", "も", "や", "ゆ", "よ", "ら", "り", "る", "れ", "ろ", "わ",
        "を", "ん",
    ]
    /// ASCII words found in Japanese text.
    static let japaneseLatin: [StaticString] = [
        "iPhone", "Swift", "GitHub", "OK", "PDF", "Wi-Fi", "API",
    ]
    /// Japanese counters after a number.
    static let counters: [StaticString] = [
        "年", "月", "日", "時", "分", "円", "人", "個", "%",
    ]
    /// Emoji, with skin tones, ZWJ sequences, flags and variation selectors.
    static let emoji: [StaticString] = [
        "😀", "👍", "🎉", "❤️", "🙏", "😂", "🔥", "✅", "👍🏽", "👩‍💻", "🇯🇵", "☕", "😅", "👀", "💯", "🤔",
    ]
    /// Short chat replies.
    static let chatShort: [StaticString] = [
        "ok", "OK", "okay", "k", "lol", "LOL", "haha", "hahaha", "yes", "yep", "yeah", "no", "nope", "sure", "thanks",
        "thx", "ty", "thank you!", "np", "omg", "wow", "nice", "cool", "great!", "awesome", "brb", "gtg", "on my way",
        "omw", "see you soon", "see you tomorrow", "good night", "gn", "good morning", "morning!", "hi", "hey",
        "hello", "hey!", "yo", "what?", "why?", "really?", "same", "me too", "agreed", "sounds good", "done", "on it",
        "got it", "noted", "will do", "let me check", "one sec", "hmm", "idk", "not sure", "maybe", "lgtm", "ship it",
        "+1", "❤️", "👍", "😂", "🙏", "🎉", "🔥", "😅", "👀", "💯", "✅", "😭", "🤔", "🙌",
    ]
}
