#!/usr/bin/env python3
"""Real-text corpora from the translations Debian packages install (/usr/share/locale/LANG/LC_MESSAGES/*.mo).

Each row is one translated message (msgstr) as a program shows it to its users: menu items,
dialog texts, error messages, help paragraphs — real Arabic, Hindi, Tamil… written by
translators, with the format specifiers, accelerators, quotes, digits, Latin product names and
newlines real UI strings carry. Rows are deduplicated, at least MIN_CHARS scalars long, and chosen
deterministically (sorted by SHA-1 of the text), so the same installed packages give the same file.

Corpora (written to Tests/TextMeasureTests/Fixtures/corpus/NAME.jsonl, {"text": …, "source": "package.mo"}):
  ar fa he hi mr bn ta el ru th km my ko   messages of that language
  mixed-ar mixed-he                        Arabic / Hebrew messages that hold Latin words
(Lao: Debian installs too few Lao messages; lao.py makes lo.jsonl.)

Usage: translations.py [--rows N] [--out DIR] [NAME ...]
"""
import argparse
import glob
import hashlib
import json
import os
import re
import struct

MIN_CHARS = 24
LANGS = ["ar", "fa", "he", "hi", "mr", "bn", "ta", "el", "ru", "th", "km", "my", "ko"]
MIXED = {"mixed-ar": "ar", "mixed-he": "he"}


def read_mo(path):
    """The msgstr strings of a GNU .mo file (plural forms split)."""
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic == 0x950412DE else ">"
    _, count, _, translations = struct.unpack(endian + "4I", data[4:20])
    out = []
    for k in range(count):
        length, offset = struct.unpack(endian + "2I", data[translations + 8 * k: translations + 8 * k + 8])
        raw = data[offset: offset + length]
        for part in raw.split(b"\0"):
            try:
                text = part.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if text and not text.startswith("Project-Id-Version") and "Content-Type:" not in text:
                out.append(text)
    return out


def messages(lang):
    rows = {}
    for path in sorted(glob.glob(f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo")):
        for text in read_mo(path):
            text = text.replace("\r", "")
            if len(text) >= MIN_CHARS and text not in rows:
                rows[text] = os.path.basename(path)
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../../Tests/TextMeasureTests/Fixtures/corpus"))
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    names = args.names or LANGS + list(MIXED)
    for name in names:
        lang = MIXED.get(name, name)
        rows = messages(lang)
        if name in MIXED:
            rows = {t: s for t, s in rows.items() if re.search(r"[A-Za-z]{3,}", t)}
        chosen = sorted(rows, key=lambda t: hashlib.sha1(t.encode()).hexdigest())[: args.rows]
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8") as f:
            for text in chosen:
                f.write(json.dumps({"text": text, "source": rows[text]}, ensure_ascii=False) + "\n")
        print(f"{name}: {len(chosen)} of {len(rows)} messages")


if __name__ == "__main__":
    main()
