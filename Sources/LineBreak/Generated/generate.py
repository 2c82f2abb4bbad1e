#!/usr/bin/env python3
"""Generates LineBreakData.swift: the Unicode 15.0 line-breaking lookup tables for LineBreak.

Reads (Debian's `unicode-data` package installs them under /usr/share/unicode):
  LineBreak.txt         Line_Break property
  EastAsianWidth.txt    East_Asian_Width (LB30: OP/CP that are F, W or H)
  UnicodeData.txt       General_Category (LB1: SA -> CM for Mn/Mc; LB30b: Cn)
  emoji/emoji-data.txt  Extended_Pictographic (LB30b)
  PropList.txt          White_Space (which BA characters are white space that may hang)

Each code point gets one byte, its input code for the line breaker: its class after LB1 (AI,
SG, XX -> AL; SA -> CM if Mn/Mc else AL; CJ -> NS) as a LineBreakClass raw value (0-42), or
one of four refinements the rules or the segmenter tell apart: 43 OP that is East Asian F, W
or H (LB30), 44 such a CP, 45 ID that is Extended_Pictographic and unassigned (LB30b), 46 BA
that is White_Space (tab, U+3000, the en/em spaces...). The bytes are stored as a two-stage
table (blocks of 128 code points, identical blocks shared) and written as base64 string
literals, which compile fast.

LB1 loses the raw property of AI, SG, XX, SA and CJ code points; it is kept separately as a
sorted list of change points (code point << 8 | raw class, or | 0xFF where the raw class is
the resolved one) for `LineBreakClass.init(_:)`, which reports the property itself.

Usage: generate.py [--unicode-dir DIR] [--output FILE]
Re-running it on the same data reproduces the committed file byte for byte.
"""
import argparse
import base64
import os
import sys

# Must match the raw values of LineBreakClass in LineBreakClass.swift.
CLASSES = ["bk", "cr", "lf", "cm", "nl", "sg", "wj", "zw", "gl", "sp", "zwj", "b2", "ba", "bb", "hy",
           "cb", "cl", "cp", "ex", "in", "ns", "op", "qu", "is", "nu", "po", "pr", "sy", "ai", "al",
           "cj", "eb", "em", "h2", "h3", "hl", "id", "jl", "jv", "jt", "ri", "sa", "xx"]
INDEX = {name.upper(): i for i, name in enumerate(CLASSES)}
# Input codes beyond the classes (see the docstring); LineBreakTables.swift has the same numbers.
OP_WIDE, CP_WIDE, ID_PICTOGRAPHIC_UNASSIGNED, BA_WHITESPACE = 43, 44, 45, 46
BLOCK = 128
# The classes rule LB1 replaces (and so the tables do not keep).
RESOLVED_BY_LB1 = ("AI", "SG", "XX", "SA", "CJ")
MAX = 0x110000


def ranges(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            cps, value = [part.strip() for part in line.split(";")[:2]]
            if ".." in cps:
                lo, hi = cps.split("..")
            else:
                lo = hi = cps
            yield int(lo, 16), int(hi, 16), value


def general_categories(path):
    gc = ["Cn"] * MAX
    first = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.strip().split(";")
            cp, name, cat = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                first = cp
                continue
            if name.endswith(", Last>"):
                for c in range(first, cp + 1):
                    gc[c] = cat
                continue
            gc[cp] = cat
    return gc


def build(unicode_dir):
    lb = ["XX"] * MAX
    # Unlisted code points default to XX, except the ranges the file's header lists.
    defaults = [(0x3400, 0x4DBF, "ID"), (0x4E00, 0x9FFF, "ID"), (0xF900, 0xFAFF, "ID"),
                (0x20000, 0x2FFFD, "ID"), (0x30000, 0x3FFFD, "ID"), (0x1F000, 0x1FAFF, "ID"),
                (0x1FC00, 0x1FFFD, "ID"), (0x20A0, 0x20CF, "PR")]
    for lo, hi, value in defaults:
        for c in range(lo, hi + 1):
            lb[c] = value
    for lo, hi, value in ranges(os.path.join(unicode_dir, "LineBreak.txt")):
        for c in range(lo, hi + 1):
            lb[c] = value
    wide = [False] * MAX
    for lo, hi, value in ranges(os.path.join(unicode_dir, "EastAsianWidth.txt")):
        if value in ("F", "W", "H"):
            for c in range(lo, hi + 1):
                wide[c] = True
    # EastAsianWidth.txt's header: unlisted CJK ideograph ranges default to W.
    for lo, hi in [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]:
        for c in range(lo, hi + 1):
            wide[c] = True
    extpict = [False] * MAX
    for lo, hi, value in ranges(os.path.join(unicode_dir, "emoji", "emoji-data.txt")):
        if value == "Extended_Pictographic":
            for c in range(lo, hi + 1):
                extpict[c] = True
    whitespace = [False] * MAX
    for lo, hi, value in ranges(os.path.join(unicode_dir, "PropList.txt")):
        if value == "White_Space":
            for c in range(lo, hi + 1):
                whitespace[c] = True
    gc = general_categories(os.path.join(unicode_dir, "UnicodeData.txt"))
    raw_points = []
    current = None
    for c in range(MAX):
        code = INDEX[lb[c]] if lb[c] in RESOLVED_BY_LB1 else 0xFF
        if code != current:
            raw_points.append(c << 8 | code)
            current = code
    data = bytearray(MAX)
    for c in range(MAX):
        cls = lb[c]
        if cls in ("AI", "SG", "XX"):
            cls = "AL"
        elif cls == "SA":
            cls = "CM" if gc[c] in ("Mn", "Mc") else "AL"
        elif cls == "CJ":
            cls = "NS"
        value = INDEX[cls]
        if cls == "OP" and wide[c]:
            value = OP_WIDE
        elif cls == "CP" and wide[c]:
            value = CP_WIDE
        elif cls == "BA" and whitespace[c]:
            value = BA_WHITESPACE
        if extpict[c] and gc[c] == "Cn":
            if cls != "ID":
                sys.exit(f"U+{c:04X} is Extended_Pictographic and unassigned but {cls}, not ID: "
                         "the input codes cannot express it")
            value = ID_PICTOGRAPHIC_UNASSIGNED
        data[c] = value
    return data, raw_points


def two_stage(data):
    blocks = {}
    stage1 = []
    stage2 = bytearray()
    for start in range(0, MAX, BLOCK):
        block = bytes(data[start:start + BLOCK])
        if block not in blocks:
            blocks[block] = len(blocks)
            stage2 += block
        stage1.append(blocks[block])
    return stage1, stage2


def wrap(b64, width=100):
    return "\n".join(b64[i:i + width] for i in range(0, len(b64), width))


def render(data, raw_points):
    stage1, stage2 = two_stage(data)
    raw_bytes = b"".join(p.to_bytes(4, "little") for p in raw_points)
    assert len(set(stage1)) < 65536
    stage1_bytes = b"".join(i.to_bytes(2, "little") for i in stage1)
    ascii_table = ", ".join(str(b) for b in data[:128])
    return f"""// Generated by Sources/LineBreak/Generated/generate.py from Unicode 15.0 data
// (LineBreak.txt, EastAsianWidth.txt, UnicodeData.txt, emoji/emoji-data.txt, PropList.txt).
// Do not edit.
//
// One byte per code point, its input code: the Line_Break class after LB1 (a LineBreakClass
// raw value, 0-42), or 43 OP East Asian F/W/H, 44 CP East Asian F/W/H, 45 ID that is
// Extended_Pictographic & General_Category Cn, 46 BA that is White_Space.
// Stage 1 maps code point >> 7 to a block (UInt16, little-endian); stage 2 holds the blocks.
// The raw classes that LB1 replaces (AI, SG, XX, SA, CJ) are kept as change points.

enum LineBreakData {{
    /// Input codes of the code points U+0000–U+007F.
    static let ascii: [UInt8] = [{ascii_table}]

    /// Number of stage-1 entries ({len(stage1)}) and of distinct 128-code-point blocks ({len(stage2) // BLOCK}).
    static let stage1Count = {len(stage1)}
    static let blockCount = {len(stage2) // BLOCK}

    /// Stage 1, base64 of {len(stage1_bytes)} bytes.
    static let stage1Base64: StaticString = \"\"\"
{wrap(base64.b64encode(stage1_bytes).decode())}
\"\"\"

    /// Stage 2, base64 of {len(stage2)} bytes.
    static let stage2Base64: StaticString = \"\"\"
{wrap(base64.b64encode(bytes(stage2)).decode())}
\"\"\"

    /// Number of raw-class change points ({len(raw_points)}).
    static let rawPointCount = {len(raw_points)}

    /// The raw Line_Break class where LB1 changed it: sorted change points, each a UInt32
    /// (little-endian) `codePoint << 8 | class`, class 0xFF meaning "the resolved class";
    /// base64 of {len(raw_bytes)} bytes.
    static let rawPointsBase64: StaticString = \"\"\"
{wrap(base64.b64encode(raw_bytes).decode())}
\"\"\"
}}
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--unicode-dir", default="/usr/share/unicode")
    parser.add_argument("--output", default=os.path.join(here, "LineBreakData.swift"))
    args = parser.parse_args()
    text = render(*build(args.unicode_dir))
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print(f"wrote {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
