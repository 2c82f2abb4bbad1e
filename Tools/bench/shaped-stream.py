#!/usr/bin/env python3
"""Writes 10,000,000 JSON Lines rows of real shaped-script sentences (the ar/hi/he/th/ko/fa/ta/bn
corpora of Tests/TextMeasureTests/Fixtures/corpus), one word per row replaced by a random number so
that the word cache keeps meeting new pieces: the input of the flat-memory check of shaped rows
(README, Command line). Run from the repository root:
    python3 Tools/bench/shaped-stream.py | rowheight measure -i - --profile pango --font ... --stats
"""
import json, random, sys
rows=[]
for c in ["ar","hi","he","th","ko","fa","ta","bn"]:
    for line in open(f"Tests/TextMeasureTests/Fixtures/corpus/{c}.jsonl"):
        rows.append(json.loads(line)["text"])
r=random.Random(7)
out=sys.stdout
buf=[]
for i in range(10_000_000):
    t=r.choice(rows)
    # mutate: a number and a word swap so the word cache keeps meeting new pieces
    words=t.split(" ")
    if len(words)>2: words[r.randrange(len(words))]=str(r.randrange(10**6))
    buf.append(json.dumps({"text":" ".join(words)},ensure_ascii=False))
    if len(buf)==10000: out.write("\n".join(buf)+"\n"); buf=[]
out.write("\n".join(buf)+("\n" if buf else ""))
