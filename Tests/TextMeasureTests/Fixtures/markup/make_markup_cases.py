#!/usr/bin/env python3
"""Builds pango-1.50-parse.jsonl: markup and what Pango 1.50's pango_parse_markup makes of it
(pango-parse.c: "ERR", or the text length and its resolved runs), for the markup conformance
test (Tests/TextMeasureTests/Rich/AttributedTextMarkupTests.swift).

Hand-picked cases first, then random markup from a fixed seed: tags, <span> attributes with
valid and invalid values, entities, comments, stray '<' and '&', unclosed and mismatched tags.
Attributes RowHeight refuses as unsupported (sub, sup, rise...) are left out: their own tests
cover them.

Needs Debian's libpango1.0-dev and a C compiler. Run from anywhere:
    python3 make_markup_cases.py
"""
import json
import os
import random
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CURATED = [
    "<b>Ann</b> hello", "<i>x</i>", "<big>x</big>", "<small>x</small>", "<big><big>x</big></big>",
    "<small><small>x</small></small>", "<big><small>x</small></big>", "<tt>x</tt>",
    "<big><span size=\"20pt\">x</span></big>", "<span size=\"20pt\"><big>x</big></span>",
    "<span size=\"50%\">x<big>y</big></span>", "<span size=\"10.7pt\"><big>x</big></span>",
    "<span size=\"xx-large\"><small>x</small></span>", "<span size=\"larger\">x</span>",
    "<span size=\"smaller\"><span size=\"smaller\">x</span></span>", "<span size=\"2147483647\">x</span>",
    "<span size=\"2147483648\">x</span>", "<span size=\"1.5\">x</span>", "<span size=\"0x10pt\">x</span>",
    "<span weight=\"1001\">x</span>", "<span weight=\"0\">x</span>", "<span weight=\"+700\">x</span>",
    "<span weight=\" 700\">x</span>", "<span style=\"2\">x</span>", "<span face=\"a&amp;b\">x</span>",
    "<span face=\"a<b\">x</span>", "<span face=\"a\tb\">x</span>", "<span face='Sans'>x</span>",
    "<span size = \"20pt\">x</span>", "<span size=\"20pt\"weight=\"bold\">x</span>",
    "<span  size=\"20pt\" >x</span>", "<span size=\"20pt\" />x", "<b/>x", "<b >x</b >", "< b>x</b>",
    "<b>x</ b>", "<b>x</b", "<b>x</i>", "<b>x", "</b>", "a</markup>b", "x<markup>y</markup>",
    "<markup a=\"b\">y</markup>", "<?pi x?>a", "<!DOCTYPE x>a", "<!DOCTYPE x [<!ENTITY a \"b\">]>a",
    "<!foo>a", "<!--x-->a<!---->b", "<![CDATA[x<y]]>z", "a > b", "a & b", "a &amp b", "&#x110000;",
    "&#xD800;", "&#12a;", "&;", "&AMP;", "&#x 41;", "&#+65;", "&# 65;", "&#X41;", "&#x0x41;", "&#0;",
    "&#65;&#x41;&lt;&gt;&amp;&quot;&apos;", "a\rb", "a\r\nb", "<span face=\"a\r\nb\">x</span>",
    "<1>x</1>", "<b/ >x", "<span face=x>x</span>", "<span face>x</span>",
    "<span size=\"12pt\" size=\"13pt\">x</span>", "<span size=\"12pt\" font_size=\"13pt\">x</span>",
    "<span font-size=\"13pt\">x</span>", "<span letter_spacing=\"1024\">a<b>b</b></span>", "",
    "<b></b>", "<b>a</b><b>b</b>", "<span weight=\"bold\"><span weight=\"normal\">a</span>b</span>",
    "<span color=\"#12345\">x</span>", "<span underline=\"Single\">x</span>", "<span underline=\"7\">x</span>",
    "<span strikethrough=\"maybe\">x</span>", "<span alpha=\"0\">x</span>", "<span alpha=\"50%\">x</span>",
    "<span gravity=\"auto\">x</span>", "<span size=\"inf%\"></span>x",
    "<span font=\"Sans Bold 12\">x</span>", "<span font=\"Serif\"><big>x</big></span>",
    "<b><span font=\"Sans\">x</span></b>", "<span font_desc=\"DejaVu Sans Book\">x</span>",
    "<span font=\"Sans, Serif, Italic 10.5px\">x</span>", "<span font=\"  A ,B , 12\">x</span>",
    "<span font=\"weight=650 style=2 13\">x</span>", "<span font=\"Sans Oblique Semi-Bold\">x</span>",
    "<span font=\"12\">x</span>", "<span font=\"\">x</span>", "<span font=\"Sans 0\">x</span>",
    "<span font=\"Sans 1000001\">x</span>", "<span font=\"Sans normal 9\">x<big>y</big></span>",
    "<span font=\"Sans 12\" size=\"larger\">x</span>", "<span size=\"larger\" font=\"Sans 12\"><i>x</i></span>",
    "<span font=\"Bold\">x</span>", "<span font=\"Sans,\">x</span>", "<span font=\"Sans Book Italic 11.3\">x</span>",
]

TEXTS = ["a", "hello", " ", "ü", "日本", "x y", "\n", "\r\n", ">", "'", "\"", "\t", "🙂", "]]>"]
ENTITIES = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#65;", "&#x263A;", "&#0;", "&#xD800;",
            "&#x110000;", "&;", "&foo;", "&amp", "& ", "&#;", "&#x;", "&#12a;", "&# 65;", "&#+66;",
            "&#x0x41;", "&#X41;", "&AMP;", "&#1114111;", "&#xFFFE;", "&#99999999999999999999;"]
JUNK = ["<", "<!-- c -->", "<![CDATA[z<]]>", "<?pi?>", "</", "<!x>", "< b>", "&", "<b/>", "<span/>",
        "<!---->", "</>", "<>", "<b", "<span size=\"1pt\""]
TAGS = ["b", "i", "big", "small", "span", "span", "span", "span", "markup", "s", "u", "tt", "foo", "B"]
VALUES = {
    "face": ["Sans", "Serif", "a b", "", "DejaVu Sans"],
    "font_family": ["Sans", "Noto Serif"],
    "font": ["Sans Bold 12", "Serif", "DejaVu Sans Book 9.5", "Italic", "A, B, Light 20px", "13", "Sans Ultra-Bold"],
    "font_desc": ["Serif Italic", "Sans 0.5"],
    "font-family": ["Mono"],
    "size": ["20pt", "12.5pt", "1024", "0", "-5", "abc", "", "x-large", "xx-small", "medium", "small",
             "large", "x-small", "xx-large", "smaller", "larger", "50%", "150%", "0%", "12 pt", " 12pt",
             "0x10pt", "1e1pt", "12pt ", "100000", "3.3333pt", "inf%", "nanpt", "1e400pt"],
    "font_size": ["9pt", "larger"],
    "weight": ["bold", "700", "ultrabold", "ULTRABOLD", "ultra_bold", "semi-bold", "normal", "Regular",
               "book", "-1", "0", "1500", "heavy", "x", "", "Light", "thin", "extrablack", "350"],
    "font_weight": ["light"],
    "style": ["italic", "oblique", "normal", "roman", "Italic", "x", "0", "1", "2", ""],
    "letter_spacing": ["1024", "-512", "0", "", " 12", "+12", "1.5", "x", "99999999999"],
    "color": ["#fff", "#ffff", "#12345", "red", "#ff0000", "#GGG", "#ffffffffffff"],
    "foreground": ["blue"], "background": ["#000"], "bgcolor": ["#00000"],
    "underline": ["single", "none", "double", "Single", "x", "3", "error-line"],
    "strikethrough": ["true", "false", "yes", "maybe", "T"],
    "lang": ["en", "th"], "alpha": ["50%", "65535", "0", "70000", "101%"], "rise": ["0", "x"],
    "gravity": ["south", "auto", "x"], "fallback": ["true", "maybe"], "allow_breaks": ["true", "x"],
    "insert_hyphens": ["false", "x"], "variant": ["normal", "x"], "stretch": ["normal", "x"],
    "show": ["none", "x"], "text_transform": ["none", "x"], "font_scale": ["none", "x"],
    "baseline_shift": ["none", "0", "x"], "gravity_hint": ["natural", "x"], "overline": ["none", "x"],
    "foo": ["1"], "sizes": ["1"],
}


def element(rng, depth):
    tag = rng.choice(TAGS)
    attrs = ""
    if tag == "span" or rng.random() < 0.05:
        for name in rng.sample(sorted(VALUES), rng.randint(1 if tag == "span" else 1, 3)):
            quote = rng.choice("\"'")
            sep = rng.choice(["", " ", " ", "  ", "\n"])
            attrs += f"{' ' if sep == '' else sep}{name}={quote}{rng.choice(VALUES[name])}{quote}"
    opener = f"<{tag}{attrs}{rng.choice(['', '', '', ' '])}"
    roll = rng.random()
    if roll < 0.05:
        return opener + "/>"
    inner = content(rng, depth + 1)
    if roll < 0.08:
        return opener + ">" + inner
    closer = tag if rng.random() > 0.04 else rng.choice(TAGS)
    return opener + ">" + inner + f"</{closer}{rng.choice(['', '', ' '])}>"


def content(rng, depth):
    parts = []
    for _ in range(rng.randint(0, 4 if depth < 3 else 1)):
        roll = rng.random()
        if roll < 0.45:
            parts.append(rng.choice(TEXTS))
        elif roll < 0.8 and depth < 4:
            parts.append(element(rng, depth))
        elif roll < 0.92:
            parts.append(rng.choice(ENTITIES))
        else:
            parts.append(rng.choice(JUNK))
    return "".join(parts)


def main():
    rng = random.Random(12)
    cases = list(CURATED)
    seen = set(cases)
    while len(cases) < 4000:
        markup = content(rng, 0)
        if markup not in seen:
            seen.add(markup)
            cases.append(markup)
    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "pango-parse")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pango"], check=True, capture_output=True,
                               text=True).stdout.split()
        subprocess.run(["cc", "-O1", "-o", binary, os.path.join(HERE, "pango-parse.c"), *flags], check=True)
        records = b"".join(f"{len(c.encode())}\n".encode() + c.encode() for c in cases)
        out = subprocess.run([binary], input=records, check=True, capture_output=True).stdout.decode().splitlines()
    assert len(out) == len(cases)
    with open(os.path.join(HERE, "pango-1.50-parse.jsonl"), "w") as f:
        for markup, result in zip(cases, out):
            f.write(json.dumps({"markup": markup, "pango": result}, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases, {sum(r != 'ERR' for r in out)} accepted by Pango")


if __name__ == "__main__":
    main()
