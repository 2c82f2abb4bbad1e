#!/usr/bin/env python3
"""The rows of a corpus whose line counts differ between Pango 1.50 and the `.pango` profile, with both
sides' lines: the evidence behind the known gaps of the accuracy tests.

Runs Tools/pango-oracle (built by `make -C Tools/pango-oracle`) and the built `rowheight` on
Tests/TextMeasureTests/Fixtures/corpus/NAME.jsonl with the font chain and the 18 combinations of
PangoScriptAccuracyTests and PangoDictionaryBreakAccuracyTests (13/17/24 pt, 200/280/375 pt, word
and char), and prints one line per differing row: its 1-based number and every combination that
differs as SIZE/WIDTH/WRAP:OURS v PANGO. With --explain, also both sides' lines in the first
differing combination (`pango-oracle --explain`, `rowheight measure`, fresh layouts: a row that
agrees there differs only in the oracle's batch run, see the README's Accuracy section).

With --heights, the rows whose line counts agree but whose heights differ instead (OURS v PANGO
are then heights in points, Pango's rounded up), the explanation with each line's height.

Usage: pango_mismatches.py [--rowheight PATH] [--explain] [--heights] NAME ...
"""
import argparse
import json
import os
import subprocess
import sys
from collections import Counter

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "../.."))
NOTO = "/usr/share/fonts/truetype/noto/"
SCRIPT = {
    "ar": "Arabic", "fa": "Arabic", "mixed-ar": "Arabic", "he": "Hebrew", "mixed-he": "Hebrew",
    "hi": "Devanagari", "mr": "Devanagari", "bn": "Bengali", "ta": "Tamil", "el": None, "ru": None,
    "th": "Thai", "lo": "Lao", "km": "Khmer", "my": "Myanmar",
}
SIZES, WIDTHS, WRAPS = [13, 17, 24], [200, 280, 375], ["word", "char"]


def fonts(name):
    if name == "ko":
        return [NOTO + "NotoSans-Regular.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#1"]
    script = SCRIPT[name]
    return [NOTO + "NotoSans-Regular.ttf"] + ([NOTO + f"NotoSans{script}-Regular.ttf"] if script else [])


def font_args(name):
    return [arg for font in fonts(name) for arg in ("--font", font)]


def mismatches(name, rowheight, heights=False):
    """Rows whose line counts differ; with `heights`, rows whose counts agree but whose heights
    (Pango's rounded up to the point) differ, each combination as (size, width, wrap, ours, pango)."""
    corpus = os.path.join(ROOT, f"Tests/TextMeasureTests/Fixtures/corpus/{name}.jsonl")
    oracle = subprocess.run(
        [os.path.join(ROOT, "Tools/pango-oracle/build/pango-oracle"), *font_args(name), "--size", "13,17,24",
         "--width", "200,280,375", "--wrap", "word,char", "--input", corpus, "--quiet", "--heights"],
        capture_output=True, text=True, check=True).stdout.splitlines()
    expected = [json.loads(line)["counts"] for line in oracle]
    expected_heights = [[-(-h // 1024) for h in json.loads(line)["heights"]] for line in oracle]
    rows = {}
    for s, size in enumerate(SIZES):
        for m, wrap in enumerate(WRAPS):
            ours = subprocess.run(
                [rowheight, "measure", "--input", corpus, *font_args(name), "--size", str(size),
                 "--widths", ",".join(map(str, WIDTHS)), "--profile", "pango", "--line-break", wrap],
                capture_output=True, text=True, check=True).stdout.splitlines()
            for row, line in enumerate(ours):
                measured = json.loads(line)
                counts = measured["lines"]
                for w, width in enumerate(WIDTHS):
                    c = (s * len(WIDTHS) + w) * len(WRAPS) + m
                    pango = expected[row][c]
                    if heights:
                        if counts[w] == pango and measured["height"][w] != expected_heights[row][c]:
                            rows.setdefault(row + 1, []).append(
                                (size, width, wrap, measured["height"][w], expected_heights[row][c]))
                    elif counts[w] != pango:
                        rows.setdefault(row + 1, []).append((size, width, wrap, counts[w], pango))
    return corpus, len(expected), rows


def explain(name, corpus, row, combination, rowheight):
    size, width, wrap = combination[:3]
    with open(corpus, encoding="utf-8") as f:
        line = f.readlines()[row - 1]
    text = json.loads(line)["text"]
    pango = subprocess.run(
        [os.path.join(ROOT, "Tools/pango-oracle/build/pango-oracle"), *font_args(name), "--size", str(size),
         "--width", str(width), "--wrap", wrap, "--explain", "1", "--quiet"],
        input=line, capture_output=True, text=True).stdout
    ours = subprocess.run(
        [rowheight, "measure", *font_args(name), "--size", str(size), "--width", str(width), "--line-break", wrap,
         "--profile", "pango", "--", text], capture_output=True, text=True).stdout
    print("  pango:\n" + "\n".join("    " + l for l in pango.splitlines()[1:]))
    print("  ours:\n" + "\n".join("    " + l for l in ours.splitlines()[1:]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rowheight", default=os.path.join(ROOT, ".build/debug/rowheight"))
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--heights", action="store_true",
                        help="rows whose line counts agree but whose heights differ (OURS v PANGO are heights in points)")
    parser.add_argument("names", nargs="+")
    args = parser.parse_args()
    for name in args.names:
        corpus, count, rows = mismatches(name, args.rowheight, args.heights)
        per = Counter(f"{s}/{w}/{m}" for found in rows.values() for s, w, m, _, _ in found)
        worst = max(per.values(), default=0)
        print(f"{name}: {len(rows)} rows differ somewhere; worst combination {worst} of {count} rows "
              f"({100 * (count - worst) / count:.2f} % identical)")
        for row, found in sorted(rows.items()):
            print(f"{name} {row}: " + " ".join(f"{s}/{w}/{m}:{o}v{p}" for s, w, m, o, p in found))
            if args.explain:
                explain(name, corpus, row, found[0], args.rowheight)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
