#!/usr/bin/env python3
"""Independent Galaxies checker (no pzc): parses `dots = grid {...}` from an instance file,
counts solutions by backtracking (up to --limit), and checks a solution read from a file of
letter rows (pzc solve's picture) if given.
Usage: check_galaxies.py INSTANCE.pz [SOLUTION.txt] [--limit N]"""
import re
import sys
from collections import deque

LABELS = [chr(c) for c in range(ord('A'), ord('Z') + 1)] + [chr(c) for c in range(ord('a'), ord('z') + 1)] + list("0123456789")


def read_dots(path):
    text = open(path).read()
    m = re.search(r"dots\s*=\s*grid\s*\{[^\n]*\n(.*?)\n\s*\}", text, re.S)
    rows = [l.strip() for l in m.group(1).split("\n") if l.strip()]
    return rows


def setup(rows):
    H, W = len(rows), len(rows[0])
    h, w = (H + 1) // 2, (W + 1) // 2
    dots = [(a + 1, b + 1) for a in range(H) for b in range(W) if rows[a][b] != '.']
    return h, w, dots


def opp(d, r, c):
    a, b = d
    return a - r + 1, b - c + 1


def valid(h, w, dots, own):
    """own[r][c] = dot index (0-based); all the rules."""
    n = len(dots)
    for k, (a, b) in enumerate(dots):
        for r in range(1, h + 1):
            for c in range(1, w + 1):
                if abs(2 * r - 1 - a) <= 1 and abs(2 * c - 1 - b) <= 1 and own[r - 1][c - 1] != k:
                    return f"dot {k} does not own the square r{r}c{c} it touches"
    for r in range(1, h + 1):
        for c in range(1, w + 1):
            k = own[r - 1][c - 1]
            orr, oc = opp(dots[k], r, c)
            if not (1 <= orr <= h and 1 <= oc <= w) or own[orr - 1][oc - 1] != k:
                return f"r{r}c{c} in region {k} has no symmetric partner"
    for k in range(n):
        cells = [(r, c) for r in range(h) for c in range(w) if own[r][c] == k]
        if not cells:
            return f"region {k} empty"
        seen = {cells[0]}
        q = deque([cells[0]])
        while q:
            r, c = q.popleft()
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x = (r + dr, c + dc)
                if 0 <= x[0] < h and 0 <= x[1] < w and own[x[0]][x[1]] == k and x not in seen:
                    seen.add(x)
                    q.append(x)
        if len(seen) != len(cells):
            return f"region {k} not connected"
    return None


def solve(h, w, dots, limit):
    n = len(dots)
    own = [[None] * w for _ in range(h)]
    sols = []

    def assign(r, c, k, changed):
        orr, oc = opp(dots[k], r + 1, c + 1)
        if not (1 <= orr <= h and 1 <= oc <= w):
            return False
        for (x, y) in ((r, c), (orr - 1, oc - 1)):
            if own[x][y] is None:
                own[x][y] = k
                changed.append((x, y))
            elif own[x][y] != k:
                return False
        return True

    def cands(r, c):
        out = []
        for k in range(n):
            orr, oc = opp(dots[k], r + 1, c + 1)
            if 1 <= orr <= h and 1 <= oc <= w and own[orr - 1][oc - 1] in (None, k):
                out.append(k)
        return out

    def conn_ok():
        for k in range(n):
            mine = [(r, c) for r in range(h) for c in range(w) if own[r][c] == k]
            if not mine:
                continue
            seen = {mine[0]}
            q = deque([mine[0]])
            while q:
                r, c = q.popleft()
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    x, y = r + dr, c + dc
                    if 0 <= x < h and 0 <= y < w and (x, y) not in seen and (own[x][y] == k or (own[x][y] is None and k in cands(x, y))):
                        seen.add((x, y))
                        q.append((x, y))
            if any(m not in seen for m in mine):
                return False
        return True

    changed = []
    for k, (a, b) in enumerate(dots):
        for r in range(h):
            for c in range(w):
                if abs(2 * r + 1 - a) <= 1 and abs(2 * c + 1 - b) <= 1:
                    if not assign(r, c, k, changed):
                        return []

    def rec():
        if len(sols) >= limit:
            return
        if not conn_ok():
            return
        best = None
        for r in range(h):
            for c in range(w):
                if own[r][c] is None:
                    cs = cands(r, c)
                    if not cs:
                        return
                    if best is None or len(cs) < len(best[2]):
                        best = (r, c, cs)
        if best is None:
            if valid(h, w, dots, own) is None:
                sols.append([row[:] for row in own])
            return
        r, c, cs = best
        for k in cs:
            ch = []
            if assign(r, c, k, ch):
                rec()
            for (x, y) in ch:
                own[x][y] = None

    rec()
    return sols


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    limit = 10
    if "--limit" in sys.argv:
        limit = int(sys.argv[sys.argv.index("--limit") + 1])
        args.remove(str(limit))
    h, w, dots = setup(read_dots(args[0]))
    if len(args) > 1:
        lines = [l.strip() for l in open(args[1]) if l.strip() and re.fullmatch(r"[A-Za-z0-9 ]+", l.strip())]
        lines = [l.replace(" ", "") for l in lines][-h:]
        own = [[LABELS.index(ch) for ch in l] for l in lines]
        err = valid(h, w, dots, own)
        print("solution check:", "OK" if err is None else "WRONG: " + err)
    sols = solve(h, w, dots, limit)
    print(f"{h}x{w}, {len(dots)} dots: {len(sols)} solution(s){' (limit reached)' if len(sols) >= limit else ''}")
    for s in sols[:2]:
        print("\n".join("".join(LABELS[k] for k in row) for row in s))
        print()


if __name__ == "__main__":
    main()
