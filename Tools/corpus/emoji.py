#!/usr/bin/env python3
"""Deterministic generator of chat rows with emoji for RowHeight's emoji accuracy tests.

Takes real sentences of the `en` corpus (Tests/TextMeasureTests/Fixtures/corpus/en.jsonl, made by
generate.py) and places emoji in them as people type them: after a sentence or a word with or
without a space, repeated ("😂😂😂"), a row of only emoji, at the start of a message, in place of
a word. The emoji are sequences of Unicode's emoji-test.txt (Debian's `unicode-data`,
/usr/share/unicode/emoji), drawn from kinds that each exercise a part of emoji presentation:

  plain      single fully-qualified code points (😀, ⌚, ☕: Emoji_Presentation)
  zwj        ZWJ sequences (families 👨‍👩‍👧, professions 👩‍💻, ❤️‍🔥)
  flag       regional-indicator pairs (🇫🇷) and tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿)
  tone       skin-tone modifier sequences (👍🏽, 🧑🏿‍🦱)
  vs16       text-default characters with VS16 (❤️, ☺️, ✔️, ©️)
  keycap     keycaps (1️⃣, #️⃣)
  text       text-default characters as typed without VS16 (❤, ☺, ✔, ©, ™) and with VS15 (☺︎)

Writes emoji.jsonl (one {"text": ...} per row) beside en.jsonl.
Usage: emoji.py [--rows N] [--seed S] [--unicode-dir DIR] [--out DIR]
The same seed, row count and data always give the same file.
"""
import argparse
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(REPO, "Tests", "TextMeasureTests", "Fixtures", "corpus")


def read_emoji_test(path):
    """Fully-qualified sequences of emoji-test.txt by kind."""
    kinds = {k: [] for k in ("plain", "zwj", "flag", "tone", "vs16", "keycap")}
    text = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or ";" not in line:
            continue
        codes, rest = line.split(";", 1)
        status = rest.split("#", 1)[0].strip()
        cps = [int(c, 16) for c in codes.split()]
        s = "".join(map(chr, cps))
        if status == "unqualified" and len(cps) == 1:
            text.append(s)  # a text-default character as typed without VS16
            continue
        if status != "fully-qualified":
            continue
        if 0x20E3 in cps:
            kinds["keycap"].append(s)
        elif 0x200D in cps:
            kinds["zwj"].append(s)
        elif all(0x1F1E6 <= c <= 0x1F1FF for c in cps) or any(0xE0020 <= c <= 0xE007F for c in cps):
            kinds["flag"].append(s)
        elif any(0x1F3FB <= c <= 0x1F3FF for c in cps):
            kinds["tone"].append(s)
        elif len(cps) == 2 and cps[1] == 0xFE0F:
            kinds["vs16"].append(s)
        elif len(cps) == 1:
            kinds["plain"].append(s)
    kinds["text"] = text + [t + "\uFE0E" for t in text[:20]] + ["\u00A9", "\u2122", "\u00AE"]
    return kinds


# How often each kind is picked: most chat emoji are plain ones, then hearts (VS16) and tones.
WEIGHTS = {"plain": 40, "vs16": 14, "tone": 12, "zwj": 12, "flag": 8, "keycap": 4, "text": 10}
# The handful everyone uses, picked often (as in real chats).
FAVOURITES = ["\U0001F602", "\u2764\uFE0F", "\U0001F44D", "\U0001F62D", "\U0001F64F", "\U0001F60A",
              "\U0001F525", "\U0001F973", "\u2728", "\U0001F440", "\U0001F44D\U0001F3FD", "\u263A\uFE0F"]


def pick(rng, kinds):
    if rng.random() < 0.3:
        return rng.choice(FAVOURITES)
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    return rng.choice(kinds[kind])


def emoji_row(rng, sentence, kinds):
    words = sentence.split(" ")
    style = rng.random()
    if style < 0.08:  # only emoji
        return "".join(pick(rng, kinds) for _ in range(rng.randint(1, 6)))
    if style < 0.16:  # a repeated one
        e = pick(rng, kinds)
        return sentence.rstrip() + " " + e * rng.randint(2, 5)
    out = []
    for i, word in enumerate(words):
        if i == 0 and rng.random() < 0.1:
            out.append(pick(rng, kinds))
        if rng.random() < 0.04:  # in place of a word
            out.append(pick(rng, kinds))
            continue
        out.append(word)
        if rng.random() < 0.12:  # after a word: with a space, or glued to it
            e = pick(rng, kinds)
            if rng.random() < 0.3:
                out[-1] += e
            else:
                out.append(e)
    if rng.random() < 0.6:  # at the end
        end = "".join(pick(rng, kinds) for _ in range(rng.choice([1, 1, 1, 2, 3])))
        out.append(end if rng.random() < 0.8 else end + " ")
    return " ".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--unicode-dir", default="/usr/share/unicode")
    parser.add_argument("--out", default=CORPUS)
    args = parser.parse_args()
    kinds = read_emoji_test(os.path.join(args.unicode_dir, "emoji", "emoji-test.txt"))
    sentences = [json.loads(line)["text"] for line in open(os.path.join(CORPUS, "en.jsonl"), encoding="utf-8")]
    # Chat-length rows with text (the en corpus also holds empty and very long rows).
    sentences = [s for s in sentences if 0 < len(s.strip()) and len(s) <= 280 and "\t" not in s]
    rng = random.Random(args.seed)
    path = os.path.join(args.out, "emoji.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(args.rows):
            row = emoji_row(rng, rng.choice(sentences), kinds)
            f.write(json.dumps({"text": row}, ensure_ascii=False) + "\n")
    print("%d rows -> %s" % (args.rows, path))


if __name__ == "__main__":
    main()
