#!/usr/bin/env python3
"""Builds the tiny synthetic colour fonts of TextMeasure's colour-font tests, one per colour
glyph format that Debian ships no font of (Debian's Noto Color Emoji covers CBDT/CBLC):

  RowHeightTestSbix.ttf    sbix PNG strikes and NO outlines (no glyf, like a bitmap-only font)
  RowHeightTestCOLRv0.ttf  COLR version 0 layers + CPAL over glyf outlines
  RowHeightTestCOLRv1.ttf  COLR version 1 paint graph (PaintGlyph + PaintSolid) + CPAL over glyf
  RowHeightTestSVG.ttf     an 'SVG ' table over glyf outlines

Every glyph and picture is drawn here (no third-party glyphs, so no license strings attached).
What the tests rely on, in every font: 2048 units per em; glyphs .notdef space A u1F600 u2764;
cmap U+0020 U+0041 U+1F600 (outside the BMP) U+2764; advances 1100/520/1300/2550/2300; hhea
ascender 1900, descender -500, line gap 0 (no OS/2 USE_TYPO_METRICS); OS/2 usWeightClass 400.

Run from this folder with fontTools installed: python3 make_test_color.py
"""
import struct
import zlib

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables import otTables
from fontTools.colorLib.builder import buildCOLR, buildCPAL

UPEM = 2048
GLYPHS = [".notdef", "space", "A", "u1F600", "u2764"]
ADVANCES = {".notdef": 1100, "space": 520, "A": 1300, "u1F600": 2550, "u2764": 2300}
CMAP = {0x20: "space", 0x41: "A", 0x1F600: "u1F600", 0x2764: "u2764"}
COLOR_GLYPHS = ["u1F600", "u2764"]


def box(width):
    pen = TTGlyphPen(None)
    if width > 600:
        pen.moveTo((100, 0))
        pen.lineTo((width - 100, 0))
        pen.lineTo((width - 100, 1500))
        pen.lineTo((100, 1500))
        pen.closePath()
    return pen.glyph()


def png(size, rgba):
    """A size × size PNG of one colour."""
    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(rgba) * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def builder(outlines, family):
    fb = FontBuilder(UPEM, isTTF=True)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap(CMAP)
    if outlines:
        fb.setupGlyf({name: box(ADVANCES[name]) for name in GLYPHS})
    fb.setupHorizontalMetrics({name: (ADVANCES[name], 100 if outlines else 0) for name in GLYPHS})
    fb.setupHorizontalHeader(ascent=1900, descent=-500, lineGap=0)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(usWeightClass=400, sTypoAscender=1600, sTypoDescender=-400, sTypoLineGap=200,
                usWinAscent=2100, usWinDescent=600, fsSelection=0x40)
    fb.setupPost()
    if not outlines:
        fb.setupMaxp()
        # maxp version 0.5: glyph count only, as fonts without TrueType outlines have it.
        fb.font["maxp"].tableVersion = 0x00005000
    return fb


def sbix_font():
    fb = builder(False, "RowHeight Test Sbix")
    from fontTools.ttLib.tables import sbixStrike, sbixGlyph
    table = newTable("sbix")
    table.version = 1
    table.flags = 1
    table.strikes = {}
    for ppem in (20, 64):
        strike = sbixStrike.Strike(ppem=ppem, resolution=72)
        for name in GLYPHS:
            if name in COLOR_GLYPHS:
                strike.glyphs[name] = sbixGlyph.Glyph(
                    glyphName=name, graphicType="png ", imageData=png(ppem, (255, 200, 0, 255)))
            else:
                strike.glyphs[name] = sbixGlyph.Glyph(glyphName=name)
        table.strikes[ppem] = strike
    fb.font["sbix"] = table
    fb.save("RowHeightTestSbix.ttf")


def colr_font(version):
    fb = builder(True, f"RowHeight Test COLRv{version}")
    fb.font["CPAL"] = buildCPAL([[(1.0, 0.8, 0.0, 1.0), (0.9, 0.1, 0.1, 1.0)]])
    if version == 0:
        layers = {"u1F600": [("A", 0), ("u1F600", 1)], "u2764": [("u2764", 1)]}
        fb.font["COLR"] = buildCOLR(layers, version=0)
    else:
        paints = {
            name: {
                "Format": otTables.PaintFormat.PaintGlyph,
                "Paint": {"Format": otTables.PaintFormat.PaintSolid, "PaletteIndex": k, "Alpha": 1.0},
                "Glyph": name,
            }
            for k, name in enumerate(COLOR_GLYPHS)
        }
        fb.font["COLR"] = buildCOLR(paints, version=1)
    fb.save(f"RowHeightTestCOLRv{version}.ttf")


def svg_font():
    fb = builder(True, "RowHeight Test SVG")
    table = newTable("SVG ")
    table.docList = []
    for name in COLOR_GLYPHS:
        gid = GLYPHS.index(name)
        document = (f'<svg xmlns="http://www.w3.org/2000/svg"><rect id="glyph{gid}" x="100" y="-1500" '
                    f'width="{ADVANCES[name] - 200}" height="1500" fill="#ffcc00"/></svg>')
        table.docList.append((document, gid, gid))
    fb.font["SVG "] = table
    fb.save("RowHeightTestSVG.ttf")


if __name__ == "__main__":
    sbix_font()
    colr_font(0)
    colr_font(1)
    svg_font()
