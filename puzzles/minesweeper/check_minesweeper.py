#!/usr/bin/env python3
# An independent Minesweeper checker: counts solutions by its own search and checks a drawing.
"""Usage:
  check_minesweeper.py INSTANCE.pz [--limit N]   count the solutions (up to N, default 2)
  pzc solve minesweeper.pz INSTANCE.pz | check_minesweeper.py INSTANCE.pz --check
                                                 check the drawing on stdin against the rules

Reads the `numbers = grid { ... }` block of an instance file (one character per square, or
whitespace-separated tokens; '.', '_' or '-' is no number) and, if present, `mines = N`
(the total number of mines; `mines = null` or no line: not given).
Rules: a numbered square is not a mine; its number counts the mines among its up to eight
neighbours; with a total, the grid holds exactly that many mines. The drawing is '*' for a
mine and '.' for a safe square. Uses no pzc code and no third-party package.
"""
import re
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from shading_cli import number_grid, run  # noqa: E402
from math import comb


def read_instance(path):
    """(numbers as a list of rows with None where there is no number, total or None)."""
    rows = number_grid(path, "numbers")
    t = re.search(r"^\s*mines\s*=\s*(\d+|null)\s*$", open(path).read(), re.M)
    total = int(t.group(1)) if t and t.group(1) != "null" else None
    return rows, total


def around(r, c, h, w):
    """The up to eight neighbours of square (r, c), 0-based."""
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w]


def count_solutions(numbers, total, limit):
    """Solutions, capped at `limit`, and the first one found (a set of mine squares).

    The squares next to no number are free: only the total constrains them, so they are
    counted by a binomial (or 2^F without a total) instead of being searched."""
    h, w = len(numbers), len(numbers[0])
    clues = {(r, c): numbers[r][c] for r in range(h) for c in range(w) if numbers[r][c] is not None}
    near = {}  # square -> the numbered squares it neighbours
    for p in clues:
        for q in around(*p, h, w):
            near.setdefault(q, []).append(p)
    order = [(r, c) for r in range(h) for c in range(w) if (r, c) not in clues and (r, c) in near]
    free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in clues and (r, c) not in near]
    placed = {p: 0 for p in clues}                               # mines next to each number so far
    open_ = {p: len(around(*p, h, w)) for p in clues}            # undecided neighbours of each number
    for p in clues:                                              # numbered squares are safe
        open_[p] -= sum(1 for q in around(*p, h, w) if q in clues)
    if any(placed[p] > k or placed[p] + open_[p] < k for p, k in clues.items()):
        return 0, None
    mines = []
    found, first = 0, None

    def ways_for_free():
        if total is None:
            return 2 ** len(free)
        rest = total - len(mines)
        return comb(len(free), rest) if 0 <= rest <= len(free) else 0

    def search(i):
        nonlocal found, first
        if found >= limit:
            return
        if total is not None and not (len(mines) <= total <= len(mines) + len(order) - i + len(free)):
            return
        if i == len(order):
            n = ways_for_free()
            if n and first is None:
                first = set(mines) | set(free[:total - len(mines)] if total is not None else [])
            found += n
            return
        sq = order[i]
        for is_mine in (False, True):
            ok = True
            for p in near[sq]:
                open_[p] -= 1
                placed[p] += is_mine
                if placed[p] > clues[p] or placed[p] + open_[p] < clues[p]:
                    ok = False
            if is_mine:
                mines.append(sq)
            if ok:
                search(i + 1)
            if is_mine:
                mines.pop()
            for p in near[sq]:
                open_[p] += 1
                placed[p] -= is_mine

    search(0)
    return min(found, limit), first


def check(numbers, total, rows):
    h, w = len(numbers), len(numbers[0])
    if len(rows) != h or any(len(r) != w for r in rows):
        return f"the drawing is not {h} rows of {w} squares"
    mine = {(r, c) for r in range(h) for c in range(w) if rows[r][c] == "*"}
    for r in range(h):
        for c in range(w):
            k = numbers[r][c]
            if k is None:
                continue
            if (r, c) in mine:
                return f"r{r + 1}c{c + 1} shows {k} but holds a mine"
            n = sum(1 for q in around(r, c, h, w) if q in mine)
            if n != k:
                return f"r{r + 1}c{c + 1} has {n} mines around it, not {k}"
    if total is not None and len(mine) != total:
        return f"the grid holds {len(mine)} mines, not {total}"
    return None


def main(argv):
    return run(argv, __doc__, read_instance, lambda p, limit: count_solutions(p[0], p[1], limit),
               lambda p, rows: check(p[0], p[1], rows),
               lambda p, first: ["".join("*" if (r, c) in first else "." for c in range(len(p[0][0]))) for r in range(len(p[0]))],
               lambda p: f"{len(p[0])}x{len(p[0][0])}", marks="*.")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
