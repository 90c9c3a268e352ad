#!/usr/bin/env python3
"""Independent checker for Tapa instances (puzzles/tapa/tapa.pz); plain Python 3, no pzc.

  check_tapa.py INSTANCE.pz [--limit N]       count solutions (up to N, default 2)
  check_tapa.py INSTANCE.pz --solution FILE   check a picture as `pzc solve` prints it
                                              ('#' shaded, '.' not; '-' reads stdin)

A clue is an Int whose decimal digits are the run lengths (13 = runs 1 and 3, 0 = none).
Rules: the shaded squares are one orthogonally connected group, no 2x2 block is all
shaded, clue squares are unshaded, and around each clue the runs of shaded squares among
its eight neighbours, read in a circle (off-grid squares unshaded), are the clue's digits
(as a multiset).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from shading_cli import number_grid  # noqa: E402

# the eight neighbours in circular order, clockwise from the top left
RING = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]


def parse_instance(path):
    return number_grid(path, "clues")


def cyclic_runs(bits):
    """Sorted lengths of the runs of 1s in a circular list of 8 bits."""
    if all(bits):
        return [8]
    k = bits.index(0)
    rot = bits[k + 1:] + bits[:k + 1]          # starts after an unshaded square
    runs, n = [], 0
    for b in rot + [0]:
        if b:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    return sorted(runs)


def clue_runs(c):
    return [] if c == 0 else sorted(int(d) for d in str(c))


class Tapa:
    def __init__(self, clues):
        self.clues, self.h, self.w = clues, len(clues), len(clues[0])
        self.options = {}   # clue square -> (ring squares (or None off grid), allowed patterns)
        for r in range(self.h):
            for c in range(self.w):
                if clues[r][c] is None:
                    continue
                ring = [(r + dr, c + dc) if 0 <= r + dr < self.h and 0 <= c + dc < self.w else None
                        for dr, dc in RING]
                want = clue_runs(clues[r][c])
                pats = [bits for m in range(256)
                        for bits in [[(m >> i) & 1 for i in range(8)]]
                        if all(ring[i] or not bits[i] for i in range(8)) and cyclic_runs(bits) == want]
                self.options[(r, c)] = (ring, pats)
        self.watch = {}     # square -> the clues whose ring holds it
        for q, (ring, _) in self.options.items():
            for s in ring:
                if s:
                    self.watch.setdefault(s, []).append(q)

    def clue_ok(self, q, g):
        ring, pats = self.options[q]
        return any(all(s is None or g[s[0]][s[1]] is None or g[s[0]][s[1]] == p[i]
                       for i, s in enumerate(ring)) for p in pats)

    def components(self, g, rows):
        seen, comps = set(), []
        for r in range(rows):
            for c in range(self.w):
                if g[r][c] == 1 and (r, c) not in seen:
                    stack, comp = [(r, c)], []
                    seen.add((r, c))
                    while stack:
                        a, b = stack.pop()
                        comp.append((a, b))
                        for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                            if 0 <= x < rows and 0 <= y < self.w and g[x][y] == 1 and (x, y) not in seen:
                                seen.add((x, y))
                                stack.append((x, y))
                    comps.append(comp)
        return comps

    def valid_partial(self, g, r, c):
        """Checks after square (r, c) was set: its clues, 2x2 blocks, closed-off groups."""
        if g[r][c] == 1 and self.clues[r][c] is not None:
            return False
        if g[r][c] == 1 and r > 0 and c > 0 and g[r - 1][c - 1] == g[r - 1][c] == g[r][c - 1] == 1:
            return False
        if any(not self.clue_ok(q, g) for q in self.watch.get((r, c), [])):
            return False
        if c == self.w - 1:   # a finished row: a group that cannot grow must be the only one
            comps = self.components(g, r + 1)
            open_ = [k for k in comps if any(a == r for a, _ in k)]
            if len(comps) > 1 and len(open_) < len(comps):
                return False
        return True

    def count(self, limit):
        g = [[None] * self.w for _ in range(self.h)]
        found = []

        def go(k):
            if len(found) >= limit:
                return
            if k == self.h * self.w:
                if len(self.components(g, self.h)) <= 1:
                    found.append([row[:] for row in g])
                return
            r, c = divmod(k, self.w)
            for v in (0, 1):
                g[r][c] = v
                if self.valid_partial(g, r, c):
                    go(k + 1)
            g[r][c] = None

        go(0)
        return found

    def check(self, g):
        for r in range(self.h):
            for c in range(self.w):
                if not self.valid_partial(g, r, c):
                    return False
        return len(self.components(g, self.h)) <= 1


def read_picture(path, h, w):
    lines = (sys.stdin if path == "-" else open(path)).read().splitlines()
    rows = [l.strip() for l in lines if l.strip() and set(l.strip()) <= set("#.")]
    if len(rows) != h or any(len(l) != w for l in rows):
        sys.exit(f"the picture is not {h} rows of {w} squares")
    return [[1 if ch == "#" else 0 for ch in l] for l in rows]


def main():
    args = sys.argv[1:]
    limit, sol = 2, None
    if "--limit" in args:
        i = args.index("--limit"); limit = int(args[i + 1]); del args[i:i + 2]
    if "--solution" in args:
        i = args.index("--solution"); sol = args[i + 1]; del args[i:i + 2]
    t = Tapa(parse_instance(args[0]))
    if sol is not None:
        ok = t.check(read_picture(sol, t.h, t.w))
        print("solution OK" if ok else "solution WRONG")
        sys.exit(0 if ok else 1)
    found = t.count(limit)
    n = len(found)
    print(f"{args[0]}: {n}{'+' if n >= limit else ''} solution(s) (limit {limit})")
    if n == 1:
        print("\n".join("".join("#" if v else "." for v in row) for row in found[0]))


if __name__ == "__main__":
    main()
