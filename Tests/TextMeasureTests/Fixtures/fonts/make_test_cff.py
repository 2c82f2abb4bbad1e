#!/usr/bin/env python3
"""Builds RowHeightTestCFF.otf, a tiny synthetic OpenType/CFF font for TextMeasure's font tests.

Every outline is a rectangle drawn here (no third-party glyphs, so no license strings attached).
What the tests rely on:
  - CFF outlines ('OTTO'), 1000 units per em, glyphs .notdef space A V a uni3042 u1F600;
  - a format-4 and a format-12 cmap (U+1F600 is outside the BMP);
  - hhea 800/-200/0 and OS/2 typo 780/-220/100 with USE_TYPO_METRICS (fsSelection bit 7) set,
    so the typo values are the font's metrics;
  - a legacy 'kern' table (format 0): A V -80, V A -70, a V -15.

Run from this folder with fontTools installed: python3 make_test_cff.py
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

UPEM = 1000
GLYPHS = [".notdef", "space", "A", "V", "a", "uni3042", "u1F600"]
ADVANCES = {".notdef": 500, "space": 250, "A": 640, "V": 610, "a": 530, "uni3042": 1000, "u1F600": 900}
CMAP = {0x20: "space", 0x41: "A", 0x56: "V", 0x61: "a", 0x3042: "uni3042", 0x1F600: "u1F600"}
KERNING = {("A", "V"): -80, ("V", "A"): -70, ("a", "V"): -15}


def rectangle(width):
    pen = T2CharStringPen(width, None)
    if width > 300:
        pen.moveTo((50, 0))
        pen.lineTo((width - 50, 0))
        pen.lineTo((width - 50, 700))
        pen.lineTo((50, 700))
        pen.closePath()
    return pen.getCharString()


builder = FontBuilder(UPEM, isTTF=False)
builder.font.recalcTimestamp = False  # a reproducible file
builder.updateHead(created=0, modified=0)
builder.setupGlyphOrder(GLYPHS)
builder.setupCharacterMap(CMAP)
builder.setupCFF("RowHeightTestCFF-Regular", {"FullName": "RowHeight Test CFF Regular"},
                 {name: rectangle(ADVANCES[name]) for name in GLYPHS}, {})
builder.setupHorizontalMetrics({name: (ADVANCES[name], 50) for name in GLYPHS})
builder.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
builder.setupNameTable({"familyName": "RowHeight Test CFF", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=780, sTypoDescender=-220, sTypoLineGap=100, usWinAscent=900, usWinDescent=300,
                 fsSelection=0x0040 | 0x0080, version=4)
builder.setupPost()

kern = newTable("kern")
kern.version = 0
subtable = KernTable_format_0()
subtable.version = 0
subtable.format = 0
subtable.coverage = 1
subtable.kernTable = dict(KERNING)
kern.kernTables = [subtable]
builder.font["kern"] = kern

builder.save("RowHeightTestCFF.otf")
