#!/usr/bin/env python3
"""A real-text Lao corpus: UI strings and names Lao translators wrote, with each row's source and licence.

Debian installs almost no Lao translations (46 messages of iso-codes under /usr/share/locale/lo),
so translations.py cannot make a Lao corpus. This script gathers every Lao string of at least
MIN_CHARS scalars from, in this order:

1. Debian packages (fetched with `apt-get download` into --cache): the Lao .mo files of the
   packages in DEBIAN and the Lao descriptions (Description-lo.UTF-8, short and long) of their
   debconf templates.
2. PyPI wheels (fetched with `pip download --no-deps` into --cache): pycountry's iso-codes
   translations (a newer iso-codes than Debian's) and Babel's CLDR locale data for `lo` (every
   string of the locale: language, territory, script, currency and time-zone names, unit
   patterns).
3. The po/lo.po of the git repositories given with --po (GNOME applications, read at their
   HEAD commit; a bare repository works), e.g. mirrors of GNOME/gnome-control-center and
   GNOME/gnome-software: full sentences, which the names of groups 1 and 2 mostly are not.

A row holds at least one Lao letter (untranslated messages are left out), is deduplicated, and
is kept in the first group that has it; rows are ordered by group, then by SHA-1 of the text
(--rows N keeps the first N), so the same package versions give the same file. Output: one JSON object per line,
{"text": …, "source": …, "licence": …} (SPDX identifiers; a translation carries its package's).

Usage: lao.py [--rows N] [--cache DIR] [--out FILE] [--po GIT_DIR ...]
"""
import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

sys.path.insert(0, os.path.dirname(__file__))
from translations import MIN_CHARS, read_mo  # noqa: E402

LAO = re.compile("[\u0e81-\u0edf]")

# Debian package -> licence of its translations (debian/copyright).
DEBIAN = {
    "iso-codes": "LGPL-2.1-or-later",
    "keyboard-configuration": "GPL-2.0-or-later",
    "console-setup": "GPL-2.0-or-later",
    "cinnamon-l10n": "GPL-2.0-or-later",
    "mate-desktop-common": "GPL-2.0-or-later",
    "mate-tweak": "GPL-2.0-or-later",
}
PYCOUNTRY_LICENCE = "LGPL-2.1-or-later"  # iso-codes' translations
CLDR_LICENCE = "Unicode-3.0"  # CLDR data, as Babel ships it
GNOME_LICENCE = "GPL-2.0-or-later"


def is_row(text):
    return len(text) >= MIN_CHARS and LAO.search(text) is not None


def debconf_descriptions(templates):
    """The Lao descriptions of a debconf templates file: the short line and the long text."""
    out = []
    lines = templates.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        if not line.startswith("Description-lo.UTF-8:"):
            continue
        out.append(line.split(":", 1)[1].strip())
        paragraphs, current = [], []
        while k < len(lines) and lines[k].startswith(" "):
            part = lines[k][1:]
            k += 1
            if part == ".":
                paragraphs.append(" ".join(current))
                current = []
            else:
                current.append(part)
        paragraphs.append(" ".join(current))
        long_text = "\n\n".join(p for p in paragraphs if p)
        if long_text:
            out.append(long_text)
    return out


def debian_rows(cache):
    rows = {}
    debs = os.path.join(cache, "debs")
    os.makedirs(debs, exist_ok=True)
    subprocess.run(["apt-get", "download", *DEBIAN], cwd=debs, check=True, stdout=subprocess.DEVNULL)
    for package, licence in DEBIAN.items():
        (deb,) = glob.glob(os.path.join(debs, package + "_*.deb"))
        version = os.path.basename(deb).split("_")[1].replace("%3a", ":")
        with tempfile.TemporaryDirectory() as root:
            subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
            subprocess.run(["dpkg-deb", "-e", deb, os.path.join(root, "DEBIAN")], check=True)
            texts = []
            for path in sorted(glob.glob(os.path.join(root, "usr/share/locale/lo/LC_MESSAGES/*.mo"))):
                texts += [(t, os.path.basename(path)) for t in read_mo(path)]
            templates = os.path.join(root, "DEBIAN", "templates")
            if os.path.exists(templates):
                texts += [(t, "templates") for t in debconf_descriptions(open(templates, encoding="utf-8").read())]
        for text, file in texts:
            text = text.replace("\r", "")
            if is_row(text) and text not in rows:
                rows[text] = (f"debian:{package} {version} {file}", licence)
    return rows


def strings(value):
    """Every string inside Babel's nested locale data."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)
    elif hasattr(value, "items"):
        for _, item in value.items():
            yield from strings(item)


def pypi_rows(cache):
    rows = {}
    wheels = os.path.join(cache, "pypi")
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", wheels, "pycountry", "babel"], check=True)
    for wheel in sorted(glob.glob(os.path.join(wheels, "*.whl"))):
        name, version = os.path.basename(wheel).split("-")[:2]
        with tempfile.TemporaryDirectory() as root:
            zipfile.ZipFile(wheel).extractall(root)
            if name == "pycountry":
                for path in sorted(glob.glob(os.path.join(root, "pycountry/locales/lo/LC_MESSAGES/*.mo"))):
                    for text in read_mo(path):
                        if is_row(text) and text not in rows:
                            rows[text] = (f"pypi:pycountry {version} {os.path.basename(path)}", PYCOUNTRY_LICENCE)
            elif name == "babel":
                sys.path.insert(0, root)
                import babel.localedata as localedata  # the downloaded wheel's data
                for text in strings(dict(localedata.load("lo"))):
                    if is_row(text) and text not in rows:
                        rows[text] = (f"pypi:babel {version} CLDR lo", CLDR_LICENCE)
                sys.path.remove(root)
    return rows


def po_rows(git_dir):
    rows = {}
    commit = subprocess.run(["git", "-C", git_dir, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    po = subprocess.run(["git", "-C", git_dir, "show", "HEAD:po/lo.po"], check=True, capture_output=True).stdout
    name = re.sub(r"^.*?([^/+]+)\+([^/]+)/repo/?$", r"\1/\2", os.path.abspath(git_dir))
    with tempfile.TemporaryDirectory() as root:
        source, mo = os.path.join(root, "lo.po"), os.path.join(root, "lo.mo")
        open(source, "wb").write(po)
        subprocess.run(["msgfmt", "-o", mo, source], check=True)  # fuzzy entries are left out
        for text in read_mo(mo):
            if is_row(text) and text not in rows:
                rows[text] = (f"git:{name} {commit[:12]} po/lo.po", GNOME_LICENCE)
    return rows


def by_hash(texts):
    return sorted(texts, key=lambda t: hashlib.sha1(t.encode()).hexdigest())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=0, help="at most this many rows (0: all)")
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "rowheight-lao"))
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "../../Tests/TextMeasureTests/Fixtures/corpus/lo.jsonl"))
    parser.add_argument("--po", nargs="*", default=[], help="git directories whose HEAD has po/lo.po")
    args = parser.parse_args()
    groups = [debian_rows(args.cache), pypi_rows(args.cache)] + [po_rows(d) for d in args.po]
    chosen, seen = [], set()
    for group in groups:
        for text in by_hash(t for t in group if t not in seen):
            if args.rows == 0 or len(chosen) < args.rows:
                chosen.append((text, *group[text]))
            seen.add(text)
    with open(args.out, "w", encoding="utf-8") as f:
        for text, source, licence in chosen:
            f.write(json.dumps({"text": text, "source": source, "licence": licence}, ensure_ascii=False) + "\n")
    counts = {}
    for _, source, _ in chosen:
        key = source.split(" ")[0]
        counts[key] = counts.get(key, 0) + 1
    print(f"lo: {len(chosen)} rows of {len(seen)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
