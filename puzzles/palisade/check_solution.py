#!/usr/bin/env python3
"""Checks a Palisade solution independently of pzc's spec.
Usage: pzc solve puzzles/palisade/palisade.pz INSTANCE | check_solution.py INSTANCE.pz

Reads the instance's k and clue grid and the solved picture (one letter per square, a
letter per region), then checks: every region (orthogonally connected squares of one
letter) has exactly k squares, and each number counts the region borders around its
square, the grid's edge included."""
import re
import sys


def read_instance(path):
    text = open(path).read()
    k = int(re.search(r"^\s*k = (\d+)", text, re.M).group(1))
    body = re.search(r"clues = grid \{\n(.*?)\n\s*\}", text, re.S).group(1)
    rows = [[None if ch == "." else int(ch) for ch in line.strip()] for line in body.splitlines()]
    return k, rows


def check(k, clues, grid):
    R, C = len(clues), len(clues[0])
    if len(grid) != R or any(len(row) != C for row in grid):
        return "the solved grid is not %dx%d" % (R, C)
    seen, regions = set(), 0
    for r in range(R):
        for c in range(C):
            if (r, c) in seen:
                continue
            regions += 1
            stack, n = [(r, c)], 0
            seen.add((r, c))
            while stack:
                a, b = stack.pop()
                n += 1
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < R and 0 <= y < C and (x, y) not in seen and grid[x][y] == grid[r][c]:
                        seen.add((x, y))
                        stack.append((x, y))
            if n != k:
                return "the region at r%dc%d has %d squares, not %d" % (r + 1, c + 1, n, k)
    if regions != R * C // k:
        return "%d regions" % regions
    for r in range(R):
        for c in range(C):
            if clues[r][c] is None:
                continue
            borders = sum(1 for x, y in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                          if not (0 <= x < R and 0 <= y < C) or grid[x][y] != grid[r][c])
            if borders != clues[r][c]:
                return "r%dc%d: %d borders, the number is %d" % (r + 1, c + 1, borders, clues[r][c])
    return None


def main():
    k, clues = read_instance(sys.argv[1])
    lines = [l.strip() for l in sys.stdin.read().splitlines() if l.strip()]
    if not lines or "solution" not in lines[0]:
        print("no solution in the input")
        return 1
    grid = [list(l) for l in lines[1:] if re.fullmatch(r"[A-Za-z]+", l)]
    err = check(k, clues, grid)
    print(err or "ok: a division into regions of %d with every number right" % k)
    return 1 if err else 0


if __name__ == "__main__":
    sys.exit(main())
