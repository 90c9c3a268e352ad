#!/usr/bin/env python3
# An independent Cave checker: counts solutions by its own search and checks a drawing.
"""Usage:
  check_cave.py INSTANCE.pz [--limit N]        count the solutions (up to N, default 2)
  pzc solve cave.pz INSTANCE.pz | check_cave.py INSTANCE.pz --check
                                               check the drawing on stdin against the rules

Reads the `clues = grid { ... }` block of an instance file (one character per square, or
whitespace-separated tokens; '.', '_' or '-' is no number). Rules: the unshaded squares
are orthogonally connected; every shaded square reaches the grid's edge through shaded
squares; a number is unshaded and counts the unshaded squares it sees in the four
directions, itself included, up to a shaded square or the edge.
Uses no pzc code and no third-party package.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from shading_cli import number_grid, run  # noqa: E402

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def reach(starts, allowed):
    """The squares of `allowed` reachable from `starts` through `allowed`."""
    seen, stack = set(starts), list(starts)
    while stack:
        r, c = stack.pop()
        for dr, dc in DIRS:
            n = (r + dr, c + dc)
            if n in allowed and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def sees(val, h, w, r, c):
    """(least, most) squares that (r, c) can see; val: square -> True shaded / False / absent."""
    lo = hi = 1
    for dr, dc in DIRS:
        i, j, sure = r + dr, c + dc, True
        while 0 <= i < h and 0 <= j < w and val.get((i, j)) is not True:
            hi += 1
            sure = sure and (i, j) in val
            lo += sure
            i, j = i + dr, j + dc
    return lo, hi


def possible(val, h, w, clues):
    """Whether a partial shading can still be completed (necessary conditions only)."""
    squares = {(r, c) for r in range(h) for c in range(w)}
    for (r, c), k in clues.items():
        lo, hi = sees(val, h, w, r, c)
        if not lo <= k <= hi:
            return False
    # the cave: the unshaded squares joinable through undecided ones
    white = [s for s, v in val.items() if not v]
    if white and not set(white) <= reach(white[:1], {s for s in squares if val.get(s) is not True}):
        return False
    # the shaded squares: each joinable to the edge through shaded or undecided ones
    edge = [s for s in squares if val.get(s) is not False and (s[0] in (0, h - 1) or s[1] in (0, w - 1))]
    black = {s for s, v in val.items() if v}
    return black <= reach(edge, {s for s in squares if val.get(s) is not False})


def count_solutions(clues_grid, limit):
    h, w = len(clues_grid), len(clues_grid[0])
    clues = {(r, c): k for r in range(h) for c in range(w) if (k := clues_grid[r][c]) is not None}
    order = [(r, c) for r in range(h) for c in range(w)]
    val = {s: False for s in clues}
    found, first = 0, None

    def search(k):
        nonlocal found, first
        if found >= limit:
            return
        while k < len(order) and order[k] in val:
            k += 1
        if k == len(order):
            if check(clues_grid, ["".join("#" if val[(r, c)] else "." for c in range(w)) for r in range(h)]) is None:
                found += 1
                first = first or dict(val)
            return
        for v in (False, True):
            val[order[k]] = v
            if possible(val, h, w, clues):
                search(k + 1)
            del val[order[k]]

    if possible(val, h, w, clues):
        search(0)
    return found, first


def check(clues_grid, rows):
    """None if the drawing (rows of '#' and '.') obeys the rules, else the reason."""
    h, w = len(clues_grid), len(clues_grid[0])
    if len(rows) != h or any(len(r) != w for r in rows):
        return f"the drawing is not {h} rows of {w} squares"
    val = {(r, c): rows[r][c] == "#" for r in range(h) for c in range(w)}
    for r in range(h):
        for c in range(w):
            k = clues_grid[r][c]
            if k is None:
                continue
            if val[(r, c)]:
                return f"the number at r{r + 1}c{c + 1} is shaded"
            n = sees(val, h, w, r, c)[0]
            if n != k:
                return f"r{r + 1}c{c + 1} sees {n} squares, not {k}"
    white = [s for s, v in val.items() if not v]
    if white and len(reach(white[:1], set(white))) != len(white):
        return "the cave (the unshaded squares) is not connected"
    black = {s for s, v in val.items() if v}
    edge = [s for s in black if s[0] in (0, h - 1) or s[1] in (0, w - 1)]
    if len(reach(edge, black)) != len(black):
        return "a shaded group does not reach the edge"
    return None


def main(argv):
    return run(argv, __doc__, lambda path: number_grid(path, "clues"), count_solutions, check,
               lambda g, first: ["".join("#" if first[(r, c)] else "." for c in range(len(g[0]))) for r in range(len(g))],
               lambda g: f"{len(g)}x{len(g[0])}")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
