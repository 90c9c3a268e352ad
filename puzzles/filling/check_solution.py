#!/usr/bin/env python3
"""Checks a Filling (Fillomino) solution independently of pzc's spec.
Usage: pzc solve puzzles/filling/filling.pz INSTANCE | check_solution.py INSTANCE.pz

Reads the instance's clue grid and the solved grid (the rows after the first line of
`pzc solve`), then checks: the sizes match, every given number is kept, and every region
of orthogonally connected equal numbers has exactly that many squares."""
import re
import sys


def read_clues(path):
    text = open(path).read()
    body = re.search(r"clues = grid \{\n(.*?)\n\s*\}", text, re.S).group(1)
    rows = []
    for line in body.splitlines():
        line = line.strip()
        toks = line.split() if " " in line else list(line)
        rows.append([None if t == "." else int(t) for t in toks])
    return rows


def check(clues, grid):
    R, C = len(clues), len(clues[0])
    if len(grid) != R or any(len(row) != C for row in grid):
        return "the solved grid is not %dx%d" % (R, C)
    for r in range(R):
        for c in range(C):
            if clues[r][c] is not None and clues[r][c] != grid[r][c]:
                return "r%dc%d: given %d, solved %d" % (r + 1, c + 1, clues[r][c], grid[r][c])
    seen = set()
    for r in range(R):
        for c in range(C):
            if (r, c) in seen:
                continue
            v, stack, region = grid[r][c], [(r, c)], [(r, c)]
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < R and 0 <= y < C and (x, y) not in seen and grid[x][y] == v:
                        seen.add((x, y))
                        stack.append((x, y))
                        region.append((x, y))
            if len(region) != v:
                return "the region of %d at r%dc%d has %d squares" % (v, r + 1, c + 1, len(region))
    return None


def main():
    clues = read_clues(sys.argv[1])
    lines = [l for l in sys.stdin.read().splitlines() if l.strip()]
    if not lines or "solution" not in lines[0]:
        print("no solution in the input")
        return 1
    grid = []
    for l in lines[1:]:
        if not re.fullmatch(r"[0-9 ]+", l):
            break
        grid.append([int(t) for t in (l.split() if " " in l.strip() else list(l.strip()))])
    err = check(clues, grid)
    print(err or "ok: a Fillomino solution with every given number")
    return 1 if err else 0


if __name__ == "__main__":
    sys.exit(main())
