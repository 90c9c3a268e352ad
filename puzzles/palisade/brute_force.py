#!/usr/bin/env python3
"""Soundness check of palisade.pz against a brute force: every division of a small board
into connected regions of k squares is enumerated in Python, and `pzc count` (native
engine and Z3) must find as many solutions as the brute force for the empty board and for
random clue subsets of random divisions. Usage (from the repository root):
puzzles/palisade/brute_force.py [SEED] (PZC in the environment names the binary; default
build/pzc)."""
import os
import random
import subprocess
import sys

def divisions(R, C, k):
    N = R * C
    out = []
    lab = [-1] * N
    def nb(i):
        r, c = divmod(i, C)
        if r > 0: yield i - C
        if r < R - 1: yield i + C
        if c > 0: yield i - 1
        if c < C - 1: yield i + 1
    def polys(start):
        # all connected sets of size k of free cells containing start, as frozensets
        res = set()
        def grow(s, frontier):
            if len(s) == k:
                res.add(frozenset(s)); return
            for x in list(frontier):
                ns = s | {x}
                nf = (frontier | {y for y in nb(x) if lab[y] == -1 and y not in ns}) - {x}
                key = frozenset(ns)
                grow(ns, nf)
        grow({start}, {y for y in nb(start) if lab[y] == -1})
        return res
    def rec(nreg):
        try:
            i = lab.index(-1)
        except ValueError:
            out.append(lab[:]); return
        for s in polys(i):
            for x in s: lab[x] = nreg
            rec(nreg + 1)
            for x in s: lab[x] = -1
    rec(0)
    return out

def borders(lab, R, C):
    res = []
    for i in range(R * C):
        r, c = divmod(i, C); n = 0
        for dr, dc in ((1,0),(-1,0),(0,1),(0,-1)):
            x, y = r + dr, c + dc
            if not (0 <= x < R and 0 <= y < C) or lab[x*C+y] != lab[i]: n += 1
        res.append(n)
    return res

PZC = os.environ.get('PZC', 'build/pzc')
def pzc_count(R, C, k, clues, engine):
    g = "/".join("".join("." if clues[r*C+c] is None else str(clues[r*C+c]) for c in range(C)) for r in range(R))
    out = subprocess.run([PZC, 'count', 'puzzles/palisade/palisade.pz', '--given', f'clues="{g}"', '--given', f'k={k}', '--engine', engine],
                         capture_output=True, text=True, timeout=120).stdout
    if 'no solution' in out: return 0
    return int(out.split(':')[1].split()[0])
rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
tests = 0
for (R, C, k) in [(2, 2, 2), (2, 3, 3), (3, 3, 3), (2, 4, 4), (3, 4, 4), (4, 4, 4), (3, 4, 3), (2, 6, 3), (4, 4, 2)]:
    divs = divisions(R, C, k)
    bs = [borders(d, R, C) for d in divs]
    for trial in range(4):
        if trial == 0:
            clues = [None] * (R * C)
        else:
            sol = rnd.choice(bs)
            clues = [b if rnd.random() < 0.4 else None for b in sol]
        want = len({tuple(d) for d, b in zip(divs, bs) if all(x is None or x == y for x, y in zip(clues, b))})
        got = [pzc_count(R, C, k, clues, e) for e in ('native', 'z3')]
        tests += 1
        print(R, C, k, want, got, 'OK' if got == [want, want] else 'MISMATCH', flush=True)
print(tests, 'tests')
