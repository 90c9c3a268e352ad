#!/usr/bin/env python3
"""Makes the bundled test dictionaries from Debian's wamerican word list.

Words of 2-14 letters a-z only (no capitals in the source, so no proper names, no
apostrophes), upper-cased and de-duplicated. A fixed-seed draw picks 3000 of them with a
length profile like a crossword dictionary's (mostly 3-8 letters); the 200, 500, 1000 and
1800-word dictionaries are prefixes of the same draw, so each contains the smaller ones.
Run: python3 make_dictionaries.py [/usr/share/dict/american-english]
"""
import random
import re
import sys

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dict/american-english"
words = sorted({w.strip().upper() for w in open(source, encoding="utf-8", errors="ignore")
                if re.fullmatch(r"[a-z]{2,14}", w.strip())})
by_length = {}
for w in words:
    by_length.setdefault(len(w), []).append(w)
# share of the dictionary per word length (2..14)
profile = {2: 2, 3: 10, 4: 17, 5: 19, 6: 17, 7: 14, 8: 9, 9: 5, 10: 3, 11: 2, 12: 1, 13: 0.5, 14: 0.5}
rng = random.Random(20261202)
for length in by_length:
    rng.shuffle(by_length[length])
total = 3000
order = []
taken = {n: 0 for n in profile}
# interleave lengths so every prefix keeps roughly the same profile
while len(order) < total:
    n = min(profile, key=lambda k: (taken[k] + 1) / profile[k])
    if taken[n] < len(by_length.get(n, [])):
        order.append(by_length[n][taken[n]])
    taken[n] += 1
for size in (200, 500, 1000, 1800, 3000):
    with open(f"words_{size}.txt", "w") as out:
        out.write("\n".join(sorted(order[:size])) + "\n")
print(f"{len(words)} candidate words; wrote words_200..3000.txt")
