#!/usr/bin/env python3
"""Probes Pango 1.50's behaviour through pango-oracle and prints the findings that README.md records.

Usage: make -C Tools/pango-oracle && python3 Tools/pango-oracle/probe.py
Needs fontTools (pip install fonttools) for the font's own advances; everything else is stdlib.
Every number printed comes from running the oracle (or from reading the font file).
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
ORACLE = os.path.join(HERE, "build", "pango-oracle")
DEJAVU = os.path.join(ROOT, "fonts", "DejaVuSans.ttf")
IPAEX = os.path.join(ROOT, "fonts", "ipaexg.ttf")

LINE = re.compile(r"^  line (\d+): scalars (\d+)\+(\d+), width (-?\d+) .*without trailing spaces (-?\d+): (.*)$")
GLYPH = re.compile(r"\[U\+([0-9A-F]+) glyph (unknown-)?(\d+) width (-?\d+)\]")


def run(args, rows):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for text in rows:
            f.write(json.dumps({"text": text}, ensure_ascii=False) + "\n")
        path = f.name
    try:
        out = subprocess.run([ORACLE, "--quiet", "--input", path] + args, check=True, capture_output=True,
                             text=True, encoding="utf-8")
    finally:
        os.unlink(path)
    return out.stdout


def counts(texts, font=DEJAVU, size=17, width=375, wrap="word"):
    out = run(["--font", font, "--size", str(size), "--width", str(width), "--wrap", wrap], texts)
    return [json.loads(l)["counts"][0] for l in out.splitlines()]


def count(text, **kw):
    return counts([text], **kw)[0]


def explain(text, font=DEJAVU, size=17, width=10000, wrap="word"):
    """[(start, length, width, width_without_trailing_spaces, [(codepoint, glyph, unknown, width)])] per line."""
    out = run(["--font", font, "--size", str(size), "--width", str(width), "--wrap", wrap, "--explain", "1",
               "--glyphs"], [text])
    lines = []
    for l in out.splitlines():
        m = LINE.match(l)
        if m:
            lines.append([int(m[2]), int(m[3]), int(m[4]), int(m[5]), []])
        elif l.startswith("    run") and lines:
            lines[-1][4] += [(int(g[0], 16), int(g[2]), bool(g[1]), int(g[3])) for g in GLYPH.findall(l)]
    return lines


def width(text, **kw):
    return explain(text, **kw)[0][2]


def metrics(font, size):
    out = subprocess.run([ORACLE, "--font", font, "--size", str(size)], input="", capture_output=True,
                         text=True).stderr.strip()
    return out.replace("pango-oracle: ", "")


def show(label, got, expected=None):
    mark = "" if expected is None else ("  ok" if got == expected else f"  (DESIGN/expected {expected})")
    print(f"  {label}: {got}{mark}")


def section(title):
    print(f"\n## {title}")


def main():
    if not os.path.exists(ORACLE):
        sys.exit("build the oracle first: make -C Tools/pango-oracle")
    from fontTools.ttLib import TTFont

    section("Metrics (Pango units, 1 pt = 1024)")
    for font in (DEJAVU, IPAEX):
        for size in (13, 17, 24):
            print("  " + metrics(font, size))

    section("Advance rounding: Pango glyph width vs the font's advance (no kerning: one glyph per row)")
    for font in (DEJAVU, IPAEX):
        tt = TTFont(font)
        upem, cmap, hmtx = tt["head"].unitsPerEm, tt.getBestCmap(), tt["hmtx"]
        chars = [chr(c) for c in range(0x21, 0x7F)] + ["あ", "漢", "。", "ー", "Ａ", "１"]
        chars = [c for c in chars if ord(c) in cmap]
        for size in (13, 17, 24, 13.5, 9.3, 17.7):
            scale = int(size * 1024)  # pango_font_description_set_absolute_size stores an int
            mult = (scale << 16) // upem  # HarfBuzz's em_mult
            exact = floor_ok = half_up_ok = hb_ok = 0
            worst = []
            # All characters in one row, one per paragraph (no kerning across them).
            out = run(["--font", font, "--size", str(size), "--width", "100000", "--explain", "1", "--glyphs"],
                      ["\n".join(chars)])
            glyphs = [g for g in GLYPH.findall(out) if int(g[0], 16) != 0x0A]
            for c, g in zip(chars, glyphs):
                adv = hmtx[cmap[ord(c)]][0]
                w = int(g[3])
                value = adv * scale / upem
                hb = (adv * mult + 32768) >> 16
                exact += value == w
                floor_ok += int(value) == w
                half_up_ok += int(value + 0.5) == w
                hb_ok += hb == w
                if hb != w:
                    worst.append((c, adv, w, hb))
            print(f"  {os.path.basename(font)} {size} pt ({len(chars)} glyphs): exact {exact}, floor {floor_ok}, "
                  f"round-half-up {half_up_ok}, HarfBuzz (adv*((scale<<16)/upem)+32768)>>16 {hb_ok}"
                  + (f"; differing: {worst[:4]}" if worst else ""))

    section("Kerning and ligatures (DejaVu Sans 17)")
    for pair in ("AV", "To", "Wa", "LT", "Ta", "y."):
        together = width(pair)
        apart = width(pair[0]) + width(pair[1])
        show(f"width {pair!r} vs {pair[0]!r}+{pair[1]!r}", f"{together} vs {apart} (kern {together - apart})")
    for lig in ("fi", "fl", "ffi", "ff"):
        g = explain(lig)[0][4]
        show(f"{lig!r} glyphs", [(hex(cp), gid, w) for cp, gid, _, w in g])
    show("'AV' with IPAexGothic vs 'A'+'V'", f"{width('AV', font=IPAEX)} vs {width('A', font=IPAEX) + width('V', font=IPAEX)}")

    section("Special characters: glyph widths (DejaVu Sans 17, then IPAexGothic 17)")
    specials = ["\u00a0", "\u3000", "\u00ad", "\u200b", "\u2060", "\ufeff", "\u2002", "\u2003", "\u2009", "\u202f",
                "\u200d", "\u0378", "\U0001F600", "\U0001F46A", "\U0010FFFD"]
    for font in (DEJAVU, IPAEX):
        for s in specials:
            lines = explain("x" + s + "x", font=font)
            g = [(hex(cp), ("unknown " if unk else "") + str(gid), w) for cp, gid, unk, w in lines[0][4] if cp != 0x78]
            print(f"  {os.path.basename(font)} U+{ord(s):04X}: {g}")
    for font in (DEJAVU, IPAEX):
        lines = explain("a\tb\tc\t\td", font=font)
        tabs = [w for cp, _, _, w in lines[0][4] if cp == 9]
        space = width("x x", font=font) - width("xx", font=font)
        print(f"  {os.path.basename(font)} tabs in 'a\\tb\\tc\\t\\td': widths {tabs}, line width {lines[0][2]}, "
              f"space {space}, 8 spaces {8 * space}")

    section("Line counts claimed by DESIGN.md (DejaVu Sans 17)")
    show("'aa jumps  over' at 80", count("aa jumps  over", width=80), 3)
    show("'aa jumps \\nover' at 80", count("aa jumps \nover", width=80), 3)
    show("'aa jumps \\nover' at 84", count("aa jumps \nover", width=84), 2)
    show("'' (empty)", count(""), 1)

    section("Trailing white space (DejaVu Sans 17; 'aa jumps' is 79818 units = 77.95 pt, space 5534)")
    for text, w in [("aa jumps over", 80), ("aa jumps  over", 80), ("aa jumps ", 78), ("aa jumps  ", 80),
                    ("aa jumps  ", 83.4), ("aa jumps \n", 80), ("aa jumps \n", 84), ("aa jumps\t", 80),
                    ("aa jumps\u3000over", 80), ("aa jumps\u00a0over", 80), ("aa jumps\u2003over", 80),
                    ("aa jumps\u2009over", 80)]:
        lines = explain(text, width=w)
        show(f"{text!r} at {w}", f"{len(lines)} lines " + str([(s, n, wd) for s, n, wd, _, _ in lines]))

    section("Fit test is width <= available (DejaVu Sans 17, 'aa' = 21336 units)")
    show("'aa' at 21336/1024 pt", count("aa", width=21336 / 1024), 1)
    show("'aa' at 21335/1024 pt", count("aa", width=21335 / 1024), 2)

    section("Mandatory breaks (line counts, DejaVu Sans 17)")
    for text in ["", "\n", "a\n", "\n\n", "a\nb", "a\r\nb", "a\rb", "a\r\n", "a\u2028b", "a\u2029b", "a\u000bb",
                 "a\u000cb", "a\u0085b", " ", "  \n  "]:
        show(repr(text), count(text))

    section("Wrapping rules")
    cases = [
        ("word longer than the line, word mode", "supercalifragilisticexpialidocious", DEJAVU, 100, "word"),
        ("the same, char mode", "supercalifragilisticexpialidocious", DEJAVU, 100, "char"),
        ("short word then a too-long word, word mode", "aa supercalifragilisticexpialidocious", DEJAVU, 100, "word"),
        ("the same, char mode", "aa supercalifragilisticexpialidocious", DEJAVU, 100, "char"),
        ("char mode at a space", "aaaa bbbb", DEJAVU, 50, "char"),
        ("char mode, double space", "aaaa  bbbb", DEJAVU, 43, "char"),
        ("a glyph wider than the line", "WWW", DEJAVU, 5, "word"),
        ("NBSP keeps words together (word mode)", "aa\u00a0jumps", DEJAVU, 60, "word"),
        ("hyphen breaks after it", "aaaa-bbbb", DEJAVU, 60, "word"),
        ("soft hyphen: break, no hyphen drawn", "aaaa\u00adbbbb", DEJAVU, 60, "word"),
        ("zero-width space: break", "aaaa\u200bbbbb", DEJAVU, 60, "word"),
        ("URL", "https://example.com/aaaa/bbbb?x=1", DEJAVU, 100, "word"),
        ("kinsoku: no line starts with 。 (word mode)", "ああ。", IPAEX, 34, "word"),
        ("kinsoku: char mode ignores it", "ああ。", IPAEX, 34, "char"),
        ("U+3000 hangs at the line end", "あいう\u3000えお", IPAEX, 51, "word"),
        ("emoji between letters", "aa\U0001F600bb", DEJAVU, 30, "word"),
        ("ligature split by char wrap", "ffffffff", DEJAVU, 30, "char"),
    ]
    for label, text, font, w, wrap in cases:
        lines = explain(text, font=font, width=w, wrap=wrap)
        print(f"  {label}: {text!r} at {w} {wrap}: {len(lines)} lines, "
              + str([(s, n, wd) for s, n, wd, _, _ in lines]))


if __name__ == "__main__":
    main()
