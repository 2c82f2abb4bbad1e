#!/usr/bin/env python3
"""Deterministic generator of the rich-text accuracy corpus: chat and feed rows built from the real
sentences of the existing corpora (en, ru, el in Tests/TextMeasureTests/Fixtures/corpus), with bold
names, italic words, <big> titles, <small> timestamps and handles, and two families (DejaVu Sans,
the chain's primary, and DejaVu Serif for quotes and some words).

Each row (JSON Lines) holds both forms of the same text:
  "text"   Pango markup, what the oracle lays out (pango-oracle --markup)
  "plain"  the text without markup
  "runs"   [[start, end, family or null, weight, italic, scale, letter spacing], ...]: UTF-8 byte
           ranges of "plain" covering it in order, with the attributes pango_parse_markup gives
           them (scale is Pango's: 1.2 for <big>, 1 / 1.2 for <small>; letter spacing in points,
           from <span letter_spacing> in Pango units / 1024)

Usage: rich.py [--rows N] [--seed S] [--out FILE]
The same seed and row count always give the same file.
"""
import argparse
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "Tests", "TextMeasureTests", "Fixtures", "corpus")

NAMES = ["Ann", "Bo", "Chiara", "Dmitri", "Eleni", "Fatou", "Grace Hopper", "Hiroshi", "Ines", "Jamal",
         "Katarzyna", "Liam O'Brien", "María José", "Nikos", "Olga", "Priya", "Quentin", "Rosa", "Sven",
         "Tomás", "Ulrike", "Vikram", "Wanjiru", "Xavier", "Yusuf", "Zoë", "Алексей", "Σοφία"]
HANDLES = ["ann", "bo_dev", "chiara.r", "dmitri", "eleni_k", "grace", "jamal99", "olga", "priya", "sven"]
TAGS_SMALL = ["edited", "seen", "sent", "delivered", "pinned", "via web"]
SERIF = "DejaVu Serif"
SMALL = 1 / 1.2
BIG = 1.2


def sentences(name):
    rows = []
    with open(os.path.join(CORPUS, name + ".jsonl"), encoding="utf-8") as f:
        for line in f:
            text = json.loads(line)["text"]
            # Tabs and column-aligning runs of spaces (command-line help texts among the ru and el
            # translations) are no chat or feed text, and plain-text known gaps of their own
            # (PangoScriptAccuracyTests: tab stops, space runs wider than a line).
            if "\t" in text or "    " in text or not 8 <= len(text) <= 220 or not text.strip():
                continue
            rows.append(text)
    return rows


def time_text(rng):
    r = rng.random()
    if r < 0.5:
        return f"{rng.randint(0, 23)}:{rng.randint(0, 59):02d}"
    if r < 0.8:
        return f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d} {rng.choice(['am', 'pm'])}"
    return rng.choice(["yesterday", "now", "2 min ago", "Mon", "3 Nov"])


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def markup(text, family=None, weight=400, italic=False, scale=1.0, spacing=0):
    """`text` wrapped in the tags that give it these attributes."""
    out = escape(text)
    if spacing:
        out = f'<span letter_spacing="{spacing}">{out}</span>'
    if italic:
        out = f"<i>{out}</i>"
    if weight == 700:
        out = f"<b>{out}</b>"
    elif weight != 400:
        out = f'<span weight="{weight}">{out}</span>'
    if family:
        out = f'<span font_family="{family}">{out}</span>'
    if scale == BIG:
        out = f"<big>{out}</big>"
    elif scale == SMALL:
        out = f"<small>{out}</small>"
    return out


def styled_words(rng, sentence):
    """The sentence as pieces, some words italic, bold or serif (a run boundary sometimes
    falls inside a word: "<b>Ann</b>'s")."""
    words = sentence.split(" ")
    pieces = []
    for i, word in enumerate(words):
        sep = " " if i < len(words) - 1 else ""
        r = rng.random()
        if word and r < 0.08:
            pieces.append((word, dict(italic=True)))
            pieces.append((sep, {}))
        elif word and r < 0.12:
            pieces.append((word, dict(weight=700)))
            pieces.append((sep, {}))
        elif word and r < 0.14:
            pieces.append((word, dict(family=SERIF, italic=rng.random() < 0.5)))
            pieces.append((sep, {}))
        elif word and r < 0.15:
            pieces.append((word, dict(spacing=rng.choice([512, 1024, 2048, -256]))))
            pieces.append((sep, {}))
        elif len(word) > 3 and r < 0.17:
            cut = rng.randint(1, len(word) - 1)
            pieces.append((word[:cut], dict(weight=700)))
            pieces.append((word[cut:] + sep, {}))
        else:
            pieces.append((word + sep, {}))
    return pieces


def row(rng, sentence, short):
    name = rng.choice(NAMES)
    kind = rng.random()
    if kind < 0.35:  # chat: bold name, message, small timestamp
        pieces = [(name, dict(weight=700)), (" ", {})] + styled_words(rng, sentence)
        if rng.random() < 0.7:
            pieces += [(" ", {}), (time_text(rng), dict(scale=SMALL))]
    elif kind < 0.55:  # feed: bold name, small handle and time, then the post
        handle = f"@{rng.choice(HANDLES)} · {time_text(rng)}"
        pieces = [(name, dict(weight=700)), (" ", {}), (handle, dict(scale=SMALL)), ("\n", {})]
        pieces += styled_words(rng, sentence)
    elif kind < 0.7:  # a quote in the serif family, italic attribution
        pieces = [("“" + sentence + "”", dict(family=SERIF)), (" — ", {}), (name, dict(italic=True))]
    elif kind < 0.82:  # big title, then the body
        pieces = [(short, dict(scale=BIG, weight=rng.choice([400, 700])))]
        pieces += [("\n", {})] + styled_words(rng, sentence)
    elif kind < 0.87:  # letter-spaced title, then the body
        pieces = [(short.upper(), dict(spacing=rng.choice([1024, 1536, 3072]), weight=rng.choice([400, 700])))]
        pieces += [("\n", {})] + styled_words(rng, sentence)
    elif kind < 0.92:  # message with a small italic status
        pieces = styled_words(rng, sentence)
        pieces += [(" ", {}), (rng.choice(TAGS_SMALL), dict(scale=SMALL, italic=True))]
    else:  # serif bold name, semibold status, big emphasis inside the text
        words = sentence.split(" ")
        k = rng.randrange(len(words))
        pieces = [(name + ":", dict(family=SERIF, weight=700)), (" ", {})]
        pieces += [(" ".join(words[:k]) + (" " if k else ""), {}), (words[k], dict(scale=BIG, weight=600))]
        pieces += [((" " if k < len(words) - 1 else "") + " ".join(words[k + 1:]), {})]
    # Merge neighbours with equal attributes, drop empty pieces.
    merged = []
    for text, attrs in pieces:
        if not text:
            continue
        if merged and merged[-1][1] == attrs:
            merged[-1] = (merged[-1][0] + text, attrs)
        else:
            merged.append((text, attrs))
    plain = "".join(text for text, _ in merged)
    runs = []
    offset = 0
    for text, attrs in merged:
        length = len(text.encode("utf-8"))
        runs.append([offset, offset + length, attrs.get("family"), attrs.get("weight", 400),
                     attrs.get("italic", False), attrs.get("scale", 1.0), attrs.get("spacing", 0) / 1024])
        offset += length
    return {"text": "".join(markup(text, **attrs) for text, attrs in merged), "plain": plain, "runs": runs}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--out", default=os.path.join(CORPUS, "rich.jsonl"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pools = {name: sentences(name) for name in ["en", "ru", "el"]}
    shorts = [s for s in pools["en"] if len(s) <= 40 and "\n" not in s]
    with open(args.out, "w", encoding="utf-8") as f:
        for _ in range(args.rows):
            pool = pools["en"] if rng.random() < 0.7 else pools[rng.choice(["ru", "el"])]
            sentence = rng.choice(pool)
            f.write(json.dumps(row(rng, sentence, rng.choice(shorts)), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
