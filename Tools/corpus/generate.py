#!/usr/bin/env python3
"""Deterministic generator of realistic table-cell texts for RowHeight's accuracy tests.

Corpora (JSON Lines, one {"text": ...} per row):
  en     English chat and feed messages: a long-tailed length distribution, URLs, e-mail
         addresses, hashes, file paths, numbers, prices, times, dates, quotes, parentheses,
         explicit newlines, double and trailing spaces, empty and white-space-only rows.
  ja     Japanese prose with its punctuation (、。「」（）・ー), kana and kanji, full-width forms,
         some ASCII words and numbers.
  mixed  Rows mixing both, plus emoji (absent from the bundled fonts: drawn as .notdef).

Usage: generate.py [--rows N] [--seed S] [--out DIR] [KIND ...]
The same seed and row count always give the same files.
"""
import argparse
import json
import os
import random

EN_WORDS = """the of and to in is you that it he was for on are as with his they at be this have from or one
had by word but not what all were we when your can said there use an each which she do how their if will up
other about out many then them these so some her would make like him into time has look two more write go see
number no way could people my than first water been call who oil its now find long down day did get come made
may part over new sound take only little work know place year live me back give most very after thing our just
name good sentence man think say great where help through much before line right too mean old any same tell boy
follow came want show also around form three small set put end does another well large must big even such
because turn here why ask went men read need land different home us move try kind hand picture again change off
play spell air away animal house point page letter mother answer found study still learn should America world
meeting tomorrow deploy release pipeline database migration feedback dashboard weekend coffee lunch schedule
customer invoice shipping tracking password account settings notification update version download install
beautiful wonderful absolutely definitely probably unfortunately congratulations internationalization
responsibilities misunderstanding characteristically""".split()

EN_OPENERS = ["Hey", "Hi", "Thanks", "OK", "Sure", "Yes", "No", "Well", "So", "Honestly", "Quick question:",
              "FYI", "Update:", "Reminder:", "Heads up:", "LOL", "Wait,", "Btw"]
TLDS = ["com", "org", "net", "io", "dev", "co.uk"]


def en_sentence(rng):
    n = max(2, int(rng.lognormvariate(2.0, 0.5)))
    words = [rng.choice(EN_WORDS) for _ in range(n)]
    if rng.random() < 0.3:
        words[0] = rng.choice(EN_OPENERS)
    words[0] = words[0][0].upper() + words[0][1:]
    for i in range(1, len(words)):
        r = rng.random()
        if r < 0.04:
            words[i] = f"{rng.randint(1, 999)}"
        elif r < 0.06:
            words[i] = f"${rng.randint(1, 500)}.{rng.randint(0, 99):02d}"
        elif r < 0.08:
            words[i] = f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d}{rng.choice(['am', 'pm', ''])}"
        elif r < 0.09:
            words[i] = f"{rng.randint(2020, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        elif r < 0.11:
            words[i] = f"\"{words[i]}\""
        elif r < 0.13:
            words[i] = f"({words[i]})"
        elif r < 0.16:
            words[i] = words[i] + ","
        elif r < 0.17:
            words[i] = words[i] + "-" + rng.choice(EN_WORDS)
        elif r < 0.18:
            words[i] = words[i] + "'s"
        elif r < 0.19:
            words[i] = f"{rng.randint(1, 100)}%"
    return " ".join(words) + rng.choice([".", ".", ".", "!", "?", "...", "!!", ""])


def en_token(rng):
    r = rng.random()
    word = lambda: rng.choice(EN_WORDS).lower()
    if r < 0.35:
        path = "/".join(word() for _ in range(rng.randint(1, 5)))
        query = f"?id={rng.randint(1, 10**6)}&ref={word()}" if rng.random() < 0.4 else ""
        return f"https://{word()}.{rng.choice(TLDS)}/{path}{query}"
    if r < 0.5:
        return f"{word()}.{word()}@{word()}.{rng.choice(TLDS)}"
    if r < 0.65:
        return "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice([7, 12, 40, 64])))
    if r < 0.8:
        return "/" + "/".join(word() for _ in range(rng.randint(2, 6))) + rng.choice([".swift", ".txt", ".json", ""])
    if r < 0.9:
        return "#" + word() + word().capitalize()
    return "".join(rng.choice(EN_WORDS) for _ in range(rng.randint(3, 6)))


def en_row(rng):
    r = rng.random()
    if r < 0.02:
        return ""
    if r < 0.03:
        return rng.choice([" ", "  ", "\t", "\n", " \n ", "   "])
    sentences = max(1, int(rng.lognormvariate(0.4, 0.8)))
    parts = []
    for _ in range(min(sentences, 40)):
        s = en_sentence(rng)
        if rng.random() < 0.15:
            words = s.split(" ")
            words.insert(rng.randint(0, len(words)), en_token(rng))
            s = " ".join(words)
        parts.append(s)
    text = ""
    for i, s in enumerate(parts):
        if i:
            text += rng.choice([" ", " ", " ", " ", "  ", "\n", "\n\n"])
        text += s
    if rng.random() < 0.05:
        text += rng.choice([" ", "  ", "\n"])
    if rng.random() < 0.02:
        text = rng.choice([" ", "  "]) + text
    return text


JA_NOUNS = """今日 明日 昨日 会議 資料 確認 予定 連絡 返信 東京 大阪 駅 電車 天気 雨 桜 季節 料理 写真 旅行 仕事 会社 社長
部長 先生 学生 友達 家族 子供 時間 場所 問題 質問 答え 説明 準備 発表 結果 報告 意見 理由 方法 情報 技術 開発 設計
画面 機能 更新 修正 対応 検討 提案 相談 注文 配送 商品 価格 店 映画 音楽 本 新聞 手紙 電話 番号 住所 名前""".split()
JA_VERBS = ["します", "しました", "できます", "ありません", "ですね", "でした", "と思います", "をお願いします",
            "してください", "に行きます", "を見ました", "が好きです", "になりました", "を確認しました", "がありますか"]
JA_PARTICLES = ["は", "が", "を", "に", "で", "と", "の", "へ", "から", "まで", "も"]
KATAKANA = ["システム", "データ", "サーバー", "メール", "ミーティング", "スケジュール", "プロジェクト",
            "コーヒー", "ラーメン", "チーム", "ユーザー", "アプリ", "ファイル", "パスワード"]
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"


def ja_sentence(rng):
    parts = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.15:
            noun = rng.choice(KATAKANA)
        elif r < 0.2:
            noun = rng.choice(["iPhone", "Swift", "GitHub", "OK", "PDF", "Wi-Fi", "API"])
        elif r < 0.27:
            noun = f"{rng.randint(1, 2026)}{rng.choice(['年', '月', '日', '時', '分', '円', '人', '個', '%'])}"
        elif r < 0.3:
            noun = "".join(chr(0xFF10 + int(d)) for d in str(rng.randint(1, 999)))  # full-width digits
        else:
            noun = rng.choice(JA_NOUNS)
        parts.append(noun + rng.choice(JA_PARTICLES))
        if rng.random() < 0.3:
            parts.append("".join(rng.choice(KANA) for _ in range(rng.randint(1, 4))))
        if rng.random() < 0.25:
            parts.append("、")
    s = "".join(parts) + rng.choice(JA_VERBS)
    r = rng.random()
    if r < 0.12:
        s = "「" + s + "」"
    elif r < 0.18:
        s = s + "（" + rng.choice(JA_NOUNS) + "）"
    elif r < 0.22:
        s = rng.choice(KATAKANA) + "・" + rng.choice(KATAKANA) + "：" + s
    return s + rng.choice(["。", "。", "。", "！", "？", "…", "ー", ""])


def ja_row(rng):
    r = rng.random()
    if r < 0.02:
        return ""
    if r < 0.03:
        return rng.choice(["\u3000", " ", "\n", "\u3000\u3000"])
    n = max(1, int(rng.lognormvariate(0.5, 0.7)))
    text = ""
    for i in range(min(n, 30)):
        if i:
            text += rng.choice(["", "", "", "\n", " ", "\u3000"])
        text += ja_sentence(rng)
    return text


EMOJI = ["😀", "👍", "🎉", "❤️", "🙏", "😂", "🔥", "✅", "👍🏽", "👩‍💻", "🇯🇵", "☕"]


def mixed_row(rng):
    r = rng.random()
    if r < 0.4:
        text = en_row(rng)
    elif r < 0.7:
        text = ja_row(rng)
    else:
        text = en_sentence(rng) + rng.choice([" ", "", "\n"]) + ja_sentence(rng)
    if text and rng.random() < 0.25:
        words = text.split(" ")
        words.insert(rng.randint(0, len(words)), rng.choice(EMOJI))
        text = " ".join(words)
    return text


KINDS = {"en": en_row, "ja": ja_row, "mixed": mixed_row}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_out = os.path.normpath(os.path.join(here, "..", "..", "Tests", "TextMeasureTests", "Fixtures", "corpus"))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=default_out)
    parser.add_argument("kinds", nargs="*", default=list(KINDS))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for kind in args.kinds:
        rng = random.Random(f"{args.seed}-{kind}")
        path = os.path.join(args.out, f"{kind}.jsonl")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for _ in range(args.rows):
                f.write(json.dumps({"text": KINDS[kind](rng)}, ensure_ascii=False) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
